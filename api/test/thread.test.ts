import { DialogueStatus, ErrorCode, OpsPermission } from 'shared-kit';
import { seedAccounts } from '../src/seed/accounts';
import { Dialogue } from '../src/modules/play';
import { Thread } from '../src/modules/thread/thread.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { guest, HOSTILE_IDS, person, publishStory, suspended, youth, type Person } from './support/community';
import { playTurn, type Started } from './support/playStories';

interface Line { role: string; name: string; content: string; portrait: string }
interface Group { group_id: string; lines: Line[]; sharable?: boolean; reason?: string }
interface ThreadView {
  thread_id: string;
  title: string;
  share_type: string;
  groups: Group[];
  like_count: number;
  liked: boolean;
  comment_count: number;
  is_owner: boolean;
  story: { story_id: string; story_name: string } | null;
}
interface Groups { thread_share: boolean; group_limit: number; daily_limit: number; posted_today: number; groups: Group[] }
const T = '/api/tyler/thread';
const GROUP_LIMIT = 3;
const DAILY = 4;

describe('threads: post from one\u2019s play, read, like, comment, share, report, remove', () => {
  let api: TestApi;
  let creator: CookieClient;
  let storyId: string;
  let player: Person;
  let reader: Person;
  let moderator: Person;
  let playId: string;
  let groups: Group[];

  const groupsOf = (p: Person, id = playId) => p.client.call<Groups>(`${T}/groups?play_id=${id}`);
  const post = (c: CookieClient, body: Record<string, unknown>) => c.post<ThreadView>(`${T}/create`, body);
  const get = (c: CookieClient, id: string) => c.call<ThreadView>(`${T}/get?thread_id=${id}`);

  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', THREAD_GROUP_LIMIT: String(GROUP_LIMIT), THREAD_DAILY_LIMIT: String(DAILY) } });
    await seedAccounts(api.logger);
    const admin = await signInByPhone(api.baseUrl, '+12025550100');
    ({ creator, storyId } = await publishStory(api.baseUrl, { story_name: 'Lighthouse' }));
    [player, reader, moderator] = [await person(api), await person(api), await person(api)];
    expect((await admin.post('/api/ops/permission/update', { user: moderator.uid, permission: OpsPermission.Moderator, grant: true })).body.status_code).toBe(0);
    const started = await player.client.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    playId = started.body.data!.play_info.play_id;
    for (const message of ['Who keeps the light?', 'Where is the key?', 'Open the door.', 'Climb the stairs.']) await playTurn(player.client, playId, { message });
    const res = await groupsOf(player);
    expect(res.body.status_code).toBe(0);
    groups = res.body.data!.groups;
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('offers the play\u2019s groups (a turn: the player\u2019s line and its replies) with the limits, to the play\u2019s own player only', async () => {
    const g = await groupsOf(player);
    expect(g.body.data).toMatchObject({ thread_share: true, group_limit: GROUP_LIMIT, daily_limit: DAILY, posted_today: 0 });
    const turns = groups.filter((x) => x.lines.some((l) => l.role === 'player'));
    expect(turns.map((x) => x.lines.find((l) => l.role === 'player')!.content)).toEqual(['Who keeps the light?', 'Where is the key?', 'Open the door.', 'Climb the stairs.']);
    for (const t of turns) {
      expect(t.sharable).toBe(true);
      expect(t.lines.filter((l) => l.role !== 'player').length).toBeGreaterThan(0);
    }
    // Someone else's play: 1050001, as if it were not there; visitors and guests 1007.
    expect((await groupsOf(reader)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await new CookieClient(api.baseUrl).call(`${T}/groups?play_id=${playId}`)).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await (await guest(api)).call(`${T}/groups?play_id=${playId}`)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('every route refuses callers without the right account (1007), youth mode and suspended accounts cannot post', async () => {
    const body = { play_id: playId, title: 'x', group_ids: [groups[1]!.group_id] };
    for (const c of [new CookieClient(api.baseUrl), await guest(api)]) {
      expect((await post(c, body)).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post(`${T}/like`, { thread_id: 'fe1', like: true })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post(`${T}/del`, { thread_id: 'fe1' })).body.status_code).toBe(ErrorCode.NeedLogin);
      expect((await c.post('/api/share/thread/create_info', { thread_id: 'fe1' })).body.status_code).toBe(ErrorCode.NeedLogin);
    }
    for (const p of [await youth(api), await suspended(api)]) expect((await post(p.client, body)).body.status_code).not.toBe(0);
    expect(await Thread.countDocuments({})).toBe(0);
  });

  it('bad input: the spec\u2019s codes with the field named, and nothing written', async () => {
    const turn = groups.filter((x) => x.lines.some((l) => l.role === 'player'));
    const [a, b, c, d] = turn.map((x) => x.group_id) as [string, string, string, string];
    const otherPlay = (await reader.client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const otherGroup = `${otherPlay}-0`;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ play_id: playId, title: '', group_ids: [a] }, ErrorCode.ClientParamError, 'title'],
      [{ play_id: playId, title: 'x'.repeat(41), group_ids: [a] }, ErrorCode.ClientParamError, 'title'],
      [{ play_id: playId, title: 't', group_ids: [] }, ErrorCode.ClientParamError, 'group_ids'],
      [{ play_id: playId, title: 't' }, ErrorCode.ClientParamError, 'group_ids'],
      [{ play_id: playId, title: 't', group_ids: [a, b, c, d] }, ErrorCode.ClientParamError, 'group_ids'],
      [{ play_id: playId, title: 't', group_ids: [a, otherGroup] }, ErrorCode.ClientParamError, 'group_ids.1'],
      [{ play_id: playId, title: 't', group_ids: [a, a] }, ErrorCode.ClientParamError, 'group_ids.1'],
      [{ play_id: playId, title: 't', group_ids: ['bad id!'] }, ErrorCode.ClientParamError, 'group_ids.0'],
      [{ play_id: otherPlay, title: 't', group_ids: [otherGroup] }, ErrorCode.RecordNotFound, ''],
      [{ play_id: playId, title: 't', group_ids: [a], like_count: 9 }, ErrorCode.ClientParamError, ''],
    ];
    for (const [body, code, field] of cases) {
      const res = await post(player.client, body);
      expect({ body, code: res.body.status_code }).toEqual({ body, code });
      if (field) expect(res.body.status_message.startsWith(field) || JSON.stringify(res.body.data).includes(`"${field}"`)).toBe(true);
    }
    for (const bad of HOSTILE_IDS) {
      expect((await post(player.client, { play_id: bad, title: 't', group_ids: [a] })).body.status_code).toBe(ErrorCode.ClientParamError);
      expect((await post(player.client, { play_id: playId, title: 't', group_ids: [bad] })).body.status_code).toBe(ErrorCode.ClientParamError);
      expect((await player.client.call(`${T}/get?thread_id=${encodeURIComponent(JSON.stringify(bad))}`)).body.status_code).not.toBe(0);
    }
    expect((await player.client.call(`${T}/get?thread_id[$ne]=x`)).body.status_code).toBe(ErrorCode.ClientParamError);
    expect(await Thread.countDocuments({})).toBe(0);
  });

  it('a group flagged by the review must be unselected first (1020602), and is shown as such', async () => {
    const turn = groups.filter((x) => x.lines.some((l) => l.role === 'player'));
    const flagged = turn[3]!.group_id;
    // The state the safety review leaves on a reply it stopped (play.moderation.test.ts covers the review itself).
    await Dialogue.updateOne({ group_id: flagged, role: 'npc' }, { $set: { status: DialogueStatus.SecurityFail, content: '' } });
    const g = (await groupsOf(player)).body.data!.groups.find((x) => x.group_id === flagged)!;
    expect(g).toMatchObject({ sharable: false, reason: 'flagged' });
    const res = await post(player.client, { play_id: playId, title: 't', group_ids: [turn[0]!.group_id, flagged] });
    expect(res.body).toMatchObject({ status_code: ErrorCode.DialogueReviewNotPassed, data: { field: 'group_ids.1' } });
    expect(await Thread.countDocuments({})).toBe(0);
  });

  let threadId: string;
  it('posts a copy of the chosen lines: a later rewind does not change the thread', async () => {
    const turn = groups.filter((x) => x.lines.some((l) => l.role === 'player'));
    const res = await post(player.client, { play_id: playId, title: 'The keeper', group_ids: [turn[2]!.group_id, turn[1]!.group_id] });
    expect(res.body).toMatchObject({ status_code: 0, data: { title: 'The keeper', share_type: 'StoryDialogue', is_owner: true, like_count: 0, story: { story_id: storyId, story_name: 'Lighthouse' } } });
    threadId = res.body.data!.thread_id;
    // In the play's order, whatever order they were chosen in.
    expect(res.body.data!.groups.map((x) => x.group_id)).toEqual([turn[1]!.group_id, turn[2]!.group_id]);
    const before = res.body.data!.groups;
    // Rewind the play to before the shared turns: the thread keeps its lines.
    const dl = await player.client.call<{ dialogues: Array<{ dialogue_id: string; group_id?: string; type: string; seq: number }> }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`);
    const firstInput = dl.body.data!.dialogues.find((x) => x.type === 'Input')!;
    expect((await player.client.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: firstInput.dialogue_id })).body.status_code).toBe(0);
    const after = await get(reader.client, threadId);
    expect(after.body.status_code).toBe(0);
    expect(after.body.data!.groups).toEqual(before);
    expect(after.body.data).toMatchObject({ is_owner: false, liked: false });
    expect(after.body.data!.groups[0]!.lines.map((l) => l.content)).toContain('Where is the key?');
  });

  it('likes and comments like a story\u2019s; lists on the creator\u2019s page and the feed', async () => {
    const liked = await reader.client.post<{ liked: boolean; like_count: number }>(`${T}/like`, { thread_id: threadId, like: true });
    expect(liked.body.data).toEqual({ thread_id: threadId, liked: true, like_count: 1 });
    expect((await reader.client.post(`${T}/like`, { thread_id: threadId, like: true })).body.data).toMatchObject({ like_count: 1 });
    const c = await reader.client.post<{ comment: { comment_id: string; text: string } }>('/api/interact/comment/post', { story_id: threadId, text: 'What a scene' });
    expect(c.body.status_code).toBe(0);
    const list = await player.client.call<{ list: Array<{ text: string; can_delete: boolean }>; comment_count: number }>(`/api/interact/comment/list?story_id=${threadId}`);
    expect(list.body.data).toMatchObject({ comment_count: 1, list: [{ text: 'What a scene', can_delete: true }] });
    expect((await get(reader.client, threadId)).body.data).toMatchObject({ like_count: 1, liked: true, comment_count: 1 });
    const mine = await reader.client.call<{ list: Array<{ thread_id: string; first_line: string; groups_count: number }> }>(`${T}/user_list?uid=${player.uid}`);
    expect(mine.body.data!.list).toEqual([expect.objectContaining({ thread_id: threadId, groups_count: 2 })]);
    const feed = await new CookieClient(api.baseUrl).call<{ list: Array<{ thread_id: string }> }>(`${T}/list`);
    expect(feed.body.data!.list.map((x) => x.thread_id)).toContain(threadId);
  });

  it('shares a link with an Open Graph page leading to the thread', async () => {
    const s = await reader.client.post<{ code: string; share_type: string; play_path: string; thread_id: string }>('/api/share/thread/create_info', { thread_id: threadId });
    expect(s.body.data).toMatchObject({ share_type: 'StoryDialogue', thread_id: threadId, play_path: `/play/thread/${threadId}` });
    const html = await (await fetch(`${api.baseUrl}/s/${s.body.data!.code}`)).text();
    expect(html).toContain('<meta property="og:title" content="The keeper">');
    expect(html).toContain(`/play/thread/${threadId}`);
  });

  it('a story whose creator turned threads off is refused (1201, field play_id); the daily limit holds (1021002)', async () => {
    const turn = groups.filter((x) => x.lines.some((l) => l.role === 'player'));
    expect((await creator.post('/api/editor/permission/update', { story_id: storyId, permission: { thread_share: false } })).body.status_code).toBe(0);
    const count = await Thread.countDocuments({});
    expect((await groupsOf(player)).body.data!.thread_share).toBe(false);
    expect((await post(player.client, { play_id: playId, title: 't', group_ids: [turn[0]!.group_id] })).body).toMatchObject({ status_code: ErrorCode.NoPermission, data: { field: 'play_id' } });
    expect(await Thread.countDocuments({})).toBe(count);
    expect((await creator.post('/api/editor/permission/update', { story_id: storyId, permission: { thread_share: true } })).body.status_code).toBe(0);
    for (let i = count; i < DAILY; i += 1) expect((await post(player.client, { play_id: playId, title: `t${i}`, group_ids: [turn[0]!.group_id] })).body.status_code).toBe(0);
    expect((await post(player.client, { play_id: playId, title: 'over', group_ids: [turn[0]!.group_id] })).body).toMatchObject({ status_code: ErrorCode.TooManyToday, data: { field: 'thread' } });
    expect(await Thread.countDocuments({})).toBe(DAILY);
  });

  it('blocked people see nothing of each other\u2019s threads', async () => {
    const stranger = await person(api);
    expect((await stranger.client.post('/api/tyler/user/block', { uid: player.uid })).body.status_code).toBe(0);
    expect((await get(stranger.client, threadId)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await stranger.client.call<{ list: unknown[] }>(`${T}/user_list?uid=${player.uid}`)).body.data!.list).toEqual([]);
    expect((await stranger.client.call<{ list: Array<{ uid: string }> }>(`${T}/list`)).body.data!.list.filter((x) => x.uid === player.uid)).toEqual([]);
    expect((await stranger.client.post(`${T}/like`, { thread_id: threadId, like: true })).body.status_code).toBe(ErrorCode.NoPermission);
    expect((await stranger.client.post('/api/interact/comment/post', { story_id: threadId, text: 'hi' })).body.status_code).not.toBe(0);
    expect((await stranger.client.call(`/api/interact/comment/list?story_id=${threadId}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await stranger.client.post('/api/share/thread/create_info', { thread_id: threadId })).body.status_code).not.toBe(0);
    expect((await stranger.client.post('/api/report/thread', { thread_id: threadId, reason: 'Spam', content: ['title'], details: '' })).body.status_code).toBe(ErrorCode.RecordNotFound);
    // Nor may the blocked share a thread of a play of the blocker's story.
    const blockedPlay = (await stranger.client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await playTurn(stranger.client, blockedPlay, { message: 'Hello?' });
    expect((await stranger.client.post('/api/tyler/user/block', { uid: player.uid })).body.status_code).toBe(0);
    const theirs = (await groupsOf(stranger, blockedPlay)).body.data!.groups.find((x) => x.lines.some((l) => l.role === 'player'))!;
    const creatorUid = (await creator.call<{ uid: string }>('/api/tyler/user/detail')).body.data!.uid;
    expect((await creator.post('/api/tyler/user/block', { uid: stranger.uid })).body.status_code).toBe(0);
    expect((await post(stranger.client, { play_id: blockedPlay, title: 't', group_ids: [theirs.group_id] })).body.status_code).not.toBe(0);
    expect(await Thread.countDocuments({ uid: stranger.uid })).toBe(0);
    expect(creatorUid).not.toBe('');
  });

  it('reported (content select), removed from the console: gone for others, the owner told in the inbox; owner deletes', async () => {
    expect((await reader.client.post('/api/report/thread', { thread_id: threadId, reason: 'Bogus', content: ['title'], details: '' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await reader.client.post('/api/report/thread', { thread_id: threadId, reason: 'Spam', content: ['name'], details: '' })).body.status_code).toBe(ErrorCode.ClientParamError);
    expect((await reader.client.post('/api/report/thread', { thread_id: threadId, reason: 'Spam', content: ['title', 'lines'], details: 'Ads' })).body.status_code).toBe(0);
    const queue = await moderator.client.call<{ list: Array<{ case_id: string; target_id: string; target_type: string }> }>('/api/ops/report/queue');
    const item = queue.body.data!.list.find((x) => x.target_id === threadId)!;
    expect(item.target_type).toBe('thread');
    const view = await moderator.client.call<{ target: { exists: boolean; title: string; link: string } }>(`/api/ops/report/get?case_id=${item.case_id}`);
    expect(view.body.data!.target).toMatchObject({ exists: true, title: 'The keeper', link: `/play/thread/${threadId}` });
    expect((await reader.client.post('/api/ops/report/resolve', { case_id: item.case_id, action: 'Remove', note: 'x' })).body.status_code).not.toBe(0);
    expect((await moderator.client.post('/api/ops/report/resolve', { case_id: item.case_id, action: 'Remove', note: 'Spam links' })).body.status_code).toBe(0);
    expect((await get(reader.client, threadId)).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await reader.client.call<{ list: Array<{ thread_id: string }> }>(`${T}/user_list?uid=${player.uid}`)).body.data!.list.map((x) => x.thread_id)).not.toContain(threadId);
    const inbox = await player.client.call<{ list: Array<{ kind: string; title: string; story_name: string; text: string }> }>('/api/notice_box/list');
    expect(inbox.body.data!.list).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'ThreadRemoved', title: 'The keeper', story_name: 'Lighthouse', text: 'Spam links' })]));
    // The owner deletes another of theirs; others cannot.
    const other = (await player.client.call<{ list: Array<{ thread_id: string }> }>(`${T}/user_list?uid=${player.uid}`)).body.data!.list[0]!.thread_id;
    expect((await reader.client.post(`${T}/del`, { thread_id: other })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await player.client.post(`${T}/del`, { thread_id: other })).body.status_code).toBe(0);
    expect((await get(reader.client, other)).body.status_code).toBe(ErrorCode.RecordNotFound);
  });
});
