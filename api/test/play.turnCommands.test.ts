import mongoose from 'mongoose';
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

  /** The commands of one turn, from the send to its stream's `done` (the reply's flushes counted apart), and the stream. */
  async function turn(client: CookieClient, playId: string, message: string) {
    const ops: Record<string, number> = {};
    mongoose.set('debug', (collection: string, method: string) => {
      // The background job queues (the review worker polls every 20 ms here) are not the turn's.
      if (/jobs/.test(collection)) return;
      ops[`${collection}.${method}`] = (ops[`${collection}.${method}`] ?? 0) + 1;
    });
    let events: SseEvent[];
    try {
      const sent = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
      expect(sent.body.status_code).toBe(0);
      const { reply_dialogue_ids: [replyId], seq_st: seqSt } = sent.body.data!;
      ({ events } = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${seqSt}`));
    } finally {
      mongoose.set('debug', false);
    }
    const { ['dialogues.updateOne']: flushes = 0, ...rest } = ops;
    return { ops: rest, flushes, events };
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
});
