import mongoose from 'mongoose';
import { BanStatus, ErrorCode } from 'shared-kit';
import { healthResponseSchema } from '../src/modules/health/health.schema';
import { LOGIN_PER_IP_HOUR } from '../src/modules/passport/passport.routes';
import { MAX_FAILURES_PER_PHONE_HOUR } from '../src/modules/passport/sms.service';
import { User } from '../src/modules/users/user.model';
import { postJson, type CookieClient } from './helpers';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';

jest.setTimeout(120_000);

const SMS_IP_SENDS = 8;

/** Two api processes on one database: what one process allows, both together allow, and a session ends in both. */
describe('two api processes on one database', () => {
  let procs: ApiProcesses;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    // The default session cache (5 s) stays on: "at once" below is well within it.
    procs = await startApiProcesses({ count: 2, env: { SMS_IP_SENDS_PER_HOUR: String(SMS_IP_SENDS), TRUST_PROXY: 'true' } });
    [a, b] = procs.processes as [ApiProcess, ApiProcess];
    // This process writes through the models too, as a third api process (an operator's tool) would.
    await mongoose.connect(procs.mongoUri);
  });
  afterAll(async () => {
    await mongoose.disconnect();
    await procs?.stop();
  });

  /** Requests one per item, alternating between A and B, all at once. */
  const split = <T>(items: T[], run: (p: ApiProcess, item: T) => Promise<number>) =>
    Promise.all(items.map((item, i) => run(i % 2 === 0 ? a : b, item)));
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('each answers health with its own process name and the database up', async () => {
    const names = await Promise.all(
      [a, b].map(async (p) => {
        const data = healthResponseSchema.parse((await p.call('/api/health')).body.data);
        expect(data.db).toBe('up');
        expect(data.process).toMatch(new RegExp(`:${p.pid}$`));
        return data.process;
      }),
    );
    expect(new Set(names).size).toBe(2);
  });

  it('a session made on A is valid on B', async () => {
    const alice = await a.signIn('+12025550181');
    const onA = await alice.call('/api/tyler/user/detail');
    const onB = await b.as(alice).call('/api/tyler/user/detail');
    expect(onA.body.status_code).toBe(0);
    expect(onB.body).toEqual(onA.body);
  });

  describe('limits count once over both processes', () => {
    /** A POST from a client address of its own (TRUST_PROXY is on), so each test starts with fresh per-address limits. */
    const from = (ip: string) => (p: ApiProcess, path: string, body: unknown) =>
      p.call(path, postJson(body, { 'x-forwarded-for': ip })).then((r) => r.body.status_code);

    it('code requests per address: exactly SMS_IP_SENDS_PER_HOUR, then 1030003 from either', async () => {
      const post = from('10.0.0.1');
      const phones = Array.from({ length: SMS_IP_SENDS + 6 }, (_, i) => `+1202555${String(1300 + i)}`);
      const codes = await split(phones, (p, phone) => post(p, '/api/passport/sms/send', { phone }));
      expect(count(codes, 0)).toBe(SMS_IP_SENDS);
      expect(count(codes, ErrorCode.RateLimit)).toBe(6);
    });

    it('one code per number per 60 s, asked of both at the same moment', async () => {
      const post = from('10.0.0.2');
      const codes = await split([1, 2, 3, 4], (p) => post(p, '/api/passport/sms/send', { phone: '+12025550191' }));
      expect(count(codes, 0)).toBe(1);
      expect(count(codes, ErrorCode.RateLimit)).toBe(3);
    });

    it('code checks per number: exactly 100 failures an hour, then 1030003 from either', async () => {
      const post = from('10.0.0.3');
      const phone = '+12025550190';
      const tries = Array.from({ length: MAX_FAILURES_PER_PHONE_HOUR + 10 }, () => '000000');
      const codes = await split(tries, (p, code) => post(p, '/api/passport/sms/login', { phone, code }));
      expect(count(codes, ErrorCode.InvalidParam)).toBe(MAX_FAILURES_PER_PHONE_HOUR);
      expect(count(codes, ErrorCode.RateLimit)).toBe(10);
    });

    it('code checks per address: exactly LOGIN_PER_IP_HOUR (300) an hour, then 1030003 from either', async () => {
      const post = from('10.0.0.4');
      // Over many numbers, so that the per-number limit is never the one that answers.
      const tries = Array.from({ length: LOGIN_PER_IP_HOUR + 10 }, (_, i) => `+1202556${String(1000 + i)}`);
      const codes = await split(tries, (p, phone) => post(p, '/api/passport/sms/login', { phone, code: '000000' }));
      expect(count(codes, ErrorCode.RateLimit)).toBe(10);
      expect(count(codes, ErrorCode.InvalidParam)).toBe(LOGIN_PER_IP_HOUR);
    });
  });

  describe('a session ends in every process at once', () => {
    /** Signs in on A and makes one request on each process, so both hold the account in their session cache. */
    async function warm(phone: string): Promise<{ onA: CookieClient; onB: CookieClient; uid: string }> {
      const onA = await a.signIn(phone);
      const onB = b.as(onA);
      const res = await onA.call<{ uid: string }>('/api/tyler/user/detail');
      expect((await onB.call('/api/tyler/user/detail')).body.status_code).toBe(0);
      return { onA, onB, uid: res.body.data!.uid };
    }

    it('a logout on A is refused on B at once', async () => {
      const { onA, onB } = await warm('+12025550182');
      expect((await onA.post('/api/passport/logout')).body.status_code).toBe(0);
      expect((await onB.call('/api/tyler/user/detail')).body.status_code).toBe(ErrorCode.NeedLogin);
    });

    it('a deletion on A is refused on B at once', async () => {
      const { onA, onB } = await warm('+12025550183');
      expect((await onA.post('/api/tyler/user/log_off', {})).body).toMatchObject({ status_code: 0, data: { deleted: true } });
      expect((await onB.call('/api/tyler/user/detail')).body.status_code).toBe(ErrorCode.NeedLogin);
    });

    it('a login ban written elsewhere is refused on A and B at once', async () => {
      const { onA, onB, uid } = await warm('+12025550184');
      const until = new Date(Date.now() + 86_400_000);
      await User.updateOne({ uid }, { $set: { ban: { status: BanStatus.Banned, login_until: until, reason: 'spam' } } });
      expect((await onB.call('/api/tyler/user/detail')).body).toMatchObject({ status_code: ErrorCode.UserBanned, data: { reason: 'spam' } });
      expect((await onA.call('/api/tyler/user/detail')).body.status_code).not.toBe(0);
    });

    it("an operator's bans given on A are refused on B at once: creating with 1010250, any call with 1015", async () => {
      const creator = await warm('+12025550186');
      const login = await warm('+12025550187');
      const op = await a.signIn('+12025550188');
      await User.updateOne({ phone: '+12025550188' }, { $set: { roles: ['user', 'operator'], permissions: ['moderator'] } });
      const ban = (uid: string, kind: string) =>
        op.post<{ ends_at: string }>('/api/ops/user/sanction', { uid, kind, days: 7, reason: 'Spam' }).then((r) => r.body.data!.ends_at);

      const creationUntil = await ban(creator.uid, 'CreationBan');
      const refused = await creator.onB.post('/api/editor/story/create', { story_name: 'x' });
      expect(refused.body).toMatchObject({ status_code: ErrorCode.UserCreateBan, data: { creation_until: creationUntil } });

      const loginUntil = await ban(login.uid, 'LoginBan');
      expect((await login.onB.call('/api/tyler/user/detail')).body).toMatchObject({
        status_code: ErrorCode.UserBanned,
        data: { login_until: loginUntil, reason: 'Spam' },
      });
      expect((await login.onA.call('/api/tyler/user/detail')).body.status_code).not.toBe(0);
    });

    it('a profile edit on A shows on B at once', async () => {
      const { onA, onB } = await warm('+12025550185');
      expect((await onA.post('/api/tyler/user/save', { nickname: 'Seen Everywhere' })).body.status_code).toBe(0);
      expect((await onB.call<{ nickname: string }>('/api/tyler/user/detail')).body.data?.nickname).toBe('Seen Everywhere');
    });
  });

  it('a process killed with SIGKILL is gone and the other one still serves', async () => {
    const extra = await procs.add();
    await extra.kill();
    expect(extra.dead).toBe(true);
    await expect(extra.call('/api/health')).rejects.toThrow();
    const res = await a.call('/api/health');
    expect(res.body.data).toMatchObject({ db: 'up' });
  });
});
