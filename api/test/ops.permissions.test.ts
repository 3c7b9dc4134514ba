import { ErrorCode, OpsPermission } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, type TestApi } from './helpers';
import { guest, HOSTILE_IDS, person, startCommunityApi, suspended, type Person } from './support/community';

type Route = [method: 'GET' | 'POST', path: string, permission: OpsPermission | null, body?: unknown];

/** Every console route with the permission it needs (null: any operator). */
const ROUTES: Route[] = [
  ['GET', '/api/ops/me', null],
  ['GET', '/api/ops/review/queue', OpsPermission.Reviewer],
  ['POST', '/api/ops/review/claim', OpsPermission.Reviewer, { story_id: 'nope' }],
  ['POST', '/api/ops/review/decide', OpsPermission.Reviewer, { story_id: 'nope', decision: 'Passed' }],
  ['POST', '/api/ops/story/operate', OpsPermission.ContentOperator, { story_id: '1', visibility: 'Searchable' }],
  ['GET', '/api/ops/audit/list', OpsPermission.Admin],
  ['GET', '/api/ops/story/version?story_id=1&version_id=1', OpsPermission.Moderator],
  ['GET', '/api/ops/permission/list', OpsPermission.Admin],
  ['POST', '/api/ops/permission/update', OpsPermission.Admin, { user: 'nobody_here', permission: 'reviewer', grant: true }],
  ['GET', '/api/ops/template/white_list', OpsPermission.ContentOperator],
  ['POST', '/api/ops/template/white_list', OpsPermission.ContentOperator, { user: 'nobody_here', allow: true }],
  ['POST', '/api/editor/template/white_list', OpsPermission.ContentOperator, { uid: '999', allow: true }],
];

interface Operator {
  uid: string;
  is_operator: boolean;
  permissions: string[];
}

describe('ops console: finer permissions granted by an admin, checked on every route', () => {
  let api: TestApi;
  let admin: CookieClient;
  let adminUid: string;
  const holders = new Map<OpsPermission, Person>();
  let user: Person;
  let blocked: Person;
  let developer: Person;

  const send = (client: CookieClient, [method, p, , body]: Route) => (method === 'GET' ? client.call(p) : client.post(p, body));
  const update = (body: unknown) => admin.post<Operator>('/api/ops/permission/update', body);

  beforeAll(async () => {
    api = await startCommunityApi();
    await seedAccounts(api.logger);
    admin = await signInByPhone(api.baseUrl, '+12025550100');
    adminUid = (await admin.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    for (const p of [OpsPermission.Reviewer, OpsPermission.Moderator, OpsPermission.ContentOperator]) holders.set(p, await person(api));
    user = await person(api);
    blocked = await suspended(api);
    developer = await person(api);
    await User.updateOne({ uid: developer.uid }, { $set: { roles: ['user', 'developer'] } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('the demo operator is an admin, holding every permission', async () => {
    const me = await admin.call<{ permissions: string[] }>('/api/ops/me');
    expect(me.body.data!.permissions.sort()).toEqual(['admin', 'content_operator', 'moderator', 'reviewer']);
  });

  it('an admin grants one permission per account (by uid or User ID), which makes it an operator, audited', async () => {
    for (const [permission, p] of holders) {
      const res = await update({ user: p.uid, permission, grant: true, reason: 'On the team' });
      expect(res.body).toMatchObject({ status_code: 0, data: { uid: p.uid, is_operator: true, permissions: [permission] } });
    }
    const list = await admin.call<{ list: Operator[] }>('/api/ops/permission/list');
    expect(list.body.data!.list.map((o) => o.uid)).toEqual(expect.arrayContaining([adminUid, ...[...holders.values()].map((p) => p.uid)]));
    const audit = await admin.call<{ list: Array<{ action: string; operator_uid: string; before: unknown; after: unknown; reason: string }> }>(
      `/api/ops/audit/list?target_id=${holders.get(OpsPermission.Reviewer)!.uid}`,
    );
    expect(audit.body.data!.list[0]).toMatchObject({
      action: 'permission.grant',
      operator_uid: adminUid,
      before: { is_operator: false, permissions: [] },
      after: { is_operator: true, permissions: ['reviewer'] },
      reason: 'On the team',
    });
  });

  it.each(ROUTES)('%s %s: signed out 1007, guest 1007, user, suspended user and developer 1008, only its permission or admin pass', async (...route) => {
    const [, , permission] = route;
    expect((await send(new CookieClient(api.baseUrl), route)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await send(await guest(api), route)).body.status_code).toBe(ErrorCode.NeedLogin);
    for (const p of [user, blocked, developer]) expect((await send(p.client, route)).body.status_code).toBe(ErrorCode.NoAccess);
    const passes = (code: number) => code !== ErrorCode.NoAccess && code !== ErrorCode.NeedLogin;
    expect(passes((await send(admin, route)).body.status_code)).toBe(true);
    for (const [held, p] of holders) {
      const res = await send(p.client, route);
      const allowed = permission === null || permission === held;
      expect([held, passes(res.body.status_code)]).toEqual([held, allowed]);
      if (!allowed) expect(res.body.data).toEqual({ permission });
    }
  });

  it('a revoke takes the permission away at once; the last one takes the operator role too', async () => {
    const reviewer = holders.get(OpsPermission.Reviewer)!;
    expect((await reviewer.client.call('/api/ops/review/queue')).body.status_code).toBe(0);
    const res = await update({ user: reviewer.uid, permission: 'reviewer', grant: false });
    expect(res.body).toMatchObject({ status_code: 0, data: { is_operator: false, permissions: [] } });
    expect((await reviewer.client.call('/api/ops/review/queue')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await reviewer.client.call('/api/ops/me')).body.status_code).toBe(ErrorCode.NoAccess);
    const detail = await reviewer.client.call<{ roles: string[] }>('/api/tyler/user/detail');
    expect(detail.body.data!.roles).not.toContain('operator');
    const audit = await admin.call<{ list: Array<{ action: string }> }>(`/api/ops/audit/list?target_id=${reviewer.uid}&action=permission.revoke`);
    expect(audit.body.data!.list).toHaveLength(1);
  });

  it('an admin cannot revoke their own admin; unknown accounts and bad input are refused without a 500', async () => {
    expect((await update({ user: adminUid, permission: 'admin', grant: false })).body).toMatchObject({
      status_code: ErrorCode.IllegalOperation,
      data: { reason: 'self' },
    });
    expect((await update({ user: 'operator', permission: 'moderator', grant: true })).body.data).toMatchObject({ uid: adminUid });
    expect((await update({ user: 'no_such_person', permission: 'moderator', grant: true })).body.status_code).toBe(ErrorCode.UserNotExist);
    const bad: unknown[] = [
      ...HOSTILE_IDS.filter((v) => typeof v !== 'string').map((v) => ({ user: v, permission: 'reviewer', grant: true })),
      { user: user.uid, permission: 'superuser', grant: true },
      { user: user.uid, permission: ['reviewer'], grant: true },
      { user: user.uid, permission: 'reviewer', grant: 'yes' },
      { user: user.uid, permission: { $in: ['admin'] }, grant: true },
      [user.uid],
    ];
    for (const body of bad) {
      const res = await update(body);
      expect(res.status).toBe(200);
      expect([ErrorCode.InvalidParam, ErrorCode.ClientParamError, ErrorCode.CommonInvalidParam]).toContain(res.body.status_code);
    }
    const after = await user.client.call('/api/ops/me');
    expect(after.body.status_code).toBe(ErrorCode.NoAccess);
  });
});
