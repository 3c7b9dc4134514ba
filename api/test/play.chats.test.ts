import { DialogueType, ErrorCode } from 'shared-kit';
import { Play } from '../src/modules/play/play.model';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

interface Chat {
  story_id: string;
  play_id: string;
  story_name: string;
  turns: number;
  last_line: { role: string; character_name: string; content: string; type: string } | null;
}
interface Page<T> {
  stories: T[];
  has_more: boolean;
  next_offset: number;
}

let api: TestApi;
let first: string;
let second: string;

beforeAll(async () => {
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0' } });
  ({ storyId: first } = await publishStory(api.baseUrl));
  ({ storyId: second } = await publishStory(api.baseUrl, { story_name: 'The second island' }));
}, 60_000);
afterAll(async () => {
  await api.stop();
});

const player = () => signInByPhone(api.baseUrl, nextPhone(), ADULT);

async function start(client: CookieClient, storyId: string): Promise<Started> {
  const res = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

async function say(client: CookieClient, playId: string, message: string): Promise<void> {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  const { events } = await readStream(
    client,
    `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}&seq_ed=${sent.seq_ed}`,
  );
  expect(events[events.length - 1]!.event).toBe('done');
}

describe('chat_list: the player\'s conversations', () => {
  it('lists the latest play of each story, newest first, with the last line said; pages; only one\'s own', async () => {
    const p = await player();
    const a = await start(p, first);
    const b = await start(p, second);
    await say(p, a.play_info.play_id, 'Hello, is anyone here?');

    const res = await p.call<Page<Chat>>('/api/tyler/chat_list');
    expect(res.body.status_code).toBe(0);
    const chats = res.body.data!.stories;
    expect(chats.map((c) => c.play_id)).toEqual([a.play_info.play_id, b.play_info.play_id]);
    // The first play's last line is the storyteller's answer; the second has only its opening line.
    expect(chats[0]!.last_line).toMatchObject({ role: expect.not.stringMatching(/^player$/) });
    expect(chats[0]!.last_line!.content.length).toBeGreaterThan(0);
    expect(chats[0]!.turns).toBe(1);
    expect(chats[1]!.last_line).toMatchObject({ type: DialogueType.OpeningRemark, content: 'Welcome, traveller.' });

    const page1 = await p.call<Page<Chat>>('/api/tyler/chat_list?count=1');
    expect(page1.body.data).toMatchObject({ has_more: true, next_offset: 1 });
    expect(page1.body.data!.stories.map((c) => c.play_id)).toEqual([a.play_info.play_id]);
    const page2 = await p.call<Page<Chat>>('/api/tyler/chat_list?count=1&offset=1');
    expect(page2.body.data).toMatchObject({ has_more: false, next_offset: 2 });
    expect(page2.body.data!.stories.map((c) => c.play_id)).toEqual([b.play_info.play_id]);

    // Another player sees none of them.
    const other = await player();
    const none = await other.call<Page<Chat>>('/api/tyler/chat_list');
    expect(none.body.data).toEqual({ stories: [], has_more: false, next_offset: 0 });
  }, 60_000);

  it('serves a guest their own plays and refuses a visitor with no session (1007)', async () => {
    const guest = new CookieClient(api.baseUrl);
    expect((await guest.post('/api/passport/guest')).body.status_code).toBe(0);
    const g = await start(guest, first);
    const mine = await guest.call<Page<Chat>>('/api/tyler/chat_list');
    expect(mine.body.data!.stories.map((c) => c.play_id)).toEqual([g.play_info.play_id]);

    const visitor = new CookieClient(api.baseUrl);
    expect((await visitor.call('/api/tyler/chat_list')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await visitor.call('/api/tyler/del_played_story?all=1')).body.status_code).toBe(ErrorCode.NeedLogin);
  }, 30_000);

  it('answers bad paging with 1009, never a 500', async () => {
    const p = await player();
    for (const q of ['offset=-1', 'count=0', 'count=51', 'count=abc', 'offset=abc', 'offset=1e9']) {
      const res = await p.call(`/api/tyler/chat_list?${q}`);
      expect(res.status).toBeLessThan(500);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
  }, 30_000);
});

describe('history: recently played, removing one, clearing', () => {
  it('within_days keeps only recent plays; del_played_story removes one or all, from chats too', async () => {
    const p = await player();
    const a = await start(p, first);
    await start(p, second);
    // The first story was last played ten days ago.
    await Play.updateOne({ play_id: a.play_info.play_id }, { $set: { last_played_at: new Date(Date.now() - 10 * 86_400_000) } });

    const all = await p.call<Page<Chat>>('/api/tyler/played_story');
    expect(all.body.data!.stories.map((s) => s.story_id)).toEqual([second, first]);
    const recent = await p.call<Page<Chat>>('/api/tyler/played_story?within_days=7');
    expect(recent.body.data!.stories.map((s) => s.story_id)).toEqual([second]);

    const one = await p.post<{ story_id: string; hidden: number }>('/api/tyler/del_played_story', { story_id: second });
    expect(one.body).toMatchObject({ status_code: 0, data: { story_id: second, hidden: 1 } });
    const chats = await p.call<Page<Chat>>('/api/tyler/chat_list');
    expect(chats.body.data!.stories.map((s) => s.story_id)).toEqual([first]);

    // Clearing hides the rest; another player's history is untouched.
    const other = await player();
    await start(other, first);
    const cleared = await p.call<{ story_id: string; hidden: number }>('/api/tyler/del_played_story?all=1');
    expect(cleared.body).toMatchObject({ status_code: 0, data: { story_id: '', hidden: 1 } });
    expect((await p.call<Page<Chat>>('/api/tyler/played_story')).body.data!.stories).toEqual([]);
    expect((await p.call<Page<Chat>>('/api/tyler/chat_list')).body.data!.stories).toEqual([]);
    expect((await other.call<Page<Chat>>('/api/tyler/played_story')).body.data!.stories).toHaveLength(1);
    // The plays themselves stay: the story resumes where it was.
    expect((await start(p, first)).play_info.play_id).toBe(a.play_info.play_id);
  }, 60_000);

  it('answers bad input with 1009, never a 500', async () => {
    const p = await player();
    const bad: Array<[string, Record<string, unknown> | null]> = [
      ['/api/tyler/played_story?within_days=0', null],
      ['/api/tyler/played_story?within_days=400', null],
      ['/api/tyler/played_story?within_days=x', null],
      ['/api/tyler/del_played_story', null],
      ['/api/tyler/del_played_story?all=0', null],
      [`/api/tyler/del_played_story?all=1&story_id=${first}`, null],
      ['/api/tyler/del_played_story?story_id[$ne]=1', null],
      ['/api/tyler/del_played_story', {}],
      ['/api/tyler/del_played_story', { all: false }],
      ['/api/tyler/del_played_story', { all: 'yes' }],
      ['/api/tyler/del_played_story', { all: true, story_id: first }],
      ['/api/tyler/del_played_story', { story_id: { $gt: '' } }],
    ];
    for (const [path, body] of bad) {
      const res = body ? await p.post(path, body) : await p.call(path);
      expect(res.status).toBeLessThan(500);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
  }, 30_000);
});
