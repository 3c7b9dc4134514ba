import { AppealStatus, BanStatus, ErrorCode, NoticeKind, SanctionKind, UserRole, type Sanction } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, save, storyPayload } from './editor.support';

const DAY = 86_400_000;

type Route = [method: 'GET' | 'POST', path: string, body?: unknown];
const OPS_ROUTES: Route[] = [
  ['GET', '/api/ops/user/search?q=demo'],
  ['GET', '/api/ops/user/detail?uid=nope'],
  ['POST', '/api/ops/user/sanction', { uid: 'nope', kind: 'Warning', reason: 'x' }],
  ['POST', '/api/ops/user/lift', { sanction_id: 'nope', reason: 'x' }],
  ['GET', '/api/ops/appeal/queue'],
  ['POST', '/api/ops/appeal/decide', { sanction_id: 'nope', decision: 'Approved', reason: 'x' }],
];

interface Mine {
  status: string;
  login_until: string | null;
  creation_until: string | null;
  list: Sanction[];
}
interface NoticeRow {
  kind: string;
  text: string;
  until: string | null;
  story_name: string;
  actor: unknown;
}

describe('sanctions and appeals', () => {
  let api: TestApi;
  let t = Date.now();
  let op: CookieClient;
  let developer: CookieClient;
  let reviewer: CookieClient;
  let creator: CookieClient;
  let creatorUid: string;

  const send = (client: CookieClient, [method, p, body]: Route) => (method === 'GET' ? client.call(p) : client.post(p, body));
  const uidOf = async (c: CookieClient) => (await c.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
  const sanction = (body: Record<string, unknown>) => op.post<Sanction>('/api/ops/user/sanction', body);
  const notices = async (c: CookieClient) => (await c.call<{ list: NoticeRow[] }>('/api/notice_box/list')).body.data!.list;

  beforeAll(async () => {
    api = await startTestApi({ clock: () => t, env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    await seedAccounts(api.logger);
    op = await signInByPhone(api.baseUrl, '+12025550100');
    developer = await signInByPhone(api.baseUrl, '+12025550611');
    await User.updateOne({ phone: '+12025550611' }, { $set: { roles: [UserRole.User, UserRole.Developer] } });
    reviewer = await signInByPhone(api.baseUrl, '+12025550615');
    await User.updateOne({ phone: '+12025550615' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: ['reviewer'] } });
    creator = await signInByPhone(api.baseUrl, '+12025550612', ADULT);
    await creator.post('/api/tyler/user/save', { nickname: 'Sanctioned Sam' });
    creatorUid = await uidOf(creator);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it.each(OPS_ROUTES)('%s %s refuses the signed out (1007), users, developers and operators without moderator (1008), and serves moderators', async (...route) => {
    expect((await send(new CookieClient(api.baseUrl), route)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await send(creator, route)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await send(developer, route)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await send(reviewer, route)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'moderator' } });
    const asOperator = (await send(op, route)).body.status_code;
    expect([ErrorCode.NeedLogin, ErrorCode.NoAccess, ErrorCode.Internal]).not.toContain(asOperator);
  });

  it("the user's own routes refuse the signed out (1007)", async () => {
    const anon = new CookieClient(api.baseUrl);
    expect((await anon.call('/api/tyler/user/sanction')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await anon.post('/api/tyler/user/appeal', { sanction_id: 'x', text: 'y' })).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown kind', { kind: 'Exile', days: 7, reason: 'x' }],
    ['a creation ban of 8 days', { kind: 'CreationBan', days: 8, reason: 'x' }],
    ['a login ban of 90 days', { kind: 'LoginBan', days: 90, reason: 'x' }],
    ['no reason', { kind: 'CreationBan', days: 7, reason: '  ' }],
    ['a reason too long', { kind: 'CreationBan', days: 7, reason: 'x'.repeat(501) }],
    ['days as an object', { kind: 'CreationBan', days: { $gt: 1 }, reason: 'x' }],
  ])('refuses a sanction with %s (1009 or 1003, never a 500)', async (_name, body) => {
    const res = await sanction({ uid: creatorUid, ...body });
    expect([ErrorCode.ClientParamError, ErrorCode.InvalidParam]).toContain(res.body.status_code);
    expect(res.status).toBe(200);
  });

  it('refuses sanctioning an unknown account or oneself, and bad appeal input', async () => {
    expect((await sanction({ uid: 'nobody', kind: 'Warning', reason: 'x' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await sanction({ uid: await uidOf(op), kind: 'Warning', reason: 'x' })).body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await creator.post('/api/tyler/user/appeal', { sanction_id: 'x', text: '' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await creator.post('/api/tyler/user/appeal', { sanction_id: 'x', text: 'y'.repeat(501) })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await creator.post('/api/tyler/user/appeal', { sanction_id: 'nope', text: 'please' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await op.call('/api/ops/user/search?q=')).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await op.call('/api/ops/user/detail?uid=nope')).body.status_code).toBe(ErrorCode.RecordNotFound);
  });

  it('finds accounts by User ID, phone and nickname', async () => {
    for (const q of [creatorUid, '+12025550612', '2025550612', 'sanctioned sam', 'Sam']) {
      const res = await op.call<{ list: Array<{ uid: string }> }>(`/api/ops/user/search?q=${encodeURIComponent(q)}`);
      expect(res.body.status_code).toBe(0);
      expect(res.body.data!.list.map((u) => u.uid)).toContain(creatorUid);
    }
  });

  it('a warning puts the account in PreBan and tells the user; it stops nothing', async () => {
    const warned = await sanction({ uid: creatorUid, kind: 'Warning', reason: 'Mind the guidelines' });
    expect(warned.body).toMatchObject({ status_code: 0, data: { kind: 'Warning', status: BanStatus.PreBan, ends_at: null, can_appeal: false } });
    const mine = await creator.call<Mine>('/api/tyler/user/sanction');
    expect(mine.body.data!.status).toBe(BanStatus.PreBan);
    expect((await save(creator, storyPayload())).body.status_code).toBe(0);
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.Sanction, text: 'Mind the guidelines', until: null, actor: null });
    const lifted = await op.post<Sanction>('/api/ops/user/lift', { sanction_id: warned.body.data!.sanction_id, reason: 'Done' });
    expect(lifted.body.data!.status).toBe(BanStatus.Normal);
    expect((await creator.call<Mine>('/api/tyler/user/sanction')).body.data!.status).toBe(BanStatus.Normal);
  });

  it('a creation ban refuses creating, editing and commenting with 1010250 and its date; an approved appeal ends it', async () => {
    const given = await sanction({ uid: creatorUid, kind: SanctionKind.CreationBan, days: 7, reason: 'Spam stories' });
    expect(given.body.status_code).toBe(0);
    const s = given.body.data!;
    expect(s).toMatchObject({ kind: 'CreationBan', days: 7, status: BanStatus.Banned, active: true, can_appeal: true });
    expect(new Date(s.ends_at!).getTime()).toBe(t + 7 * DAY);

    const refused = await save(creator, storyPayload());
    expect(refused.body).toMatchObject({ status_code: ErrorCode.UserCreateBan, data: { creation_until: s.ends_at } });
    expect((await creator.post('/api/interact/comment/post', { story_id: '1', text: 'hi' })).body.status_code).toBe(ErrorCode.UserCreateBan);
    // Signing in and reading still work.
    expect((await creator.call('/api/tyler/user/detail')).body.status_code).toBe(0);

    const mine = await creator.call<Mine>('/api/tyler/user/sanction');
    expect(mine.body.data).toMatchObject({ status: BanStatus.Banned, creation_until: s.ends_at, login_until: null });
    expect(mine.body.data!.list[0]).toMatchObject({ sanction_id: s.sanction_id, reason: 'Spam stories', can_appeal: true });
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.Sanction, text: 'Spam stories', until: s.ends_at });

    const appealed = await creator.post<Sanction>('/api/tyler/user/appeal', { sanction_id: s.sanction_id, text: 'Those were drafts of one story' });
    expect(appealed.body.data).toMatchObject({ status: BanStatus.Appealing, can_appeal: false, appeal: { status: AppealStatus.Pending } });
    const twice = await creator.post('/api/tyler/user/appeal', { sanction_id: s.sanction_id, text: 'Again' });
    expect(twice.body).toMatchObject({ status_code: ErrorCode.DuplicateOperation, data: { reason: 'appealed' } });
    // Under appeal the ban still holds.
    expect((await save(creator, storyPayload())).body.status_code).toBe(ErrorCode.UserCreateBan);

    const queue = await op.call<{ list: Array<Sanction & { user: { nickname: string } }> }>('/api/ops/appeal/queue');
    const item = queue.body.data!.list.find((a) => a.sanction_id === s.sanction_id);
    expect(item).toMatchObject({ appeal: { text: 'Those were drafts of one story' }, user: { nickname: 'Sanctioned Sam' } });

    const approved = await op.post<Sanction>('/api/ops/appeal/decide', { sanction_id: s.sanction_id, decision: 'Approved', reason: 'Fair point' });
    expect(approved.body.data).toMatchObject({ status: BanStatus.Normal, active: false, appeal: { status: AppealStatus.Approved, reason: 'Fair point' } });
    expect((await save(creator, storyPayload())).body.status_code).toBe(0);
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.AppealApproved, text: 'Fair point' });
    const again = await op.post('/api/ops/appeal/decide', { sanction_id: s.sanction_id, decision: 'Rejected', reason: 'no' });
    expect(again.body.status_code).toBe(ErrorCode.IllegalOperation);
    expect((await op.call<{ list: Sanction[] }>('/api/ops/appeal/queue')).body.data!.list.some((a) => a.sanction_id === s.sanction_id)).toBe(false);

    const audit = await op.call<{ list: Array<{ action: string; reason: string }> }>(`/api/ops/audit/list?target_id=${creatorUid}`);
    expect(audit.body.data!.list.map((r) => r.action).slice(0, 2)).toEqual(['appeal.decide', 'user.sanction']);
  });

  it('a rejected appeal leaves the ban (AppealFail) until its date, when it ends by itself', async () => {
    const s = (await sanction({ uid: creatorUid, kind: 'CreationBan', days: 7, reason: 'Stolen story' })).body.data!;
    await creator.post('/api/tyler/user/appeal', { sanction_id: s.sanction_id, text: 'It is mine' });
    const rejected = await op.post<Sanction>('/api/ops/appeal/decide', { sanction_id: s.sanction_id, decision: 'Rejected', reason: 'Same text as another story' });
    expect(rejected.body.data).toMatchObject({ status: BanStatus.AppealFail, active: true, appeal: { status: AppealStatus.Rejected } });
    expect((await creator.call<Mine>('/api/tyler/user/sanction')).body.data!.status).toBe(BanStatus.AppealFail);
    expect((await save(creator, storyPayload())).body.status_code).toBe(ErrorCode.UserCreateBan);
    expect((await notices(creator))[0]).toMatchObject({ kind: NoticeKind.AppealRejected, until: s.ends_at });

    t += 7 * DAY + 1000;
    expect((await save(creator, storyPayload())).body.status_code).toBe(0);
    const mine = (await creator.call<Mine>('/api/tyler/user/sanction')).body.data!;
    expect(mine).toMatchObject({ status: BanStatus.Normal, creation_until: null, list: [] });
    const detail = await op.call<{ sanctions: Sanction[]; stories: unknown[]; user: { ban_status: string } }>(`/api/ops/user/detail?uid=${creatorUid}`);
    expect(detail.body.data!.user.ban_status).toBe(BanStatus.Normal);
    expect(detail.body.data!.sanctions.find((x) => x.sanction_id === s.sanction_id)).toMatchObject({ active: false, status: BanStatus.Normal });
    expect(detail.body.data!.stories.length).toBeGreaterThan(0);
    // Over: neither lifted nor appealed any more.
    expect((await op.post('/api/ops/user/lift', { sanction_id: s.sanction_id, reason: 'x' })).body.status_code).toBe(ErrorCode.IllegalOperation);
  });

  it('a login ban ends every session, refuses sign-in with 1015 and its date, and an operator can lift it', async () => {
    const phone = '+12025550613';
    const victim = await signInByPhone(api.baseUrl, phone, ADULT);
    const uid = await uidOf(victim);
    const s = (await sanction({ uid, kind: 'LoginBan', days: 7, reason: 'Harassment' })).body.data!;
    const refused = await victim.call('/api/tyler/user/detail');
    expect(refused.body).toMatchObject({ status_code: ErrorCode.UserBanned, data: { login_until: s.ends_at, reason: 'Harassment' } });
    t += 61_000;
    await expect(signInByPhone(api.baseUrl, phone)).rejects.toThrow(/"status_code":1015.*login_until/);

    const lifted = await op.post<Sanction>('/api/ops/user/lift', { sanction_id: s.sanction_id, reason: 'Mistaken identity' });
    expect(lifted.body.data).toMatchObject({ status: BanStatus.Normal, lifted_by: await uidOf(op), lift_reason: 'Mistaken identity' });
    t += 61_000;
    const back = await signInByPhone(api.baseUrl, phone);
    expect((await back.call('/api/tyler/user/detail')).body.status_code).toBe(0);
    expect((await notices(back)).map((n) => n.kind).slice(0, 2)).toEqual([NoticeKind.SanctionLifted, NoticeKind.Sanction]);
  });

  it('a login ban of 7 days ends by itself', async () => {
    const phone = '+12025550614';
    const uid = await uidOf(await signInByPhone(api.baseUrl, phone, ADULT));
    expect((await sanction({ uid, kind: 'LoginBan', days: 7, reason: 'Spam' })).body.status_code).toBe(0);
    t += 61_000;
    await expect(signInByPhone(api.baseUrl, phone)).rejects.toThrow(/1015/);
    t += 7 * DAY;
    expect((await (await signInByPhone(api.baseUrl, phone)).call('/api/tyler/user/detail')).body.status_code).toBe(0);
  });
});
