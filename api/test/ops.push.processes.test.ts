import mongoose from 'mongoose';
import { UserRole } from 'shared-kit';
import { DB_NAME } from '../src/db';
import { User } from '../src/modules/users/user.model';
import { startApiCluster, type ApiCluster, type ApiSocket } from './support/processes';

jest.setTimeout(120_000);

/** `API_WORKERS=2`: an operator's push and mail sent through one worker reach sockets held by both. */
describe('ops pushes and mail across api processes', () => {
  let cluster: ApiCluster;
  const sockets: ApiSocket[] = [];
  beforeAll(async () => {
    cluster = await startApiCluster({ workers: 2 });
    const db = cluster.logs.find((l) => l.msg === 'embedded-mongo started') as { port: number } | undefined;
    await mongoose.connect(`mongodb://127.0.0.1:${db!.port}/${DB_NAME}`);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await mongoose.disconnect();
    await cluster?.stop();
  });

  it('reaches every signed-in socket, whichever worker holds it', async () => {
    const op = await cluster.signIn('+12025550631');
    await User.updateOne({ phone: '+12025550631' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['content_operator'] } });
    const ann = await cluster.signIn('+12025550632');
    const bob = await cluster.signIn('+12025550633');
    // Sockets are balanced over the workers: open them until each worker holds one of Ann's or Bob's.
    const byProcess = new Map<string, ApiSocket>();
    for (let i = 0; i < 16 && byProcess.size < 2; i += 1) {
      const s = await cluster.socket(i % 2 === 0 ? ann : bob);
      sockets.push(s);
      if (!byProcess.has(s.process)) byProcess.set(s.process, s);
    }
    expect(byProcess.size).toBe(2);

    const res = await op.post<{ accounts: number | null }>('/api/ops/push/send', { to: 'all', users: [], title: 'Hello everyone', text: 'A new season starts today.', push_type: 'Others' });
    expect(res.body.status_code).toBe(0);
    for (const s of byProcess.values()) {
      await expect(s.waitForPush((p) => p.title === 'Hello everyone')).resolves.toMatchObject({ push_type: 'Others', ops_push: true });
    }

    const mail = await op.post<{ sent: number }>('/api/ops/mail/send', { to: 'all', users: [], title: 'Mail for all', text: 'Read me.' });
    expect(mail.body.data!.sent).toBe(3);
    for (const s of byProcess.values()) {
      await expect(s.waitForPush((p) => p.kind === 'Mail')).resolves.toMatchObject({ push_type: 'InnerPush' });
    }
    expect((await ann.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread).toBe(1);
  });
});
