import { ErrorCode } from 'shared-kit';
import { CookieClient, signInByPhone, type TestApi } from './helpers';
import { ADULT } from './editor.support';
import { type FakeOpenAI } from './support/fakeOpenAI';
import { startBotApi } from './support/botStories';
import { nextPhone, readStream, type Sent } from './support/playStories';

/*
 * A bot (one character, no chapters) is played in one open chapter that never ends, its lorebook joins the prompt,
 * and before the first turn the player may choose its opening among the character's other opening lines.
 */

let fake: FakeOpenAI;
let api: TestApi;
let botId: string;
let creator: CookieClient;

interface Start {
  play_info: { play_id: string; turns: number; greetings?: string[]; greeting?: number; chapters_count: number };
  dialogues: Array<{ type: string; content: string }>;
}

beforeAll(async () => {
  ({ fake, api, creator, botId } = await startBotApi({
    greetings: ['Back so soon, @{player}?', 'The kettle is on.'],
    lorebook: { entries: [{ entry_id: 'w1', keys: ['kettle'], content: 'The kettle was a gift from the sea.' }] },
  }));
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await fake?.close();
});

async function send(client: CookieClient, playId: string, message: string) {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
  return fake.streamed[fake.streamed.length - 1]!.messages;
}

describe('a bot with a lorebook', () => {
  it('reads back with its lorebook, so the editor saves it again rather than dropping it', async () => {
    const got = await creator.call<{ lorebook?: { entries: Array<{ entry_id: string; content: string }> } }>(`/api/editor/story/get?story_id=${botId}`);
    expect(got.body.data!.lorebook?.entries).toEqual([expect.objectContaining({ entry_id: 'w1', content: 'The kettle was a gift from the sea.' })]);
  });
});

describe('playing a bot', () => {
  it('offers the openings before the first turn, plays the chosen one, and chats on without an ending', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const start = await client.post<Start>('/api/tyler/story/start_play', { story_id: botId });
    expect(start.body.status_code).toBe(0);
    const info = start.body.data!.play_info;
    expect(info.chapters_count).toBe(1);
    expect(info.greetings).toEqual(['Hello, traveller. Tea?', 'Back so soon, Player?', 'The kettle is on.']);
    expect(info.greeting).toBe(0);

    const wrong = await client.post('/api/tyler/story/choose_greeting', { play_id: info.play_id, greeting: 3 });
    expect(wrong.body.status_code).not.toBe(0);
    const chosen = await client.post<Start>('/api/tyler/story/choose_greeting', { play_id: info.play_id, greeting: 2 });
    expect(chosen.body.status_code).toBe(0);
    expect(chosen.body.data!.play_info.greeting).toBe(2);
    expect(chosen.body.data!.dialogues.find((d) => d.type === 'OpeningRemark')?.content).toBe('The kettle is on.');

    const judged = fake.requests.filter((r) => !r.stream).length;
    const first = await send(client, info.play_id, 'What a nice kettle.');
    // The chosen opening is what the model reads, and the kettle's entry joined the prompt.
    expect(first.some((m) => m.role === 'assistant' && m.content === 'Mira: The kettle is on.')).toBe(true);
    expect(first[0]!.content).toContain('The kettle was a gift from the sea.');
    await send(client, info.play_id, 'Tell me more.');
    // No objective to judge: the director is never asked, and the chat goes on.
    expect(fake.requests.filter((r) => !r.stream).length).toBe(judged);
    const after = await client.call<{ turns: number; ending: unknown; greetings?: string[] }>(`/api/tyler/play_info?play_id=${info.play_id}`);
    expect(after.body.data).toMatchObject({ turns: 2, ending: null });
    expect(after.body.data!.greetings).toBeUndefined();
    const late = await client.post('/api/tyler/story/choose_greeting', { play_id: info.play_id, greeting: 1 });
    expect(late.body.status_code).not.toBe(0);
  });
});

describe('a bot in the feed and in share links', () => {
  interface Card { story_id: string; is_bot: boolean }
  interface Info { share_type: string; title: string; path: string; play_path: string }

  it('carries is_bot on its card and detail (a story does not), and is shared as a bot: the landing page says it is a character chat', async () => {
    const visitor = new CookieClient(api.baseUrl);
    expect((await visitor.call<Card>(`/api/tyler/detail?story_id=${botId}`)).body.data).toMatchObject({ story_id: botId, is_bot: true });
    expect((await visitor.call<Card>(`/api/tyler/story/info?story_id=${botId}`)).body.data).toMatchObject({ is_bot: true });
    const list = await visitor.call<{ stories: Card[] }>('/api/tyler/story/list?offset=0&count=50');
    expect(list.body.data!.stories.find((s) => s.story_id === botId)).toMatchObject({ is_bot: true });
    expect(list.body.data!.stories.filter((s) => s.story_id !== botId).every((s) => s.is_bot === false)).toBe(true);

    // The creator, another user and a guest share it as a bot; each link's page says it is a character chat.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const guest = new CookieClient(api.baseUrl);
    expect((await guest.post('/api/passport/guest')).body.status_code).toBe(0);
    for (const who of [creator, other, guest]) {
      const made = await who.post<Info>('/api/share/story/create_info', { share_type: 'Bot', story_id: botId });
      expect(made.body).toMatchObject({ status_code: 0, data: { share_type: 'Bot', title: 'Mira: a character chat', play_path: `/play/story/${botId}` } });
      const html = await (await fetch(`${api.baseUrl}${made.body.data!.path}`)).text();
      expect(html).toContain('<meta property="og:title" content="Mira: a character chat">');
      expect(html).toContain('Character chat');
      expect(html).toContain('Start chatting');
    }
    // A Chinese visitor reads the bot's landing page in Chinese, the bot's name as written.
    const link = (await creator.post<Info>('/api/share/story/create_info', { share_type: 'Bot', story_id: botId })).body.data!;
    const zh = await (await fetch(`${api.baseUrl}${link.path}`, { headers: { 'accept-language': 'zh-CN' } })).text();
    expect(zh).toContain('<meta property="og:title" content="Mira：角色聊天">');
    expect(zh).toContain('角色聊天：与这个 AI 角色一对一交谈');
    expect(zh).toContain('>开始聊天</a>');
    // Signed out: no link of one's own.
    expect((await new CookieClient(api.baseUrl).post('/api/share/story/create_info', { share_type: 'Bot', story_id: botId })).body.status_code).toBe(ErrorCode.NeedLogin);
    // Someone the creator blocked cannot share it.
    const me = await other.call<{ uid: string }>('/api/tyler/user/detail');
    expect((await creator.post('/api/tyler/user/block', { uid: me.body.data!.uid })).body.status_code).toBe(0);
    expect((await other.post('/api/share/story/create_info', { share_type: 'Bot', story_id: botId })).body.status_code).toBe(ErrorCode.NoPermission);
  });
});
