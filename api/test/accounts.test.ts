import mongoose from 'mongoose';
import { BanStatus, ErrorCode } from 'shared-kit';
import { creationGuards, currentUser, requireRole } from '../src/lib/auth';
import { seedAccounts } from '../src/seed/accounts';
import { respond } from '../src/lib/envelope';
import { Session } from '../src/modules/users/session.model';
import { SmsCode } from '../src/modules/passport/smsCode.model';
import { Block } from '../src/modules/users/block.model';
import { registerUserDeletionHook } from '../src/modules/users/user.hooks';
import { User } from '../src/modules/users/user.model';
import { call, CookieClient, postJson, signInByPhone, startTestApi, type TestApi } from './helpers';

/** A stand-in for a creation module's collection, so deletion is proven on real documents. */
const Draft = mongoose.model('TestDraft', new mongoose.Schema({ uid: String, title: String }));
registerUserDeletionHook({
  name: 'drafts',
  count: (uid) => Draft.countDocuments({ uid }),
  remove: async (uid) => {
    await Draft.deleteMany({ uid });
  },
});

const ADULT = { confirm: { is_adult: true, agree_terms: true } };

describe('accounts: guards, deletion, bans and hostile input', () => {
  let api: TestApi;
  let t = Date.UTC(2030, 5, 1);
  beforeAll(async () => {
    api = await startTestApi({
      clock: () => t,
      env: { SMS_IP_SENDS_PER_HOUR: '1000' },
      extraRoutes: (router) => {
        // A creation route as later modules will declare it.
        router.post('/api/test/create', ...creationGuards, async (ctx) => {
          const draft = await Draft.create({ uid: currentUser(ctx).uid, title: 'x' });
          respond(ctx, { id: String(draft._id) });
        });
        router.get('/api/test/ops', requireRole('operator'), (ctx) => respond(ctx, { ok: true }));
      },
    });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('refuses creating until onboarding, for guests, and in youth mode', async () => {
    const fresh = await signInByPhone(api.baseUrl, '+12025550190');
    const early = await fresh.post('/api/test/create');
    expect(early.body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'onboarding_required' } });
    await fresh.post('/api/tyler/user/log_in_confirm', { is_adult: true, agree_terms: true });
    expect((await fresh.post('/api/test/create')).body.status_code).toBe(0);

    await fresh.post('/api/tyler/user/teen_mode', { enable: true });
    const teen = await fresh.post('/api/test/create');
    expect(teen.body).toMatchObject({ status_code: ErrorCode.TeenModeIntercept, status_message: 'Not available in youth mode' });

    const guest = new CookieClient(api.baseUrl);
    await guest.post('/api/passport/guest');
    expect((await guest.post('/api/test/create')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await call(api.baseUrl, '/api/test/create', postJson({}))).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('refuses creating under a creation ban, with its end date', async () => {
    const client = await signInByPhone(api.baseUrl, '+12025550191', ADULT);
    const until = new Date(t + 7 * 86_400_000);
    await User.updateOne({ phone: '+12025550191' }, { $set: { ban: { status: BanStatus.Banned, creation_until: until } } });
    const res = await client.post('/api/test/create');
    expect(res.body).toMatchObject({ status_code: ErrorCode.UserCreateBan, data: { creation_until: until.toISOString() } });
    // Still signed in: a creation ban is not a login ban.
    expect((await client.call('/api/passport/check_login')).body.data).toMatchObject({ is_login: true });
    t = until.getTime() + 1;
    expect((await client.post('/api/test/create')).body.status_code).toBe(0);
  });

  it('refuses a login-banned user with 1015, revokes every session, and refuses a new sign-in', async () => {
    const phone = '+12025550192';
    const a = await signInByPhone(api.baseUrl, phone, ADULT);
    t += 61_000;
    const b = await signInByPhone(api.baseUrl, phone);
    const user = await User.findOne({ phone });
    expect(await Session.countDocuments({ uid: user?.uid })).toBe(2);
    await User.updateOne({ phone }, { $set: { ban: { status: BanStatus.Banned, login_until: new Date(t + 86_400_000), reason: 'spam' } } });

    const refused = await a.call('/api/tyler/user/detail');
    expect(refused.body).toMatchObject({ status_code: ErrorCode.UserBanned, data: { reason: 'spam' } });
    expect(a.lastSetCookie.some((c) => /^sv_session=;/.test(c))).toBe(true);
    expect(await Session.countDocuments({ uid: user?.uid })).toBe(0);
    expect((await b.call('/api/passport/check_login')).body.data).toEqual({ is_login: false });

    t += 61_000;
    await expect(signInByPhone(api.baseUrl, phone)).rejects.toThrow(/"status_code":1015/);
  });

  it('deletes an account with its content, blocks, codes and sessions', async () => {
    const phone = '+12025550193';
    const gone = await signInByPhone(api.baseUrl, phone, ADULT);
    t += 61_000;
    const other = await signInByPhone(api.baseUrl, '+12025550194', ADULT);
    const me = (await gone.call<{ uid: string }>('/api/tyler/user/detail')).body.data?.uid ?? '';
    const otherUid = (await other.call<{ uid: string }>('/api/tyler/user/detail')).body.data?.uid ?? '';
    await gone.post('/api/test/create');
    await gone.post('/api/test/create');
    await gone.post('/api/tyler/user/block', { uid: otherUid });
    await other.post('/api/tyler/user/block', { uid: me });
    const token = gone.cookies.get('sv_session');

    const check = await gone.call<{ items: Array<{ name: string; count: number }> }>('/api/tyler/user/check_log_off');
    expect(check.body.data?.items).toEqual([
      { name: 'sessions', count: 1 },
      { name: 'blocks', count: 1 },
      { name: 'stories', count: 0 },
      { name: 'plays', count: 0 },
      { name: 'identity', count: 0 },
      { name: 'collections', count: 0 },
      { name: 'threads', count: 0 },
      { name: 'templates', count: 0 },
      { name: 'drafts', count: 2 },
    ]);
    // The notice is in the language the app is read in.
    expect((await gone.call<{ notice: string }>('/api/tyler/user/check_log_off?language=en')).body.data?.notice).toMatch(/^Your profile, sign-in sessions/);
    expect((await gone.call<{ notice: string }>('/api/tyler/user/check_log_off?language=zh-CN')).body.data?.notice).toBe('你的个人资料、登录会话、屏蔽列表和你的全部内容都将被永久删除。');
    const off = await gone.post('/api/tyler/user/log_off', {});
    expect(off.body).toMatchObject({ status_code: 0, data: { deleted: true } });

    expect(await User.countDocuments({ uid: me })).toBe(0);
    expect(await Draft.countDocuments({ uid: me })).toBe(0);
    expect(await Block.countDocuments({ $or: [{ uid: me }, { blocked_uid: me }] })).toBe(0);
    expect(await SmsCode.countDocuments({ phone })).toBe(0);
    expect(await Session.countDocuments({ uid: me })).toBe(0);
    const replay = await call(api.baseUrl, '/api/tyler/user/detail', { headers: { cookie: `sv_session=${token}` } });
    expect(replay.body.status_code).toBe(ErrorCode.NeedLogin);
    // The other account is untouched and its block list no longer shows the deleted user.
    expect((await other.call<{ total: number }>('/api/tyler/user/block_list')).body.data?.total).toBe(0);

    // The number can sign up again as a new account.
    t += 61_000;
    const again = await signInByPhone(api.baseUrl, phone);
    expect((await again.call<{ uid: string }>('/api/tyler/user/detail')).body.data?.uid).not.toBe(me);
  });

  describe.each([{ $ne: null }, { $gt: '' }])('an operator object %p in place of a string', (hostile) => {
    let client: CookieClient;
    beforeAll(async () => {
      t += 61_000;
      client = await signInByPhone(api.baseUrl, `+1202555${String(Object.keys(hostile)[0] === '$ne' ? '0195' : '0196')}`, ADULT);
    });

    it.each([
      ['sms/send phone', '/api/passport/sms/send', () => ({ phone: hostile })],
      ['sms/send country', '/api/passport/sms/send', () => ({ phone: '+12025550100', country: hostile })],
      ['sms/login phone', '/api/passport/sms/login', () => ({ phone: hostile, code: '123456' })],
      ['sms/login code', '/api/passport/sms/login', () => ({ phone: '+12025550180', code: hostile })],
      ['save nickname', '/api/tyler/user/save', () => ({ nickname: hostile })],
      ['save username', '/api/tyler/user/save', () => ({ username: hostile })],
      ['save avatar', '/api/tyler/user/save', () => ({ avatar: hostile })],
      ['block uid', '/api/tyler/user/block', () => ({ uid: hostile })],
      ['unblock uid', '/api/tyler/user/unblock', () => ({ uid: hostile })],
      ['settings language', '/api/tyler/user/settings/update', () => ({ language: hostile })],
    ])('%s gets 1009', async (_name, path, body) => {
      const usersBefore = await User.countDocuments({});
      const blocksBefore = await Block.countDocuments({});
      const res = await client.post(path, body());
      expect(res.status).toBe(200);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(/Expected string, received object|Invalid/);
      expect(res.headers.getSetCookie().filter((c) => !c.startsWith('sv_session='))).toEqual([]);
      expect(await User.countDocuments({})).toBe(usersBefore);
      expect(await Block.countDocuments({})).toBe(blocksBefore);
    });

    it('in the query (check_user_name, outbox) matches nothing', async () => {
      const key = Object.keys(hostile)[0] ?? '$ne';
      const res = await client.call(`/api/tyler/user/check_user_name?user_name[${key}]=`);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      const outbox = await call(api.baseUrl, `/api/dev/sms_outbox?phone[${key}]=x`);
      expect(outbox.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(outbox.body.data).not.toHaveProperty('messages');
    });
  });

  it('seeds the demo accounts once; the operator signs in through the outbox and passes the operator guard', async () => {
    expect(await seedAccounts(api.logger, t)).toBe(2);
    expect(await seedAccounts(api.logger, t)).toBe(0);
    t += 61_000;
    const operator = await signInByPhone(api.baseUrl, '+1 202 555 0100');
    const me = await operator.call<{ roles: string[]; username: string; need_confirm: boolean }>('/api/tyler/user/detail');
    expect(me.body.data).toMatchObject({ roles: ['user', 'operator'], username: 'operator', need_confirm: false });
    expect((await operator.call('/api/test/ops')).body).toMatchObject({ status_code: 0, data: { ok: true } });
    const creator = await signInByPhone(api.baseUrl, '+12025550101');
    expect((await creator.call('/api/test/ops')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await creator.post('/api/test/create')).body.status_code).toBe(0);
  });

  it('does not accept a forged or foreign cookie', async () => {
    const forged = await call(api.baseUrl, '/api/passport/check_login', { headers: { cookie: 'sv_session=' + 'A'.repeat(43) } });
    expect(forged.body.data).toEqual({ is_login: false });
    expect(forged.headers.getSetCookie().some((c) => /^sv_session=;/.test(c))).toBe(true);
    const junk = await call(api.baseUrl, '/api/passport/check_login', { headers: { cookie: 'sv_session={"$ne":null}' } });
    expect(junk.body.data).toEqual({ is_login: false });
  });
});
