import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, dialoguesOf, nextPhone, publishStory, readStream, type Sent, type SseEvent, type Started } from './support/playStories';

/*
 * What a turn costs the database when its reply is streamed by the process that writes it. The stream follows the
 * turn's own events (each row as MongoDB acknowledged it, then the play as its release left it) and reads nothing but
 * the story's live version for its closing `done`; the director works from the play as the turn holds it (no read),
 * its writes conditional on the hold. The stream still shows exactly what is stored.
 */

const TOKENS = ['The ', 'keeper ', 'lifts ', 'the ', 'lamp ', 'and ', 'looks ', 'at ', 'you.'];
/** The director says "met" when the player says they found the lamp. */
function model(req: FakeRequest): FakeBehaviour {
  if (req.stream) return { kind: 'stream', tokens: TOKENS, delayMs: 60 };
  const said = req.messages.map((m) => m.content).join('\n');
  return directorAnswer(req, /I found the lamp/.test(said.split('Conversation:')[1] ?? said));
}

describe('a turn’s database commands', () => {
  let fake: FakeOpenAI;
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start(model);
    api = await startTestApi({
      // SESSION_CACHE_MS is below a turn's length: the account stays cached by its revision all the same (no users read).
      env: { SESSION_CACHE_MS: '300', SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', DAILY_CHAT_LIMIT: '1000', LLM_BASE_URL: fake.url, LLM_API_KEY: 'k', LLM_MODEL: 'fake-model' },
    });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await fake?.close();
  });

  /** The database commands `work` makes (the background job queues' left out: the review worker polls every 20 ms). */
  async function counted<T>(work: () => Promise<T>): Promise<{ ops: Record<string, number>; result: T }> {
    const ops: Record<string, number> = {};
    mongoose.set('debug', (collection: string, method: string) => {
      if (/jobs/.test(collection)) return;
      ops[`${collection}.${method}`] = (ops[`${collection}.${method}`] ?? 0) + 1;
    });
    try {
      return { ops, result: await work() };
    } finally {
      mongoose.set('debug', false);
    }
  }

  /** The commands of one turn, from the send to its stream's `done` (the reply's flushes counted apart), and the stream. */
  async function turn(client: CookieClient, playId: string, message: string) {
    const { ops, result } = await counted(async () => {
      const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
      expect(sent.body.status_code).toBe(0);
      const { reply_dialogue_ids: [replyId], seq_st: seqSt } = sent.body.data!;
      const { events } = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${seqSt}`);
      return { events, replyId: replyId!, seqSt };
    });
    const { ['dialogues.updateOne']: flushes = 0, ...rest } = ops;
    return { ops: rest, flushes, ...result };
  }

  /** The fewest commands of three turns: on a loaded machine a stream can open after its turn is over and read it back. */
  async function fewest(client: CookieClient, playId: string, label: string) {
    let best: Awaited<ReturnType<typeof turn>> | undefined;
    const total = (ops: Record<string, number>) => Object.values(ops).reduce((a, b) => a + b, 0);
    for (let i = 0; i < 3; i++) {
      const t = await turn(client, playId, `${label} (${i + 1})`);
      if (!best || total(t.ops) < total(best.ops)) best = t;
    }
    return best!;
  }

  it('a turn: the claim, the quota, its rows, the reply, the release and the story’s live version; the stream shows what is stored', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turn(client, playId, 'A first turn to warm up.');
    const { ops, events } = await fewest(client, playId, 'Hello there.');
    expect(ops).toEqual({
      'sessions.findOne': 2, // the send's and the stream's sign-in (the account itself stays cached: see resolveToken)
      'plays.findOneAndUpdate': 2, // the claim and the release
      'chat_quotas.findOneAndUpdate': 1,
      'dialogues.insertMany': 1, // the message and the reply's placeholder
      'dialogues.findOneAndUpdate': 1, // the reply as finished
      'stories.findOne': 1, // `done` says whether a newer version is live
    });
    const shown = events.filter((e) => e.event === 'dialogue').map((e) => e.data);
    const stored = await dialoguesOf(client, playId);
    expect(shown.map((d) => d.type)).toEqual(['Input', stored[stored.length - 1]!.type]);
    expect(shown).toEqual(stored.filter((d) => shown.some((s) => s.dialogue_id === d.dialogue_id)));
    const reply = shown[1]!;
    expect(reply.content).toBe(TOKENS.join(''));
    expect(events.filter((e) => e.event === 'delta' && e.data.dialogue_id === reply.dialogue_id).map((e) => e.data.text).join('')).toBe(TOKENS.join(''));
    expect(events[events.length - 1]!.event).toBe('done');
  }, 90_000);

  it('a turn that ends the chapter: the director’s rows and the play’s next chapter in one conditional write, streamed from the turn’s events', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const started = (await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info;
    await turn(client, started.play_id, 'A first turn to warm up.');
    const { ops, events } = await turn(client, started.play_id, 'I found the lamp!');
    expect(ops['plays.findOne']).toBeUndefined();
    expect(ops['plays.updateOne']).toBe(1);
    expect(ops['dialogues.insertMany']).toBe(2);
    const shown = events.filter((e) => e.event === 'dialogue').map((e) => e.data);
    const stored = await dialoguesOf(client, started.play_id);
    expect(shown.map((d) => d.type)).toEqual(['Input', stored[stored.length - 3]!.type, 'SwitchChapter', 'ChapterTarget']);
    expect(shown).toEqual(stored.slice(-4));
    // `done` carries the play as the director left it: the next chapter, as play_info reads it.
    const done = events[events.length - 1]!;
    expect(done.event).toBe('done');
    const after = (await client.call<Record<string, unknown>>(`/api/tyler/play_info?play_id=${started.play_id}`)).body.data!;
    expect(after.chapter_index).toBe(1);
    expect({ ...(done.data.play_info as Record<string, unknown>), send_limit: after.send_limit }).toEqual(after);
  }, 90_000);

  it('a stream opened after its turn is over, naming the reply’s play: the play and its rows together, then the story; the same events as without', async () => {
    const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await client.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    await turn(client, playId, 'A first turn to warm up.');
    const live = await turn(client, playId, 'Hello again.');
    // The turn is over and its reply no longer written here: what another process, or a late stream, meets.
    const query = `/api/tyler/message/stream_reply?dialogue_id=${live.replyId}&seq_st=${live.seqSt}`;
    const named = await counted(() => readStream(client, `${query}&play_id=${playId}`));
    expect(named.ops).toEqual({
      'sessions.findOne': 1, // the sign-in
      'plays.findOne': 1, // the caller's play: whose it is, and whether its turn is over
      'dialogues.find': 1, // its rows from seq_st, the reply among them
      'stories.findOne': 1, // `done`'s live version
    });
    // Without the play named, the reply is read first to find it: one command more, the same events.
    const unnamed = await counted(() => readStream(client, query));
    expect(unnamed.ops).toEqual({ ...named.ops, 'dialogues.findOne': 1 });
    expect(named.result.events).toEqual(unnamed.result.events);
    // What the late stream shows is what the turn's own stream showed: the rows, then the same `done`.
    const rowsOf = (events: SseEvent[]) => events.filter((e) => e.event === 'dialogue').map((e) => e.data);
    expect(rowsOf(named.result.events)).toEqual(rowsOf(live.events));
    expect(named.result.events[named.result.events.length - 1]).toEqual(live.events[live.events.length - 1]);

    // Only the play's owner: another player naming this play, or their own play beside this reply, is refused as
    // without it (1050001, nothing streamed); a signed-out caller as before.
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const theirs = (await other.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    for (const path of [query, `${query}&play_id=${playId}`, `${query}&play_id=${theirs}`]) {
      expect((await other.call(path)).body.status_code).toBe(ErrorCode.RecordNotFound);
    }
    expect((await client.post('/api/passport/logout', {})).body.status_code).toBe(0);
    expect((await client.call(`${query}&play_id=${playId}`)).body.status_code).toBe(ErrorCode.NeedLogin);
  }, 90_000);
});
