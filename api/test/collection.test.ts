import { ErrorCode, OpsPermission, StoryCollectionStatus } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { Collection } from '../src/modules/collection/collection.model';
import { save } from './editor.support';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { botPayload } from './support/botStories';
import { guest, HOSTILE_IDS, person, publishStory, suspended, youth, type Person } from './support/community';
import { uidFromCookieHeader } from '../src/modules/passport/session.service';

interface Coll {
  collection_id: string;
  uid: string;
  name: string;
  description: string;
  status: string;
  display_status: string;
  revision: number;
  creations: Array<{ story_id: string; is_bot: boolean }>;
  review_reasons: Array<{ field: string; reason: string }>;
  like_count: number;
  liked: boolean;
  is_owner: boolean;
  creator: { uid: string };
}
type Card = { collection_id: string; name: string; display_status: string; creations_count: number };
const C = '/api/editor/collection';
const SELECTION = 3;
const COUNT = 3;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('collections: make, review, read, like, share, report, remove', () => {
  let api: TestApi;
  let owner: Person;
  let other: Person;
  let reviewer: Person;
  let moderator: Person;
  let stories: string[];
  let botId: string;
  let othersStory: string;

  const get = (c: CookieClient, id: string) => c.call<Coll>(`${C}/get?collection_id=${id}`);
  const make = (c: CookieClient, body: Record<string, unknown>) => c.post<Coll>(`${C}/create`, body);
  const passed = (id: string) => until(() => get(owner.client, id), (r) => r.body.data?.status !== StoryCollectionStatus.ToVerify);

  beforeAll(async () => {
    api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', COLLECTION_SELECTION_LIMIT: String(SELECTION), COLLECTION_COUNT_LIMIT: String(COUNT) },
      resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
    });
    await seedAccounts(api.logger);
    const admin = await signInByPhone(api.baseUrl, '+12025550100');
    [owner, other, reviewer, moderator] = [await person(api), await person(api), await person(api), await person(api)];
    stories = [];
    for (const name of ['North Road', 'South Sea', 'East Wind', 'West Gate']) stories.push((await publishStory(api.baseUrl, { story_name: name }, owner.client)).storyId);
    const bot = await save(owner.client, { ...botPayload(), publish_type: 'Publish' });
    botId = bot.body.data!.story_id;
    await until(() => owner.client.call(`/api/tyler/story/info?story_id=${botId}`), (r) => r.body.status_code === 0);
    othersStory = (await publishStory(api.baseUrl, { story_name: 'Not Yours' }, other.client)).storyId;
    for (const [p, permission] of [[reviewer, OpsPermission.Reviewer], [moderator, OpsPermission.Moderator]] as const) {
      expect((await admin.post('/api/ops/permission/update', { user: p.uid, permission, grant: true })).body.status_code).toBe(0);
    }
  }, 90_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('every route refuses signed-out callers and guests where it needs an account (1007)', async () => {
    const anon = new CookieClient(api.baseUrl);
    const g = await guest(api);
    for (const c of [anon, g]) {
      expect((await make(c, { name: 'a', description: 'b', creations: [stories[0]] })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post(`${C}/update`, { collection_id: '1', name: 'a', description: 'b', creations: [stories[0]] })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post(`${C}/del`, { collection_id: '1' })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.call(`${C}/list`)).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.call(`${C}/creations`)).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post(`${C}/like`, { collection_id: '1', like: true })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post('/api/share/collection/create_info', { collection_id: '1' })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.call('/api/ops/review/collection_queue')).body.status_code).toBe(ErrorCode.NeedLogin);
    }
    // Youth mode and suspended accounts cannot create, as for stories.
    for (const p of [await youth(api), await suspended(api)]) {
      expect((await make(p.client, { name: 'a', description: 'b', creations: [stories[0]] })).body.status_code).not.toBe(0);
    }
    // The console's collection review needs the reviewer permission.
    expect((await other.client.call('/api/ops/review/collection_queue')).body.status_code).toBe(ErrorCode.NoAccess);
    expect((await other.client.post('/api/ops/review/collection_decide', { collection_id: '1', revision: 1, decision: 'Passed' })).body.status_code).toBe(ErrorCode.NoAccess);
  });

  it('the picker lists the creator\u2019s own published stories and bots, searched by name, with the limits', async () => {
    const all = await owner.client.call<{ list: Array<{ story_id: string; is_bot: boolean }>; selection_limit: number; collection_limit: number }>(`${C}/creations?count=50`);
    expect(all.body.status_code).toBe(0);
    expect(all.body.data!.list.map((c) => c.story_id).sort()).toEqual([...stories, botId].sort());
    expect(all.body.data!.list.find((c) => c.story_id === botId)!.is_bot).toBe(true);
    expect(all.body.data).toMatchObject({ selection_limit: SELECTION, collection_limit: COUNT });
    const found = await owner.client.call<{ list: Array<{ story_id: string }> }>(`${C}/creations?keyword=sea`);
    expect(found.body.data!.list.map((c) => c.story_id)).toEqual([stories[1]]);
  });

  it('bad input: the spec\u2019s codes with the field named, and nothing written', async () => {
    const before = await Collection.countDocuments({});
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '', description: 'd', creations: [stories[0]] }, ErrorCode.ClientParamError, 'name'],
      [{ name: 'n', description: '  ', creations: [stories[0]] }, ErrorCode.ClientParamError, 'description'],
      [{ name: 'x'.repeat(41), description: 'd', creations: [stories[0]] }, ErrorCode.ClientParamError, 'name'],
      [{ name: 'n', description: 'd', creations: [] }, ErrorCode.ClientParamError, 'creations'],
      [{ name: 'n', description: 'd' }, ErrorCode.ClientParamError, 'creations'],
      [{ name: 'n', description: 'd', creations: [othersStory] }, ErrorCode.ClientParamError, 'creations.0'],
      [{ name: 'n', description: 'd', creations: [stories[0], stories[0]] }, ErrorCode.ClientParamError, 'creations.1'],
      [{ name: 'n', description: 'd', creations: [stories[0], '99999999'] }, ErrorCode.ClientParamError, 'creations.1'],
      [{ name: 'n', description: 'd', creations: [...stories] }, ErrorCode.StoryCollectionOverLimit, 'creations'],
      [{ name: 'n', description: 'd', creations: [stories[0]], status: 'Passed' }, ErrorCode.ClientParamError, ''],
    ];
    for (const [body, code, field] of cases) {
      const res = await make(owner.client, body);
      expect({ body, code: res.body.status_code }).toEqual({ body, code });
      if (field) expect(res.body.status_message.startsWith(field) || JSON.stringify(res.body.data).includes(`"${field}"`)).toBe(true);
    }
    for (const bad of HOSTILE_IDS) {
      expect((await make(owner.client, { name: 'n', description: 'd', creations: [bad] })).body.status_code).toBe(ErrorCode.ClientParamError);
      expect((await owner.client.call(`${C}/get?collection_id=${encodeURIComponent(JSON.stringify(bad))}`)).body.status_code).not.toBe(0);
      expect((await owner.client.post(`${C}/update`, { collection_id: bad, name: 'n', description: 'd', creations: [stories[0]] })).body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await owner.client.call(`${C}/get?collection_id[$ne]=x`)).body.status_code).toBe(ErrorCode.ClientParamError);
    expect(await Collection.countDocuments({})).toBe(before);
  });

  let shelf: string;
  it('a collection goes to review, passes, and is read by another person with its creations and creator', async () => {
    const res = await make(owner.client, { name: 'Four Winds', description: 'Stories of the road', creations: [stories[2], botId, stories[0]] });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: 'ToVerify', display_status: 'pending', is_owner: true, revision: 1 } });
    shelf = res.body.data!.collection_id;
    // Not passed yet: others get 1010902.
    const early = await get(other.client, shelf);
    if (early.body.status_code !== 0) expect(early.body.status_code).toBe(ErrorCode.StoryCollectionNotPassed);
    const done = await passed(shelf);
    expect(done.body.data).toMatchObject({ status: 'Passed', display_status: 'published' });
    const seen = await get(other.client, shelf);
    expect(seen.body).toMatchObject({ status_code: 0, data: { name: 'Four Winds', is_owner: false, creator: { uid: owner.uid }, liked: false } });
    expect(seen.body.data!.creations.map((c) => c.story_id)).toEqual([stories[2], botId, stories[0]]);
    // Signed out too, as a story page.
    expect((await get(new CookieClient(api.baseUrl), shelf)).body.status_code).toBe(0);
    const page = await call(other.client, `${C}/user_list?uid=${owner.uid}`);
    expect(page.list.map((c) => c.collection_id)).toEqual([shelf]);
    expect(page.list[0]).toMatchObject({ creations_count: 3, display_status: 'published' });
    // Someone else cannot change or delete it: not theirs (1010901), nothing changed.
    expect((await other.client.post(`${C}/update`, { collection_id: shelf, name: 'Mine', description: 'd', creations: [othersStory] })).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);
    expect((await other.client.post(`${C}/del`, { collection_id: shelf })).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);
    expect((await get(other.client, shelf)).body.data!.name).toBe('Four Winds');
  });

  async function call(c: CookieClient, path: string) {
    const r = await c.call<{ list: Card[] }>(path);
    expect(r.body.status_code).toBe(0);
    return r.body.data!;
  }

  it('an edit is reviewed again while others keep the passed copy; a flagged edit waits in the console queue for an operator', async () => {
    const edit = await owner.client.post<Coll>(`${C}/update`, { collection_id: shelf, name: 'Four Winds', description: 'Porn and more', creations: [stories[0]] });
    expect(edit.body).toMatchObject({ status_code: 0, data: { status: 'ToVerify', revision: 2 } });
    const flagged = await passed(shelf);
    expect(flagged.body.data).toMatchObject({ status: 'Failed', display_status: 'not_approved' });
    expect(flagged.body.data!.review_reasons.map((r) => r.field)).toEqual(['description']);
    // Others still see revision 1.
    expect((await get(other.client, shelf)).body.data).toMatchObject({ description: 'Stories of the road', revision: 1 });
    const queue = await reviewer.client.call<{ list: Array<{ collection_id: string; revision: number; status: string }> }>('/api/ops/review/collection_queue');
    expect(queue.body.data!.list).toEqual([expect.objectContaining({ collection_id: shelf, revision: 2, status: 'Failed' })]);
    expect((await reviewer.client.post('/api/ops/review/collection_decide', { collection_id: shelf, revision: 1, decision: 'Passed' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await reviewer.client.post('/api/ops/review/collection_decide', { collection_id: shelf, revision: 2, decision: 'Maybe' })).body.status_code).toBe(ErrorCode.ClientParamError);
    const decided = await reviewer.client.post('/api/ops/review/collection_decide', { collection_id: shelf, revision: 2, decision: 'Unqualified', note: 'Wording' });
    expect(decided.body).toMatchObject({ status_code: 0, data: { status: 'Unqualified' } });
    expect((await reviewer.client.post('/api/ops/review/collection_decide', { collection_id: shelf, revision: 2, decision: 'Passed' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await reviewer.client.call<{ list: unknown[] }>('/api/ops/review/collection_queue')).body.data!.list).toEqual([]);
    // The owner is told of the operator's verdict, with the note.
    const told = await owner.client.call<{ list: Array<{ kind: string; story_name: string; text: string; link: string }> }>('/api/notice_box/list');
    expect(told.body.data!.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'CollectionFailed', story_name: 'Four Winds', text: 'Wording', link: `/editor/collection/${shelf}` })]),
    );
    const fixed = await owner.client.post<Coll>(`${C}/update`, { collection_id: shelf, name: 'Four Winds', description: 'Road stories', creations: [stories[0], stories[1]] });
    expect(fixed.body.status_code).toBe(0);
    expect((await passed(shelf)).body.data!.status).toBe('Passed');
    expect((await get(other.client, shelf)).body.data).toMatchObject({ description: 'Road stories', revision: 3 });
  });

  it('likes count once per person; the share link has an Open Graph page', async () => {
    const like = (p: Person, v: boolean) => p.client.post<{ liked: boolean; like_count: number }>(`${C}/like`, { collection_id: shelf, like: v });
    expect((await like(other, true)).body.data).toEqual({ collection_id: shelf, liked: true, like_count: 1 });
    expect((await like(other, true)).body.data!.like_count).toBe(1);
    expect((await get(other.client, shelf)).body.data).toMatchObject({ liked: true, like_count: 1 });
    expect((await like(other, false)).body.data!.like_count).toBe(0);
    expect((await other.client.post(`${C}/like`, { collection_id: shelf, like: 'yes' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await other.client.post(`${C}/like`, { collection_id: '123', like: true })).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);

    const share = await other.client.post<{ path: string; title: string; play_path: string; collection_id: string }>('/api/share/collection/create_info', { collection_id: shelf });
    expect(share.body.data).toMatchObject({ title: 'Four Winds', play_path: `/play/collection/${shelf}`, collection_id: shelf });
    const html = await (await fetch(`${api.baseUrl}${share.body.data!.path}`)).text();
    expect(html).toContain('<meta property="og:title" content="Four Winds">');
    expect(html).toContain('<meta property="og:description" content="Road stories">');
    expect(html).toContain(`/play/collection/${shelf}`);
  });

  it('blocked people see nothing of each other\u2019s collections', async () => {
    const stranger = await person(api);
    expect((await stranger.client.post('/api/tyler/user/block', { uid: owner.uid })).body.status_code).toBe(0);
    expect((await get(stranger.client, shelf)).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);
    expect((await call(stranger.client, `${C}/user_list?uid=${owner.uid}`)).list).toEqual([]);
    expect((await stranger.client.post(`${C}/like`, { collection_id: shelf, like: true })).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await stranger.client.post('/api/share/collection/create_info', { collection_id: shelf })).body.status_code).not.toBe(0);
    expect((await stranger.client.post('/api/report/collection', { collection_id: shelf, reason: 'Spam', content: ['name'], details: '' })).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);
  });

  it('reported, removed from the console: gone for others, the owner told in the inbox', async () => {
    const rep = await other.client.post('/api/report/collection', { collection_id: shelf, reason: 'Spam', content: ['name', 'creations'], details: 'Ads' });
    expect(rep.body.status_code).toBe(0);
    expect((await other.client.post('/api/report/collection', { collection_id: shelf, reason: 'Bogus', content: ['name'], details: '' })).body.status_code).not.toBe(0);
    const queue = await moderator.client.call<{ list: Array<{ case_id: string; target_id: string; target_type: string }> }>('/api/ops/report/queue');
    const item = queue.body.data!.list.find((c) => c.target_id === shelf)!;
    expect(item.target_type).toBe('collection');
    const view = await moderator.client.call<{ target: { exists: boolean; title: string; link: string } }>(`/api/ops/report/get?case_id=${item.case_id}`);
    expect(view.body.data!.target).toMatchObject({ exists: true, title: 'Four Winds', link: `/play/collection/${shelf}` });
    const res = await moderator.client.post('/api/ops/report/resolve', { case_id: item.case_id, action: 'Remove', note: 'Spam links' });
    expect(res.body.status_code).toBe(0);
    expect((await get(other.client, shelf)).body.status_code).toBe(ErrorCode.StoryCollectionNotFound);
    expect((await call(other.client, `${C}/user_list?uid=${owner.uid}`)).list).toEqual([]);
    expect((await get(owner.client, shelf)).body.data).toMatchObject({ status: 'SelfWatch', display_status: 'removed' });
    const inbox = await owner.client.call<{ list: Array<{ kind: string; story_name: string; text: string }> }>('/api/notice_box/list');
    expect(inbox.body.data!.list).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'CollectionRemoved', story_name: 'Four Winds', text: 'Spam links' })]));
    // A removed collection cannot be edited back into view.
    expect((await owner.client.post(`${C}/update`, { collection_id: shelf, name: 'n', description: 'd', creations: [stories[0]] })).body.status_code).toBe(ErrorCode.StoryCollectionNotPassed);
  });

  it('the per-user limit (1010903, field collection) holds under concurrent creates; deleting frees a place', async () => {
    const mine = await call(owner.client, `${C}/list`);
    const left = COUNT - mine.list.length;
    const tries = await Promise.all(Array.from({ length: left + 3 }, (_, i) => make(owner.client, { name: `Shelf ${i}`, description: 'd', creations: [stories[3]] })));
    const ok = tries.filter((r) => r.body.status_code === 0);
    expect(ok).toHaveLength(left);
    for (const r of tries.filter((t) => t.body.status_code !== 0)) expect(r.body).toMatchObject({ status_code: ErrorCode.StoryCollectionOverLimit, data: { field: 'collection' } });
    expect(await Collection.countDocuments({ uid: owner.uid, deleted_at: null })).toBe(COUNT);
    expect((await owner.client.post(`${C}/del`, { collection_id: ok[0]!.body.data!.collection_id })).body.status_code).toBe(0);
    expect((await make(owner.client, { name: 'Again', description: 'd', creations: [stories[3]] })).body.status_code).toBe(0);
    const list = await owner.client.call<{ list: Card[]; collection_limit: number }>(`${C}/list`);
    expect(list.body.data!.list).toHaveLength(COUNT);
    expect(list.body.data!.collection_limit).toBe(COUNT);
  });
});
