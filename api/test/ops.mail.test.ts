import { ErrorCode, UserRole } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone } from './helpers';
import { openSocket, person, pushArrives, startCommunityApi, type Person } from './support/community';
import type { TestApi } from './helpers';

interface Notice {
  kind: string;
  title: string;
  text: string;
  link: string;
  read: boolean;
}

describe('ops mail and pushes', () => {
  let api: TestApi;
  let admin: CookieClient;
  let reviewer: CookieClient;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    api = await startCommunityApi();
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    reviewer = await signInByPhone(api.baseUrl, '+12025550621');
    await User.updateOne({ phone: '+12025550621' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    ann = await person(api);
    bob = await person(api);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const mail = (to: string, users: string[], extra: Record<string, unknown> = {}) => ({ to, users, title: 'Maintenance', text: 'We are down at 02:00.', ...extra });

  it.each([
    ['/api/ops/mail/send', mail('all', [])],
    ['/api/ops/push/send', { ...mail('all', []), push_type: 'Others' }],
  ])('%s refuses the signed out (1007), players (1008) and operators without content_operator (1008)', async (path, body) => {
    expect((await new CookieClient(api.baseUrl).post(path, body)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await ann.client.post(path, body)).body.status_code).toBe(ErrorCode.NoAccess);
    const res = await reviewer.post(path, body);
    expect(res.body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'content_operator' } });
  });

  it.each([
    ['no title', mail('user', ['x'], { title: '' })],
    ['a title too long', mail('user', ['x'], { title: 'x'.repeat(61) })],
    ['no text', mail('user', ['x'], { text: '  ' })],
    ['a text too long', mail('user', ['x'], { text: 'x'.repeat(1001) })],
    ['two accounts for one', mail('user', ['x', 'y'])],
    ['an empty list', mail('list', [])],
    ['too many accounts', mail('list', Array.from({ length: 1001 }, (_, i) => `u${i}`))],
    ['an unknown recipient kind', mail('some', ['x'])],
    ['a link that is not a path', mail('user', ['x'], { link: 'javascript:alert(1)' })],
    ['a link to another site', mail('user', ['x'], { link: '//evil.example' })],
    ['an operator in users', mail('list', [{ $ne: null } as unknown as string])],
  ])('mail/send refuses %s with 1009 (never a 500)', async (_what, body) => {
    const res = await admin.post('/api/ops/mail/send', body);
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('push/send refuses a push type outside the spec and a long text', async () => {
    for (const body of [
      { ...mail('all', []), push_type: 'Nope' },
      { ...mail('all', []), push_type: 'Others', text: 'x'.repeat(201) },
      mail('all', []),
    ]) {
      const res = await admin.post('/api/ops/push/send', body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
  });

  it('mails one account: its inbox has it and its socket hears the unread count at once; audited', async () => {
    const { socket, pushes } = await openSocket(api, ann.client);
    try {
      const res = await admin.post<{ mail_id: string; sent: number; unknown: string[] }>('/api/ops/mail/send', mail('user', [ann.uid], { link: '/play' }));
      expect(res.body.status_code).toBe(0);
      expect(res.body.data).toMatchObject({ sent: 1, unknown: [] });
      const push = await pushArrives(pushes, (p) => p.push_type === 'InnerPush' && p.kind === 'Mail');
      expect(push.unread).toBe(1);
      const inbox = await ann.client.call<{ list: Notice[]; unread: number }>('/api/notice_box/list');
      expect(inbox.body.data!.unread).toBe(1);
      expect(inbox.body.data!.list[0]).toMatchObject({ kind: 'Mail', title: 'Maintenance', text: 'We are down at 02:00.', link: '/play', read: false });
      expect((await ann.client.post('/api/notice_box/read', {})).body.data).toEqual({ unread: 0 });
      // Bob got nothing.
      expect((await bob.client.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread).toBe(0);
      const audit = await admin.call<{ list: Array<{ action: string; target_id: string; after: { sent: number } }> }>('/api/ops/audit/list?action=mail.send');
      expect(audit.body.data!.list[0]).toMatchObject({ action: 'mail.send', target_id: res.body.data!.mail_id, after: { sent: 1 } });
    } finally {
      socket.disconnect();
    }
  });

  it('mails a list by uid or User ID, naming the accounts it does not know', async () => {
    await User.updateOne({ uid: bob.uid }, { $set: { username: 'BobTheReader', username_key: 'bobthereader' } });
    const res = await admin.post<{ sent: number; unknown: string[] }>('/api/ops/mail/send', mail('list', [ann.uid, 'bobTHEreader', 'nobody_here']));
    expect(res.body.data).toMatchObject({ sent: 2, unknown: ['nobody_here'] });
    expect((await bob.client.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread).toBe(1);
  });

  it('mails everyone in batches: every account gets its own line, and signed-in sockets are told to re-read', async () => {
    const accounts = await User.countDocuments({ identity: 'User' });
    const { socket, pushes } = await openSocket(api, bob.client);
    try {
      const before = (await bob.client.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread;
      const res = await admin.post<{ sent: number }>('/api/ops/mail/send', mail('all', [], { title: 'To all' }));
      expect(res.body.data!.sent).toBe(accounts);
      await pushArrives(pushes, (p) => p.push_type === 'InnerPush' && p.kind === 'Mail');
      expect((await bob.client.call<{ unread: number }>('/api/notice_box/unread')).body.data!.unread).toBe(before + 1);
      const inbox = await ann.client.call<{ list: Notice[] }>('/api/notice_box/list');
      expect(inbox.body.data!.list[0]).toMatchObject({ kind: 'Mail', title: 'To all' });
    } finally {
      socket.disconnect();
    }
  });

  it('pushes to one account online, or to every signed-in socket; nothing is stored', async () => {
    const a = await openSocket(api, ann.client);
    const b = await openSocket(api, bob.client);
    try {
      const one = await admin.post<{ accounts: number }>('/api/ops/push/send', { ...mail('user', [ann.uid]), push_type: 'InnerPush', title: 'Hello Ann' });
      expect(one.body.data).toMatchObject({ accounts: 1, push_type: 'InnerPush', unknown: [] });
      const got = await pushArrives(a.pushes, (p) => p.title === 'Hello Ann');
      expect(got).toMatchObject({ push_type: 'InnerPush', text: 'We are down at 02:00.', ops_push: true });
      const all = await admin.post<{ accounts: number | null }>('/api/ops/push/send', { ...mail('all', []), push_type: 'Others', title: 'Hello all' });
      expect(all.body.data!.accounts).toBeNull();
      await pushArrives(a.pushes, (p) => p.title === 'Hello all');
      await pushArrives(b.pushes, (p) => p.title === 'Hello all');
      expect(b.pushes.some((p) => p.title === 'Hello Ann')).toBe(false);
      const audit = await admin.call<{ list: Array<{ action: string }> }>('/api/ops/audit/list?action=push.send');
      expect(audit.body.data!.list).toHaveLength(2);
    } finally {
      a.socket.disconnect();
      b.socket.disconnect();
    }
  });
});
