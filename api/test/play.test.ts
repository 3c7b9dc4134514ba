import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { storyPayload } from './editor.support';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import {
  ADULT,
  nextPhone,
  publishStory,
  readStream,
  textOf,
  type SseEvent,
  type Dlg,
  type PlayInfo,
  type Started,
  type Sent,
} from './support/playStories';

let api: TestApi;
let storyId: string;

beforeAll(async () => {
  api = await startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '5' },
  });
  ({ storyId } = await publishStory(api.baseUrl));
}, 30_000);
afterAll(async () => {
  await api.stop();
});

async function player(): Promise<CookieClient> {
  return signInByPhone(api.baseUrl, nextPhone(), ADULT);
}

async function start(client: CookieClient, body: Record<string, unknown> = {}): Promise<Started> {
  const res = await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId, ...body });
  expect(res.body.status_code).toBe(0);
  return res.body.data!;
}

/** Sends a message and reads the reply's stream to its end. */
async function turn(
  client: CookieClient,
  playId: string,
  message: string,
): Promise<{ sent: Sent; events: SseEvent[] }> {
  const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
  expect(res.body).toMatchObject({ status_code: 0 });
  const sent = res.body.data!;
  const { events, contentType } = await readStream(
    client,
    `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}&seq_ed=${sent.seq_ed}`,
  );
  expect(contentType).toMatch(/^text\/event-stream/);
  expect(events[events.length - 1]!.event).toBe('done');
  return { sent, events };
}

async function dialogues(client: CookieClient, playId: string): Promise<Dlg[]> {
  const res = await client.call<{ dialogues: Dlg[] }>(
    `/api/tyler/dialogue_list?play_id=${playId}&seq_st=1&count=200`,
  );
  expect(res.body.status_code).toBe(0);
  return res.body.data!.dialogues;
}

describe('a whole play through the offline storyteller', () => {
  it('opens, streams replies, moves to the next chapter and reaches the happy ending', async () => {
    const alex = await player();
    const { play_info: info, dialogues: opening } = await start(alex);
    expect(info).toMatchObject({
      status: PlayStatus.Start,
      chapter_index: 0,
      node_id: 'n1',
      ai_mode: 'offline',
      ending: null,
    });
    expect(opening.map((d) => d.type)).toEqual([DialogueType.OpeningRemark, DialogueType.ChapterTarget]);
    expect(opening[0]).toMatchObject({ content: 'Welcome, traveller.', character_id: 'c1', seq: 1 });
    expect(opening[1]).toMatchObject({ content: 'Find the keeper.', seq: 2 });

    // Chapter 1 asks to find the keeper: searching for her does it.
    const first = await turn(alex, info.play_id, 'Hello? I search the tower for the keeper.');
    expect(first.sent).toMatchObject({ seq_st: 3, seq_ed: 4 });
    expect(first.sent.input_dialogue).toMatchObject({
      type: DialogueType.Input,
      content: 'Hello? I search the tower for the keeper.',
      seq: 3,
    });
    const replyId = first.sent.reply_dialogue_ids[0]!;
    const deltas = first.events.filter((e) => e.event === 'delta' && e.data.dialogue_id === replyId);
    expect(deltas.length).toBeGreaterThan(3);
    const types = first.events.filter((e) => e.event === 'dialogue').map((e) => e.data.type);
    expect(types).toEqual([
      DialogueType.Input,
      DialogueType.NpcDialogue,
      DialogueType.SwitchChapter,
      DialogueType.ChapterTarget,
    ]);
    const done = first.events[first.events.length - 1]!.data.play_info as PlayInfo;
    expect(done).toMatchObject({ status: PlayStatus.Playing, chapter_index: 1, node_id: 'n2' });

    const stored = await dialogues(alex, info.play_id);
    const reply = stored.find((d) => d.dialogue_id === replyId)!;
    expect(reply).toMatchObject({
      status: DialogueStatus.Normal,
      done: true,
      type: DialogueType.NpcDialogue,
      character_id: 'c1',
    });
    expect(textOf(first.events, replyId)).toBe(reply.content);
    // Written from the story's material: the keeper speaks in her own style and never quotes the player.
    expect(reply.content).not.toMatch(/search the tower|for the keeper/i);
    expect(reply.content).toContain('Speaks softly.');
    // Chapter 2's objective is not public: its target carries no text.
    expect(stored.filter((d) => d.type === DialogueType.ChapterTarget).map((d) => d.content)).toEqual([
      'Find the keeper.',
      '',
    ]);

    const second = await turn(alex, info.play_id, 'We must survive the night together.');
    const end = second.events[second.events.length - 1]!.data.play_info as PlayInfo;
    expect(end).toMatchObject({
      status: PlayStatus.Ending,
      ending: { type: DialogueType.HappyEnding, content: 'Survive the night.' },
    });
    const all = await dialogues(alex, info.play_id);
    expect(all.map((d) => d.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all[all.length - 1]).toMatchObject({ type: DialogueType.HappyEnding });

    const ending = await alex.call(`/api/tyler/play_ending_info?play_id=${info.play_id}`);
    expect(ending.body).toMatchObject({
      status_code: 0,
      data: { ending_type: DialogueType.HappyEnding, is_happy: true, turns: 2, chapters_count: 2 },
    });
    const after = await alex.post('/api/tyler/message/send', { play_id: info.play_id, message: 'Again?' });
    expect(after.body).toMatchObject({
      status_code: ErrorCode.BusinessError,
      data: { reason: 'play_ended' },
    });

    const played = await alex.call<{ stories: Array<{ story_id: string; play_id: string }> }>(
      '/api/tyler/played_story',
    );
    expect(played.body.data!.stories).toEqual([
      expect.objectContaining({ story_id: storyId, play_id: info.play_id }),
    ]);
  }, 30_000);

  it('is deterministic: the same words in the same place get the same reply', async () => {
    const a = await player();
    const b = await player();
    const pa = (await start(a)).play_info.play_id;
    const pb = (await start(b)).play_info.play_id;
    const ra = await turn(a, pa, 'Tell me about the island');
    const rb = await turn(b, pb, 'Tell me about the island');
    const ta = textOf(ra.events, ra.sent.reply_dialogue_ids[0]!);
    expect(ta.length).toBeGreaterThan(10);
    expect(textOf(rb.events, rb.sent.reply_dialogue_ids[0]!)).toBe(ta);
  }, 30_000);

  it('ends badly when the player gives up', async () => {
    const c = await player();
    const playId = (await start(c)).play_info.play_id;
    const { events } = await turn(c, playId, 'I give up, I want to go home.');
    expect(events.filter((e) => e.event === 'dialogue').map((e) => e.data.type)).toEqual([
      DialogueType.Input,
      DialogueType.NpcDialogue,
      DialogueType.BadEnding,
    ]);
    const ending = await c.call(`/api/tyler/play_ending_info?play_id=${playId}`);
    expect(ending.body).toMatchObject({
      status_code: 0,
      data: { ending_type: DialogueType.BadEnding, is_happy: false },
    });
  }, 30_000);
});

describe('the offline storyteller', () => {
  /** Runs of three words of a text, lower-cased. */
  const triples = (text: string) => {
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    return words.slice(0, -2).map((w, i) => `${w} ${words[i + 1]} ${words[i + 2]}`);
  };

  it('keeps ten turns of small talk in chapter 1, each reply new and none quoting the player, and moves on when the player does what the objective asks', async () => {
    const sam = await player();
    const playId = (await start(sam)).play_info.play_id;
    const smallTalk = ['Hello!', 'How are you tonight?', 'Nice weather for a walk.', 'What is your name?', 'Tell me about yourself.', 'I like the sea at night.', 'Thank you so much.', 'Are you cold?', 'Is the keeper here?', 'What time is it now?'];
    const replies: string[] = [];
    for (const message of smallTalk) {
      const t = await turn(sam, playId, message);
      const done = t.events[t.events.length - 1]!.data.play_info as PlayInfo;
      expect(done).toMatchObject({ chapter_index: 0, status: PlayStatus.Playing });
      const reply = textOf(t.events, t.sent.reply_dialogue_ids[0]!);
      for (const run of triples(message)) expect(reply.toLowerCase()).not.toContain(run);
      // Whole sentences, from the story's own material, never from the objective or a later chapter.
      for (const s of reply.split(/(?<=[.!?])\s+/)) expect(s).toMatch(/^[A-Z].*[.!?]$/);
      expect(reply).not.toMatch(/find the keeper|survive|the storm breaks/i);
      replies.push(reply);
    }
    expect(new Set(replies).size).toBe(10);
    const act = await turn(sam, playId, 'I go and look for the keeper.');
    const done = act.events[act.events.length - 1]!.data.play_info as PlayInfo;
    expect(done).toMatchObject({ chapter_index: 1, node_id: 'n2' });
  }, 60_000);

  it('answers as the character the player addresses, by one word of the name, in that character\'s voice', async () => {
    const base = storyPayload();
    const tom = { ...base.characters![1]!, character_name: 'Tom Reed', style: 'Aye, the sea keeps her own counsel.' };
    const { storyId: reedStory } = await publishStory(api.baseUrl, { characters: [base.characters![0]!, tom] });
    const kim = await player();
    const playId = (await kim.post<Started>('/api/tyler/story/start_play', { story_id: reedStory })).body.data!.play_info.play_id;
    const t = await turn(kim, playId, 'Reed, what do you make of this weather?');
    const replyId = t.sent.reply_dialogue_ids[0]!;
    const reply = (await dialogues(kim, playId)).find((d) => d.dialogue_id === replyId)!;
    expect(reply).toMatchObject({ character_id: 'c2' });
    expect(reply.content).toContain('Aye, the sea keeps her own counsel.');
  }, 60_000);
});

describe('backtrack and restart', () => {
  it('backtrack removes everything after the chosen dialogue and restores the chapter', async () => {
    const e = await player();
    const playId = (await start(e)).play_info.play_id;
    await turn(e, playId, 'Good evening.');
    const t2 = await turn(e, playId, 'I am looking for the keeper.');
    const before = await dialogues(e, playId);
    expect(before.some((d) => d.type === DialogueType.SwitchChapter)).toBe(true);

    const anchor = t2.sent.input_dialogue;
    const back = await e.post<{ play_info: PlayInfo }>('/api/tyler/story/backtrack', {
      play_id: playId,
      dialogue_id: before.find((d) => d.seq === anchor.seq - 1)!.dialogue_id,
    });
    expect(back.body.status_code).toBe(0);
    expect(back.body.data!.play_info).toMatchObject({
      chapter_index: 0,
      node_id: 'n1',
      status: PlayStatus.Playing,
    });
    const after = await dialogues(e, playId);
    expect(after.map((d) => d.seq)).toEqual(before.filter((d) => d.seq < anchor.seq).map((d) => d.seq));
    expect(after.some((d) => d.type === DialogueType.SwitchChapter)).toBe(false);

    // Play continues from there; the removed rows' numbers are never given to new rows.
    const again = await turn(e, playId, 'Hello again.');
    expect(again.sent.seq_st).toBe(Math.max(...before.map((d) => d.seq)) + 1);
    const seqs = (await dialogues(e, playId)).map((d) => d.seq);
    expect(seqs.slice(0, after.length + 2)).toEqual([...after.map((d) => d.seq), again.sent.seq_st, again.sent.seq_st + 1]);

    const other = await player();
    const foreign = await other.post('/api/tyler/story/backtrack', {
      play_id: playId,
      dialogue_id: anchor.dialogue_id,
    });
    expect(foreign.body.status_code).toBe(ErrorCode.RecordNotFound);
  }, 30_000);

  it('restart starts a new play from the opening', async () => {
    const f = await player();
    const first = (await start(f)).play_info.play_id;
    await turn(f, first, 'Hello there.');
    const res = await f.post<Started>('/api/tyler/story/restart_play', { play_id: first });
    expect(res.body.status_code).toBe(0);
    const fresh = res.body.data!;
    expect(fresh.play_info.play_id).not.toBe(first);
    expect(fresh.play_info.status).toBe(PlayStatus.Start);
    expect(fresh.dialogues.map((d) => d.type)).toEqual([
      DialogueType.OpeningRemark,
      DialogueType.ChapterTarget,
    ]);
    // Resuming the story now opens the new play; the old one keeps its dialogues.
    expect((await start(f)).play_info.play_id).toBe(fresh.play_info.play_id);
    expect((await dialogues(f, first)).length).toBeGreaterThan(2);
    const played = await f.call<{ stories: Array<{ play_id: string }> }>('/api/tyler/played_story');
    expect(played.body.data!.stories.map((s) => s.play_id)).toEqual([fresh.play_info.play_id]);
    const del = await f.post('/api/tyler/del_played_story', { story_id: storyId });
    expect(del.body.status_code).toBe(0);
    const none = await f.call<{ stories: unknown[] }>('/api/tyler/played_story');
    expect(none.body.data!.stories).toEqual([]);
  }, 30_000);
});

describe('what players send', () => {
  it('rejects operator objects and other non-strings with 1009', async () => {
    const g = await player();
    const playId = (await start(g)).play_info.play_id;
    const cases: Array<[string, unknown]> = [
      ['/api/tyler/message/send', { play_id: playId, message: { $ne: null } }],
      ['/api/tyler/message/send', { play_id: { $gt: '' }, message: 'hi' }],
      ['/api/tyler/story/start_play', { story_id: { $regex: '.*' } }],
      ['/api/tyler/story/backtrack', { play_id: playId, dialogue_id: { $exists: true } }],
      ['/api/tyler/search', { keyword: { $where: 'sleep(100)' } }],
    ];
    for (const [path, body] of cases) {
      const res = await g.post(path, body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
    }
    const query = await g.call(`/api/tyler/dialogue_list?play_id[$ne]=1`);
    expect(query.body.status_code).toBe(ErrorCode.ClientParamError);
    const stream = await g.call(`/api/tyler/message/stream_reply?dialogue_id=abc`);
    expect(stream.body.status_code).toBe(ErrorCode.ClientParamError);
  }, 30_000);

  it('limits input length and hides flagged input', async () => {
    const h = await player();
    const playId = (await start(h)).play_info.play_id;
    const long = await h.post('/api/tyler/message/send', {
      play_id: playId,
      message: 'a'.repeat(api.config.chat.inputMaxChars + 1),
    });
    expect(long.body).toMatchObject({
      status_code: ErrorCode.InputLimit,
      data: { max_chars: api.config.chat.inputMaxChars },
    });
    const flagged = await h.post<{ dialogue_id: string }>('/api/tyler/message/send', {
      play_id: playId,
      message: 'show me some porn',
    });
    expect(flagged.body.status_code).toBe(ErrorCode.SecurityFail);
    const list = await dialogues(h, playId);
    const hidden = list.find((d) => d.dialogue_id === flagged.body.data!.dialogue_id)!;
    expect(hidden).toMatchObject({ status: DialogueStatus.SecurityFail, content: '' });
    // The play goes on.
    await turn(h, playId, 'Hello keeper.');
  }, 30_000);

  it('refuses a second message while a reply is being written', async () => {
    const k = await player();
    const playId = (await start(k)).play_info.play_id;
    const one = await k.post<Sent>('/api/tyler/message/send', {
      play_id: playId,
      message: 'First words, quite a few of them to take a while.',
    });
    expect(one.body.status_code).toBe(0);
    const two = await k.post('/api/tyler/message/send', { play_id: playId, message: 'Second.' });
    expect(two.body.status_code).toBe(ErrorCode.ConcurrentOperation);
    await readStream(
      k,
      `/api/tyler/message/stream_reply?dialogue_id=${one.body.data!.reply_dialogue_ids[0]}`,
    );
  }, 30_000);
});

describe('catalogue', () => {
  it('lists, details, searches and relates passed stories', async () => {
    const anyone = new CookieClient(api.baseUrl);
    const list = await anyone.call<{ stories: Array<{ story_id: string; chapters_count: number }> }>(
      '/api/tyler/story/list?offset=0&count=10',
    );
    expect(list.body.data!.stories).toEqual(
      expect.arrayContaining([expect.objectContaining({ story_id: storyId, chapters_count: 2 })]),
    );
    const detail = await anyone.call<{ chapters: Array<{ objective: string }> }>(
      `/api/tyler/detail?story_id=${storyId}`,
    );
    expect(detail.body.data!.chapters.map((c) => c.objective)).toEqual(['Find the keeper.', '']);
    const found = await anyone.post<{ stories: Array<{ story_id: string }> }>('/api/tyler/search', {
      keyword: 'lighthouse',
    });
    expect(found.body.data!.stories.map((s) => s.story_id)).toContain(storyId);
    const missing = await anyone.post<{ stories: unknown[] }>('/api/tyler/search', { keyword: 'zeppelin' });
    expect(missing.body.data!.stories).toEqual([]);
    const unknown = await anyone.call('/api/tyler/story/info?story_id=999999');
    expect(unknown.body.status_code).toBe(ErrorCode.NoStory);
  }, 30_000);
});
