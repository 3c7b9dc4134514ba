import { ErrorCode } from 'shared-kit';
import { call, CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

/*
 * `story/play_list`: a player's own plays of one story, for the story page to open any of them (start_play with its
 * play_id). Per role: the player, another user, a guest, a visitor, a player the creator blocked; and bad input.
 */

interface Entry {
  play_id: string;
  story_id: string;
  play_status: string;
  chapter_index: number;
  chapters_count: number;
  turns: number;
  ending: { type: string } | null;
  created_at: string | null;
  last_played_at: string | null;
  last_line: { role: string; character_name: string; content: string; type: string } | null;
}
interface List {
  plays: Entry[];
  has_more: boolean;
  next_offset: number;
}

let api: TestApi;
let storyId: string;
let otherStory: string;
let creator: CookieClient;

beforeAll(async () => {
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0' } });
  ({ storyId, creator } = await publishStory(api.baseUrl));
  ({ storyId: otherStory } = await publishStory(api.baseUrl, { story_name: 'Another island' }));
}, 60_000);
afterAll(async () => {
  await api.stop();
});

const player = () => signInByPhone(api.baseUrl, nextPhone(), ADULT);

async function start(client: CookieClient, body: Record<string, unknown>): Promise<Started> {
  const res = await client.post<Started>('/api/tyler/story/start_play', body);
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

async function say(client: CookieClient, playId: string, message: string): Promise<void> {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  const { events } = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}&seq_ed=${sent.seq_ed}`);
  expect(events[events.length - 1]!.event).toBe('done');
}

async function list(client: CookieClient, query = ''): Promise<List> {
  const res = await client.call<List>(`/api/tyler/story/play_list?story_id=${storyId}${query}`);
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

describe('story/play_list and opening any play', () => {
  it('lists the player\u2019s own plays of the story, newest first, with chapter, turns and last line; pages; any of them opens by play_id', async () => {
    const p = await player();
    expect(await list(p)).toEqual({ plays: [], has_more: false, next_offset: 0 });
    const a = (await start(p, { story_id: storyId })).play_info.play_id;
    await say(p, a, 'The first visit: where is the oil?');
    const b = (await start(p, { story_id: storyId, is_new_play: true })).play_info.play_id;
    expect(b).not.toBe(a);
    await say(p, b, 'A second try, from the start.');
    // A play of another story is not listed here.
    await start(p, { story_id: otherStory });

    const both = await list(p);
    expect(both.plays.map((x) => x.play_id)).toEqual([b, a]);
    expect(both.has_more).toBe(false);
    const [newest, older] = both.plays;
    expect(newest).toMatchObject({ story_id: storyId, chapter_index: 0, turns: 1, ending: null, last_line: { role: expect.any(String) } });
    expect(newest!.chapters_count).toBeGreaterThan(0);
    expect(Date.parse(newest!.created_at!)).toBeGreaterThan(0);
    expect(Date.parse(older!.last_played_at!)).toBeLessThanOrEqual(Date.parse(newest!.last_played_at!));
    expect(older!.last_line!.content.length).toBeGreaterThan(0);

    const first = await list(p, '&count=1');
    expect(first).toMatchObject({ plays: [{ play_id: b }], has_more: true, next_offset: 1 });
    expect(await list(p, '&offset=1&count=1')).toMatchObject({ plays: [{ play_id: a }], has_more: false, next_offset: 2 });

    // The older play opens by its id, with its own lines, and becomes the newest.
    const resumed = await start(p, { story_id: storyId, play_id: a });
    expect(resumed.play_info.play_id).toBe(a);
    expect(resumed.dialogues.some((d) => d.content === 'The first visit: where is the oil?')).toBe(true);
    expect(resumed.dialogues.some((d) => d.content === 'A second try, from the start.')).toBe(false);
    expect((await list(p)).plays.map((x) => x.play_id)).toEqual([a, b]);
    // Without a play_id the latest is resumed, as before.
    expect((await start(p, { story_id: storyId })).play_info.play_id).toBe(a);

    // A restart leaves its play behind (hidden): the new one is listed instead.
    const restarted = await p.post<Started>('/api/tyler/story/restart_play', { play_id: a });
    const c = restarted.body.data!.play_info.play_id;
    expect((await list(p)).plays.map((x) => x.play_id)).toEqual([c, b]);
    // Deleted from the history: none listed.
    expect((await p.call(`/api/tyler/del_played_story?story_id=${storyId}`)).body.status_code).toBe(0);
    expect((await list(p)).plays).toEqual([]);
  });

  it('another user sees none of them and cannot open one by its id (1050001, nothing of its history); a play of another story is 2006', async () => {
    const p = await player();
    const a = (await start(p, { story_id: storyId })).play_info.play_id;
    await say(p, a, 'My private line');
    const other = await player();
    expect((await list(other)).plays).toEqual([]);
    for (const res of [
      await other.post('/api/tyler/story/start_play', { story_id: storyId, play_id: a }),
      await other.call(`/api/tyler/play_info?play_id=${a}`),
      await other.call(`/api/tyler/dialogue_list?play_id=${a}`),
    ]) {
      expect(res.body.status_code).toBe(ErrorCode.RecordNotFound);
      expect(JSON.stringify(res.body)).not.toContain('My private line');
    }
    expect((await p.post('/api/tyler/story/start_play', { story_id: otherStory, play_id: a })).body.status_code).toBe(ErrorCode.PlayIdMismatch);
  });

  it('a guest lists and opens its own plays; a visitor without a session is asked to log in', async () => {
    const g = new CookieClient(api.baseUrl);
    expect((await g.post('/api/passport/guest')).body.status_code).toBe(0);
    const a = (await start(g, { story_id: storyId })).play_info.play_id;
    const b = (await start(g, { story_id: storyId, is_new_play: true })).play_info.play_id;
    expect((await list(g)).plays.map((x) => x.play_id)).toEqual([b, a]);
    expect((await start(g, { story_id: storyId, play_id: a })).play_info.play_id).toBe(a);
    expect((await call(api.baseUrl, `/api/tyler/story/play_list?story_id=${storyId}`)).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('a player the creator blocked still lists and opens their own plays (their history)', async () => {
    const p = await player();
    const a = (await start(p, { story_id: storyId })).play_info.play_id;
    const b = (await start(p, { story_id: storyId, is_new_play: true })).play_info.play_id;
    const me = await p.call<{ uid: string }>('/api/tyler/user/detail');
    expect((await creator.post('/api/tyler/user/block', { uid: me.body.data!.uid })).body.status_code).toBe(0);
    expect((await list(p)).plays.map((x) => x.play_id)).toEqual([b, a]);
    expect((await start(p, { story_id: storyId, play_id: a })).play_info.play_id).toBe(a);
  });

  it('refuses bad input with 1009, never a 500', async () => {
    const p = await player();
    for (const q of ['', 'story_id=', 'story_id=abc', 'story_id=%24ne', `story_id=${storyId}&story_id=${storyId}`, `story_id=${storyId}&count=0`, `story_id=${storyId}&count=51`, `story_id=${storyId}&offset=-1`]) {
      const res = await p.call(`/api/tyler/story/play_list?${q}`);
      expect([q, res.status, res.body.status_code]).toEqual([q, 200, ErrorCode.ClientParamError]);
    }
  });
});
