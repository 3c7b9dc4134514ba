import { CookieClient, type TestApi } from './helpers';
import { save, storyPayload } from './editor.support';
import { guest, person, publishStory, startCommunityApi, type Person } from './support/community';
import { seedAccounts } from '../src/seed/accounts';
import { Story, StoryVersion, versionById, type StoryRecord } from '../src/modules/stories';
import { applyVerdict, resultFromReasons } from '../src/modules/review';
import { StoryStatus } from 'shared-kit';
import { signInByPhone } from './helpers';

/*
 * A published story's unreviewed edits stay with its creator: every surface another person sees (the creator page,
 * share links and their landing page, liked lists, notices, topic pages, search, the feed, related lists, the story
 * page, history and chats) shows the live, reviewed version until the edit itself passes review.
 */

const REVIEWED = { story_name: 'Repro public', introduction: 'Reviewed public intro', logo: '/api/media/0123456789abcdef0123aaaa' };
const DRAFT = { story_name: 'Unseen draft name', introduction: 'Quokka unreviewed draft text', logo: '/api/media/0123456789abcdef0123bbbb' };
/** Words only the draft has: none of them may appear anywhere another person looks. */
const DRAFT_MARKS = ['Unseen draft name', 'Quokka', '0123456789abcdef0123bbbb'];

let api: TestApi;
let creator: Person;
let storyId: string;
let siblingId: string;
let shareCode: string;
let topicId: string;
/** A fan who follows the creator, liked the story, commented on it and played it. */
let fan: Person;
/** Another signed-in person who liked and played it, but follows no one. */
let other: Person;
let guestClient: CookieClient;
const playOf = new Map<string, string>();

interface Versioned {
  version: { version_id: string };
}

async function ok<T>(res: Promise<{ body: { status_code: number; data?: T } }>, what: string): Promise<T> {
  const r = await res;
  if (r.body.status_code !== 0) throw new Error(`${what}: ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

/** Waits until the story's live version is the one whose name is `name` (the automated review passed it). */
async function waitLive(name: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const info = await new CookieClient(api.baseUrl).call<{ story_name: string }>(`/api/tyler/story/info?story_id=${storyId}`);
    if (info.body.data?.story_name === name) return;
    if (Date.now() > deadline) throw new Error(`the version named ${name} did not pass review: ${JSON.stringify(info.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Saves the creator's working copy from the revision it is at. */
async function saveAs(fields: typeof DRAFT, publishType: 'Draft' | 'Publish'): Promise<void> {
  const got = await ok(creator.client.call<Versioned>(`/api/editor/story/get?story_id=${storyId}`), 'story/get');
  await ok(save(creator.client, { ...storyPayload(fields), story_id: storyId, version: got.version, publish_type: publishType }), 'save');
}

/** Every public route and page, as `viewer` sees them (null: signed out), each as the text it answers. */
async function surfaces(viewer: CookieClient | null): Promise<Record<string, string>> {
  const c = viewer ?? new CookieClient(api.baseUrl);
  const json = async (p: Promise<{ body: unknown }>) => JSON.stringify((await p).body);
  const out: Record<string, string> = {
    author_detail: await json(c.call(`/api/tyler/user/author_detail?uid=${creator.uid}`)),
    share_get_info: await json(c.call(`/api/share/story/get_info?code=${shareCode}`)),
    landing_page: await (await fetch(`${api.baseUrl}/s/${shareCode}`, { headers: viewer ? { cookie: [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {} })).text(),
    topic_detail: await json(c.call(`/api/activity/topic/detail?topic_id=${topicId}`)),
    search_by_name: await json(c.post('/api/tyler/search', { keyword: 'Repro' })),
    search_by_draft: await json(c.post('/api/tyler/search', { keyword: 'Quokka' })),
    feed: await json(c.call('/api/tyler/story/list?offset=0&count=50')),
    related: await json(c.call(`/api/tyler/related_story_list?story_id=${siblingId}`)),
    story_info: await json(c.call(`/api/tyler/story/info?story_id=${storyId}`)),
    story_detail: await json(c.call(`/api/tyler/detail?story_id=${storyId}`)),
    sharable_check: await json(c.call(`/api/share/story/sharable_check?story_id=${storyId}`)),
    comments: await json(c.call(`/api/interact/comment/list?story_id=${storyId}`)),
  };
  if (viewer) {
    out.share_create_info = await json(viewer.post('/api/share/story/create_info', { share_type: 'Story', story_id: storyId }));
    out.played_story = await json(viewer.call('/api/tyler/played_story'));
    out.chat_list = await json(viewer.call('/api/tyler/chat_list'));
  }
  if (viewer && viewer !== guestClient) {
    out.like_list = await json(viewer.call('/api/interact/story/like_list'));
    out.notices = await json(viewer.call('/api/notice_box/list?count=50'));
  }
  return out;
}

const viewers = (): Array<[string, CookieClient | null]> => [
  ['signed out', null],
  ['a guest', guestClient],
  ['another user', other.client],
  ['a follower', fan.client],
];

/** Surfaces that name the story, each with the name it shows. */
const NAMED = ['author_detail', 'share_get_info', 'landing_page', 'topic_detail', 'search_by_name', 'feed', 'related', 'story_info', 'story_detail', 'share_create_info', 'played_story', 'chat_list', 'like_list', 'notices'];

beforeAll(async () => {
  api = await startCommunityApi();
  await seedAccounts(api.logger);
  creator = await person(api);
  fan = await person(api);
  other = await person(api);
  guestClient = await guest(api);
  ({ storyId } = await publishStory(api.baseUrl, REVIEWED, creator.client));
  ({ storyId: siblingId } = await publishStory(api.baseUrl, { story_name: 'Repro sibling', introduction: 'Another public intro' }, creator.client));

  await ok(fan.client.post('/api/interact/user/follow', { uid: creator.uid }), 'follow');
  for (const p of [fan, other]) await ok(p.client.post('/api/interact/story/like', { story_id: storyId, like: true }), 'like');
  for (const c of [fan.client, other.client, guestClient]) {
    const started = await ok(c.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId }), 'start_play');
    playOf.set(c === guestClient ? 'guest' : c === fan.client ? 'fan' : 'other', started.play_info.play_id);
  }
  // The fan's comment gets a reply, a pin and a like from the creator: three notices naming the story.
  const comment = await ok(fan.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyId, text: 'Lovely tale' }), 'comment');
  await ok(creator.client.post('/api/interact/comment/pin', { comment_id: comment.comment.comment_id }), 'pin');
  await ok(creator.client.post('/api/interact/comment/like', { comment_id: comment.comment.comment_id, like: true }), 'comment like');
  await ok(creator.client.post('/api/interact/comment/post', { story_id: storyId, text: 'Thank you', reply_to_comment_id: comment.comment.comment_id }), 'reply');
  const others = await ok(other.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyId, text: 'Nice one' }), 'comment');
  await ok(creator.client.post('/api/interact/comment/like', { comment_id: others.comment.comment_id, like: true }), 'comment like');
  shareCode = (await ok(fan.client.post<{ code: string }>('/api/share/story/create_info', { share_type: 'Story', story_id: storyId }), 'share')).code;

  const op = await signInByPhone(api.baseUrl, '+12025550100');
  topicId = (await ok(op.post<{ topic_id: string }>('/api/ops/topic/save', { title: 'Repro topic', story_ids: [storyId] }), 'topic')).topic_id;
  await ok(op.post('/api/ops/topic/status', { topic_id: topicId, status: 'Published' }), 'topic status');

  // The creator edits the published story with distinct words and saves a draft: never submitted for review.
  await saveAs(DRAFT, 'Draft');
  // A reply written after the edit still names the reviewed version.
  const later = await ok(fan.client.post<{ comment: { comment_id: string } }>('/api/interact/comment/post', { story_id: storyId, text: 'Still lovely' }), 'comment 2');
  await ok(creator.client.post('/api/interact/comment/post', { story_id: storyId, text: 'Thanks again', reply_to_comment_id: later.comment.comment_id }), 'reply 2');
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

describe('a published story\'s unreviewed edits', () => {
  it('stay readable by their creator in the editor', async () => {
    const got = await ok(creator.client.call<{ story_info: { story_name: string; introduction: string } }>(`/api/editor/story/get?story_id=${storyId}`), 'story/get');
    expect(got.story_info).toMatchObject({ story_name: DRAFT.story_name, introduction: DRAFT.introduction });
    expect((await other.client.call(`/api/editor/story/get?story_id=${storyId}`)).body.status_code).not.toBe(0);
  });

  it.each(['signed out', 'a guest', 'another user', 'a follower'])('never reach %s on any public route or page', async (who) => {
    const [, viewer] = viewers().find(([name]) => name === who)!;
    const seen = await surfaces(viewer);
    for (const [surface, text] of Object.entries(seen)) {
      for (const mark of DRAFT_MARKS) expect({ surface, leaked: text.includes(mark) }).toEqual({ surface, leaked: false });
      if (NAMED.includes(surface)) expect({ surface, reviewed: text.includes(REVIEWED.story_name) }).toEqual({ surface, reviewed: true });
    }
    expect(seen.landing_page).toContain(`<title>${REVIEWED.story_name}</title>`);
    expect(seen.landing_page).toContain(`<meta property="og:title" content="${REVIEWED.story_name}">`);
    expect(seen.landing_page).toContain(`<meta property="og:description" content="${REVIEWED.introduction}">`);
    expect(seen.landing_page).toContain(`<meta property="og:image" content="http://localhost:8080${REVIEWED.logo}">`);
    expect(seen.search_by_draft).toContain('"stories":[]');
  });

  it('show everywhere once the edit is published and passes review', async () => {
    await saveAs(DRAFT, 'Publish');
    await waitLive(DRAFT.story_name);
    // A player's history keeps the version they played until they move to the latest one.
    for (const [key, c] of [['fan', fan.client], ['other', other.client], ['guest', guestClient]] as const) {
      await ok(c.post('/api/tyler/story/sync_latest_play', { play_id: playOf.get(key) }), 'sync_latest_play');
    }
    for (const [who, viewer] of viewers()) {
      const seen = await surfaces(viewer);
      // Searching the old name no longer finds it; searching the new words does (below).
      for (const surface of NAMED.filter((s) => s in seen && s !== 'search_by_name')) {
        expect({ who, surface, shown: seen[surface]!.includes(DRAFT.story_name) }).toEqual({ who, surface, shown: true });
      }
      expect(seen.search_by_draft).toContain(DRAFT.story_name);
      expect(seen.landing_page).toContain(`<meta property="og:title" content="${DRAFT.story_name}">`);
      expect(seen.landing_page).toContain(`<meta property="og:description" content="${DRAFT.introduction}">`);
      expect(seen.landing_page).toContain(`<meta property="og:image" content="http://localhost:8080${DRAFT.logo}">`);
    }
  });

  it('leave every surface once the passed version no longer stands, even in a process that read it before', async () => {
    const json = async (p: Promise<{ body: unknown }>) => JSON.stringify((await p).body);
    const feed = () => json(fan.client.call('/api/tyler/story/list?offset=0&count=50'));
    expect(await feed()).toContain('Repro sibling');
    // An operator's later rejection of the automatically passed version, written as a review decision writes it (in
    // any api process): this process keeps the version's content, and must still see that it no longer passed.
    const sibling = await Story.findOne({ story_id: siblingId }).lean<StoryRecord>();
    expect(sibling!.live_status).toBe(StoryStatus.Passed);
    const version = await versionById(sibling!.live_version_id!);
    const decided = await applyVerdict(sibling!, version!, { status: StoryStatus.Failed, result: resultFromReasons(version!.content, []), note: 'later', line: 'operator: Failed' }, new Date());
    expect(decided).not.toBeNull();
    expect((await Story.findOne({ story_id: siblingId }, { live_status: 1 }).lean<StoryRecord>())!.live_status).toBe(StoryStatus.Failed);
    expect(await feed()).not.toContain('Repro sibling');
    expect(await json(fan.client.call(`/api/tyler/user/author_detail?uid=${creator.uid}`))).not.toContain('Repro sibling');
  });

  it('read the version of a story written before the story kept its live status', async () => {
    const json = async (p: Promise<{ body: unknown }>) => JSON.stringify((await p).body);
    const feed = () => json(fan.client.call('/api/tyler/story/list?offset=0&count=50'));
    const { storyId: olderId } = await publishStory(api.baseUrl, { story_name: 'Repro older', introduction: 'An older intro' }, creator.client);
    await Story.updateOne({ story_id: olderId }, { $unset: { live_status: 1 } });
    expect(await feed()).toContain('Repro older');
    const older = await Story.findOne({ story_id: olderId }, { live_version_id: 1 }).lean<{ live_version_id: string }>();
    await StoryVersion.updateOne({ version_id: older!.live_version_id }, { $set: { status: StoryStatus.Failed } });
    expect(await feed()).not.toContain('Repro older');
    expect(await json(fan.client.call(`/api/tyler/user/author_detail?uid=${creator.uid}`))).not.toContain('Repro older');
  });
});
