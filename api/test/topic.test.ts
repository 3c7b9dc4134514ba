import { ErrorCode, OpsPermission, UserRole, type HomeContent, type OpsBanner, type OpsTopic, type TopicDetail } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { seedStories } from '../src/seed/stories';
import { User } from '../src/modules/users/user.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT } from './editor.support';

type Route = [method: 'GET' | 'POST', path: string, body?: unknown];
const OPS_ROUTES: Route[] = [
  ['GET', '/api/ops/topic/list'],
  ['POST', '/api/ops/topic/save', { title: 'x' }],
  ['POST', '/api/ops/topic/status', { topic_id: 'nope', status: 'Published' }],
  ['POST', '/api/ops/topic/order', { topic_ids: ['nope'] }],
  ['GET', '/api/ops/banner/list'],
  ['POST', '/api/ops/banner/save', { title: 'x' }],
  ['POST', '/api/ops/banner/status', { banner_id: 'nope', status: 'Published' }],
  ['POST', '/api/ops/banner/order', { banner_ids: ['nope'] }],
];
const HOUR = 3_600_000;

describe('topics and banners', () => {
  let api: TestApi;
  let t = Date.now();
  let op: CookieClient;
  let moderator: CookieClient;
  let player: CookieClient;
  let tester: CookieClient;
  let testerUid: string;
  let demoStoryId: string;

  const send = (client: CookieClient, [method, p, body]: Route) => (method === 'GET' ? client.call(p) : client.post(p, body));
  const home = async (c: CookieClient) => (await c.call<HomeContent>('/api/activity/home')).body.data!;

  beforeAll(async () => {
    api = await startTestApi({ clock: () => t, env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    await seedAccounts(api.logger);
    await seedStories({ config: api.config, logger: api.logger });
    op = await signInByPhone(api.baseUrl, '+12025550100');
    moderator = await signInByPhone(api.baseUrl, '+12025550711');
    await User.updateOne({ phone: '+12025550711' }, { $set: { roles: [UserRole.User, UserRole.Operator], permissions: [OpsPermission.Moderator] } });
    player = await signInByPhone(api.baseUrl, '+12025550712', ADULT);
    tester = await signInByPhone(api.baseUrl, '+12025550713', ADULT);
    testerUid = (await tester.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    const feed = await player.call<{ stories: Array<{ story_id: string }> }>('/api/tyler/story/list?offset=0&count=5');
    demoStoryId = feed.body.data!.stories[0]!.story_id;
  });
  afterAll(async () => {
    await api?.stop();
  });

  it.each(OPS_ROUTES)('%s %s refuses the signed out (1007), players and operators without content operator (1008)', async (...route) => {
    expect((await send(new CookieClient(api.baseUrl), route)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await send(player, route)).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await send(moderator, route)).body).toMatchObject({ status_code: ErrorCode.NoAccess, data: { permission: 'content_operator' } });
    expect([ErrorCode.NeedLogin, ErrorCode.NoAccess, ErrorCode.Internal]).not.toContain((await send(op, route)).body.status_code);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no title', { title: ' ' }],
    ['a title too long', { title: 'x'.repeat(61) }],
    ['a bad type', { title: 'x', type: 'Side' }],
    ['a bad date', { title: 'x', start_at: 'tomorrow' }],
    ['an object for story ids', { title: 'x', story_ids: { $ne: 1 } }],
  ])('refuses a topic with %s (1009, never a 500)', async (_n, body) => {
    const res = await op.post('/api/ops/topic/save', body);
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('refuses an end before the start, a script link, an unknown one and an illegal move', async () => {
    const at = new Date(t).toISOString();
    expect((await op.post('/api/ops/topic/save', { title: 'x', start_at: at, end_at: at })).body.status_code).toBe(ErrorCode.InvalidParam);
    expect((await op.post('/api/ops/banner/save', { title: 'x', link: 'javascript:alert(1)' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await op.post('/api/ops/topic/save', { topic_id: 'nope', title: 'x' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    const draft = (await op.post<OpsTopic>('/api/ops/topic/save', { title: 'Draft only' })).body.data!;
    expect((await op.post('/api/ops/topic/status', { topic_id: draft.topic_id, status: 'Offline' })).body.status_code).toBe(ErrorCode.IllegalOperation);
  });

  it('a topic goes Draft -> Testing (whitelist only) -> Published (everyone) -> Offline, with its live stories', async () => {
    const saved = await op.post<OpsTopic>('/api/ops/topic/save', {
      title: 'Sea stories',
      description: 'Salt and storms',
      type: 'Top',
      story_ids: [demoStoryId, 'missing'],
      whitelist: [testerUid],
    });
    expect(saved.body.data).toMatchObject({ status: 'Draft', type: 'Top', story_ids: [demoStoryId, 'missing'] });
    const id = saved.body.data!.topic_id;
    expect((await home(tester)).topics.some((x) => x.topic_id === id)).toBe(false);

    await op.post('/api/ops/topic/status', { topic_id: id, status: 'Testing' });
    expect((await home(tester)).topics.map((x) => x.topic_id)).toContain(id);
    expect((await home(player)).topics.some((x) => x.topic_id === id)).toBe(false);
    expect((await player.call(`/api/activity/topic/detail?topic_id=${id}`)).body.status_code).toBe(ErrorCode.TopicDeleted);

    await op.post('/api/ops/topic/status', { topic_id: id, status: 'Published' });
    const anon = new CookieClient(api.baseUrl);
    expect((await home(anon)).topics[0]).toMatchObject({ topic_id: id, title: 'Sea stories', story_count: 2 });
    const detail = (await anon.call<TopicDetail>(`/api/activity/topic/detail?topic_id=${id}`)).body.data!;
    expect(detail.stories.map((s) => s.story_id)).toEqual([demoStoryId]);

    await op.post('/api/ops/topic/status', { topic_id: id, status: 'Offline' });
    expect((await home(anon)).topics.some((x) => x.topic_id === id)).toBe(false);

    const audit = await op.call<{ list: Array<{ action: string }> }>(`/api/ops/audit/list?target_id=${id}`);
    expect(audit.body.data!.list.map((r) => r.action)).toEqual(['topic.status', 'topic.status', 'topic.status', 'topic.save']);
  });

  it('banners show between their dates, in the order operators set', async () => {
    const mk = async (title: string, extra: Record<string, unknown> = {}) => {
      const b = (await op.post<OpsBanner>('/api/ops/banner/save', { title, image: '/api/media/0123456789abcdef01234567', link: '/play', ...extra })).body.data!;
      expect((await op.post('/api/ops/banner/status', { banner_id: b.banner_id, status: 'Published' })).body.status_code).toBe(0);
      return b.banner_id;
    };
    const a = await mk('Spring');
    const b = await mk('Summer');
    const later = await mk('Autumn', { start_at: new Date(t + HOUR).toISOString(), end_at: new Date(t + 2 * HOUR).toISOString() });
    expect((await home(player)).banners.map((x) => x.banner_id)).toEqual([a, b]);
    const ordered = await op.post<{ list: OpsBanner[] }>('/api/ops/banner/order', { banner_ids: [b] });
    // b first; the others (an earlier test's banner among them) keep their order.
    const ids = ordered.body.data!.list.map((x) => x.banner_id);
    expect(ids[0]).toBe(b);
    expect(ids.filter((i) => [a, b, later].includes(i))).toEqual([b, a, later]);
    t += HOUR + 1000;
    expect((await home(player)).banners.map((x) => x.banner_id)).toEqual([b, a, later]);
    t += HOUR;
    expect((await home(player)).banners.map((x) => x.banner_id)).toEqual([b, a]);
    const edited = await op.post<OpsBanner>('/api/ops/banner/save', { banner_id: a, title: 'Spring sale', link: 'https://example.com/x' });
    expect(edited.body.data).toMatchObject({ title: 'Spring sale', status: 'Published', link: 'https://example.com/x' });
  });
});
