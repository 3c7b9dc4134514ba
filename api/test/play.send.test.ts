import { DialogueStatus, DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory, readStream, textOf, type Dlg, type Sent } from './support/playStories';
import { rowCacheCounts } from '../src/modules/play/turn/rowCache';

/*
 * `message/send` has one path: claim the play, open the model request from the claimed play and its rows (this
 * process's copy at the revision the claim returned, else read from MongoDB), store the turn's rows, stream. These
 * tests hold it to one request per turn with the right prompt, whatever another api process wrote meanwhile, and to
 * nothing of a turn that does not go through.
 */

let fake: FakeOpenAI;
let api: TestApi;
let storyId: string;

function lastUser(req: FakeRequest): string {
  return [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** A reply that echoes the player; `delayMs` apart. The director never moves the story on. */
function echo(delayMs = 1) {
  return (req: FakeRequest): FakeBehaviour =>
    req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'You said: ', `"${lastUser(req)}"`], delayMs } : directorAnswer(req, false);
}

beforeAll(async () => {
  fake = await FakeOpenAI.start(echo());
  api = await startTestApi({
    env: {
      SMS_IP_SENDS_PER_HOUR: '1000',
      REVIEW_POLL_MS: '20',
      ...fake.apiEnv,
    },
  });
  ({ storyId } = await publishStory(api.baseUrl));
}, 30_000);
afterAll(async () => {
  await api.stop();
  await fake.close();
});
beforeEach(() => {
  fake.script(echo());
  fake.flagWhen(() => false);
});

async function newPlay(): Promise<{ client: CookieClient; playId: string }> {
  const client = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
  const res = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: storyId });
  return { client, playId: res.body.data!.play_info.play_id };
}

async function send(client: CookieClient, playId: string, message: string) {
  return client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
}

async function turn(client: CookieClient, playId: string, message: string) {
  const res = await send(client, playId, message);
  expect(res.body.status_code).toBe(0);
  const sent = res.body.data!;
  const replyId = sent.reply_dialogue_ids[0]!;
  const stream = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${sent.seq_st}`);
  return { replyId, text: textOf(stream.events, replyId), events: stream.events };
}

async function history(client: CookieClient, playId: string): Promise<Dlg[]> {
  return (await client.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues;
}

const streamedSince = (from: number) => fake.requests.slice(from).filter((r) => r.stream);
/** Model requests whose prompt holds `text`. */
const asked = (text: string) => fake.requests.filter((r) => r.stream && r.messages.some((m) => m.content.includes(text)));

describe('the model request of a turn', () => {
  it('is the only request of each turn, and carries the newest message and every earlier line', async () => {
    const { client, playId } = await newPlay();
    const from = fake.requests.length;
    for (const message of ['Good evening.', 'Is the lamp lit?', 'Who keeps it?']) {
      const t = await turn(client, playId, message);
      expect(t.text).toBe(`You said: "${message}"`);
    }
    const requests = streamedSince(from);
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => !r.cancelled)).toBe(true);
    const last = requests[2]!.messages.map((m) => m.content);
    expect(last.slice(-5)).toEqual([
      'Good evening.',
      'Mira: You said: "Good evening."',
      'Is the lamp lit?',
      'Mira: You said: "Is the lamp lit?"',
      'Who keeps it?',
    ]);
  }, 30_000);

  it('is built from the play as stored, with what another api process changed meanwhile', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    // Another api process folded the conversation into a summary meanwhile.
    await api.db.connection.collection('plays').updateOne({ play_id: playId }, { $set: { summary: 'The keeper left at dawn.' } });
    const from = fake.requests.length;
    const t = await turn(client, playId, 'Where did he go?');
    expect(t.text).toBe('You said: "Where did he go?"');
    const requests = streamedSince(from);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages[0]!.content).toContain('The keeper left at dawn.');
    const rows = await history(client, playId);
    expect(rows.slice(-2).map((d) => [d.type, d.status, d.content])).toEqual([
      [DialogueType.Input, DialogueStatus.Normal, 'Where did he go?'],
      [DialogueType.NpcDialogue, DialogueStatus.Normal, 'You said: "Where did he go?"'],
    ]);
    const next = fake.requests.length;
    await turn(client, playId, 'And now?');
    expect(streamedSince(next)).toHaveLength(1);
  }, 30_000);

  it('is never made for a message the moderation flags: nothing of it is stored or shown', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const before = await history(client, playId);
    fake.script(echo(40));
    fake.flagWhen((text) => text.includes('forbidden plan'));
    const res = await send(client, playId, 'Here is my forbidden plan.');
    expect(res.body.status_code).toBe(ErrorCode.SecurityFail);
    expect(asked('Here is my forbidden plan.')).toHaveLength(0);
    const after = await history(client, playId);
    expect(after.slice(0, before.length)).toEqual(before);
    // Only the refused message is recorded; no reply was started.
    expect(after.slice(before.length).map((d) => d.type)).toEqual(after.length > before.length ? [DialogueType.Input] : []);
    expect(after.some((d) => d.content.includes('You said: "Here is my forbidden plan."'))).toBe(false);
    fake.flagWhen(() => false);
    fake.script(echo());
    expect((await turn(client, playId, 'Sorry.')).text).toBe('You said: "Sorry."');
  }, 30_000);

  it('is never made while the play is busy with another reply, which goes on untouched', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    fake.script(echo(60));
    const first = await send(client, playId, 'Tell me a long story.');
    expect(first.body.status_code).toBe(0);
    const second = await send(client, playId, 'Hurry up!');
    expect(second.body.status_code).toBe(ErrorCode.ConcurrentOperation);
    const replyId = first.body.data!.reply_dialogue_ids[0]!;
    const stream = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${replyId}&seq_st=${first.body.data!.seq_st}`);
    expect(textOf(stream.events, replyId)).toBe('You said: "Tell me a long story."');
    expect(asked('Hurry up!')).toHaveLength(0);
    expect((await history(client, playId)).some((d) => d.content === 'Hurry up!')).toBe(false);
  }, 30_000);
});

describe("a send meeting another api process's writes", () => {
  const raw = () => api.db.connection.collection('plays');

  it('after a rewind, numbers the turn past every removed row and leaves the removed lines out of its prompt', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const kept = await history(client, playId);
    await turn(client, playId, 'Is the lamp lit?');
    const removed = (await history(client, playId)).slice(kept.length);
    const back = await client.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: kept[kept.length - 1]!.dialogue_id });
    expect(back.body.status_code).toBe(0);
    fake.script(echo(40));
    const from = fake.requests.length;
    const t = await turn(client, playId, 'Who keeps it?');
    expect(t.text).toBe('You said: "Who keeps it?"');
    const rows = await history(client, playId);
    // A number once given to a row is never given to another: the turn comes after the removed ones.
    const lastRemoved = Math.max(...removed.map((d) => d.seq));
    expect(rows.slice(kept.length).map((d) => [d.seq, d.type, d.content])).toEqual([
      [lastRemoved + 1, DialogueType.Input, 'Who keeps it?'],
      [lastRemoved + 2, DialogueType.NpcDialogue, 'You said: "Who keeps it?"'],
    ]);
    expect(rows.some((d) => d.content === 'Is the lamp lit?')).toBe(false);
    const requests = streamedSince(from);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages.some((m) => m.content.includes('Is the lamp lit?'))).toBe(false);
  }, 30_000);

  it("takes the rows from this process's copy only at the revision its claim returns", async () => {
    const { client, playId } = await newPlay();
    const dialogues = () => api.db.connection.collection('dialogues');
    await turn(client, playId, 'Good evening.');
    // The turn before left this process a copy of the rows at the revision its release wrote: no read.
    let counts = rowCacheCounts();
    let from = fake.requests.length;
    await turn(client, playId, 'Is the lamp lit?');
    expect(rowCacheCounts().hits).toBe(counts.hits + 1);
    expect(rowCacheCounts().misses).toBe(counts.misses);
    expect(streamedSince(from)[0]!.messages.slice(-3).map((m) => m.content)).toEqual(['Good evening.', 'Mira: You said: "Good evening."', 'Is the lamp lit?']);

    // Another process edits a line and, as every writer of a play's rows does, bumps the revision: the copy is
    // stale and the rows are read again.
    await dialogues().updateOne({ play_id: playId, content: 'Good evening.' }, { $set: { content: 'Good night.' } });
    await raw().updateOne({ play_id: playId }, { $inc: { history_rev: 1 } });
    counts = rowCacheCounts();
    from = fake.requests.length;
    await turn(client, playId, 'Who keeps it?');
    expect(rowCacheCounts().misses).toBe(counts.misses + 1);
    expect(rowCacheCounts().hits).toBe(counts.hits);
    const prompt = streamedSince(from)[0]!.messages.map((m) => m.content);
    expect(prompt).toContain('Good night.');
    expect(prompt).not.toContain('Good evening.');

    // A failed reply is in the copy as failed: it stays out of the next prompt, which again needs no read.
    fake.script((req) => (req.stream ? { kind: 'status', status: 500 } : directorAnswer(req, false)));
    const failing = await send(client, playId, 'Are you there?');
    expect(failing.body.status_code).toBe(0);
    await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${failing.body.data!.reply_dialogue_ids[0]}&seq_st=${failing.body.data!.seq_st}`);
    fake.script(echo());
    counts = rowCacheCounts();
    from = fake.requests.length;
    await turn(client, playId, 'Hello?');
    expect(rowCacheCounts().hits).toBe(counts.hits + 1);
    const next = streamedSince(from)[0]!.messages.map((m) => m.content);
    expect(next.slice(-4)).toEqual(['Who keeps it?', 'Mira: You said: "Who keeps it?"', 'Are you there?', 'Hello?']);
  }, 30_000);

  it("is refused as busy when another process holds the play, leaving that turn's rows alone", async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const rows = await history(client, playId);
    const next = Math.max(...rows.map((d) => d.seq)) + 1;
    const nodeId = (await api.db.connection.collection('plays').findOne({ play_id: playId }))!.node_id as string;
    fake.script(echo(40));
    // Another api process sent a turn: its slot and rows are taken, and this api has not seen it.
    const theirs = { play_id: playId, group_id: 'elsewhere', type: DialogueType.Input, status: DialogueStatus.Normal, role: 'player', content: 'From the other tab.', done: true };
    await api.db.connection.collection('dialogues').insertOne({ ...theirs, dialogue_id: '9000000000000000001', seq: next, character_id: '', emotion: 'Neutral', node_id: nodeId, error_code: 0, error_reason: '', covers_upto_seq: 0, created_at: new Date(), updated_at: new Date() });
    await raw().updateOne({ play_id: playId }, { $set: { pending_group_id: 'elsewhere' }, $inc: { next_seq: 2 } });
    const res = await send(client, playId, 'Me too.');
    expect(res.body.status_code).toBe(ErrorCode.ConcurrentOperation);
    expect(asked('Me too.')).toHaveLength(0);
    const after = await history(client, playId);
    expect(after.filter((d) => d.seq >= next).map((d) => d.content)).toEqual(['From the other tab.']);
    expect(after.some((d) => d.content === 'Me too.')).toBe(false);
    const play = await raw().findOne({ play_id: playId });
    expect(play!.pending_group_id).toBe('elsewhere');
    expect(play!.next_seq).toBe(next + 1);
  }, 30_000);

  it('stores a flagged message only as SecurityFail, numbered where the turn would have gone', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const before = await history(client, playId);
    fake.flagWhen((text) => text.includes('forbidden plan'));
    const res = await send(client, playId, 'My forbidden plan.');
    expect(res.body.status_code).toBe(ErrorCode.SecurityFail);
    const after = await history(client, playId);
    const next = Math.max(...before.map((d) => d.seq)) + 1;
    expect(after.slice(before.length).map((d) => [d.seq, d.type, d.status])).toEqual([[next, DialogueType.Input, DialogueStatus.SecurityFail]]);
    const stored = await api.db.connection.collection('dialogues').find({ play_id: playId, content: 'My forbidden plan.' }).toArray();
    expect(stored.map((d) => d.status)).toEqual([DialogueStatus.SecurityFail]);
    fake.flagWhen(() => false);
    const t = await turn(client, playId, 'Sorry.');
    expect(t.text).toBe('You said: "Sorry."');
    expect((await history(client, playId)).slice(-2).map((d) => d.seq)).toEqual([next + 1, next + 2]);
  }, 30_000);
});

describe("a send's answer and its bookkeeping", () => {
  const dialogues = () => api.db.connection.collection('dialogues');
  const raw = () => api.db.connection.collection('plays');
  /** The turn's rows as stored: [seq, type, done, content]. */
  const storedFrom = async (playId: string, seq: number) =>
    (await dialogues().find({ play_id: playId, seq: { $gte: seq } }).sort({ seq: 1 }).toArray()).map((d) => [d.seq, d.type, d.done, d.content]);
  const slowReply = (delaysMs: number[]) => (req: FakeRequest): FakeBehaviour =>
    req.stream ? { kind: 'stream', tokens: ['[Gentle] ', 'The keeper', ' lights it.'], delaysMs } : directorAnswer(req, false);

  // The reply's end is 1.5 s off in the first case; its first word 2 s off in the second.
  it.each([
    ['answers once the rows are stored, while the reply goes on', [10, 10, 1500]],
    ['does not wait for a slow first word: the rows are stored and the send answers before it comes', [2000, 10, 10]],
  ])('%s', async (_name, delaysMs) => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    fake.script(slowReply(delaysMs));
    const res = await send(client, playId, 'Is the lamp lit?');
    expect(res.body.status_code).toBe(0);
    const sent = res.body.data!;
    // At the answer the Input and the reply are stored, and the reply is still being written.
    expect(await storedFrom(playId, sent.seq_st)).toEqual([
      [sent.seq_st, DialogueType.Input, true, 'Is the lamp lit?'],
      [sent.seq_ed, DialogueType.NpcDialogue, false, ''],
    ]);
    const stream = await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]}&seq_st=${sent.seq_st}`);
    expect(textOf(stream.events, sent.reply_dialogue_ids[0]!)).toBe('The keeper lights it.');
    expect(await storedFrom(playId, sent.seq_ed)).toEqual([[sent.seq_ed, DialogueType.NpcDialogue, true, 'The keeper lights it.']]);
  }, 30_000);

  it('ends the turn, keeping nothing of it, when other processes used up the day meanwhile', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const before = await history(client, playId);
    const playBefore = (await raw().findOne({ play_id: playId }))!;
    // This api saw one message spent today; other processes have spent the rest of the day's 200 since.
    const quotas = api.db.connection.collection('chat_quotas');
    const day = new Date().toISOString().slice(0, 10);
    expect((await quotas.findOne({ uid: playBefore.uid, day }))!.count).toBe(1);
    await quotas.updateOne({ uid: playBefore.uid, day }, { $set: { count: 200 } });
    fake.script(slowReply([10, 10, 10]));
    const res = await send(client, playId, 'One more?');
    expect(res.body.status_code).toBe(ErrorCode.MessageLimitReached);
    await waitFor(async () => (await raw().findOne({ play_id: playId }))!.pending_group_id === null);
    expect(await history(client, playId)).toEqual(before);
    expect(await dialogues().countDocuments({ play_id: playId, content: 'One more?' })).toBe(0);
    const playAfter = (await raw().findOne({ play_id: playId }))!;
    expect([playAfter.next_seq, playAfter.turns, playAfter.turns_in_chapter]).toEqual([playBefore.next_seq, playBefore.turns, playBefore.turns_in_chapter]);
    expect((await quotas.findOne({ uid: playBefore.uid, day }))!.count).toBe(200);
    // The quota is spent beside the claim: refused, the claim is given back, and a model request opened meanwhile
    // is cancelled before a word of it is shown.
    expect((await send(client, playId, 'Still there?')).body.status_code).toBe(ErrorCode.MessageLimitReached);
    await waitFor(() => [...asked('Still there?'), ...asked('One more?')].every((r) => r.cancelled === true));
    expect(await history(client, playId)).toEqual(before);
    expect(await dialogues().countDocuments({ play_id: playId, content: { $regex: 'The keeper' } })).toBe(0);
  }, 30_000);
});

describe('a claim whose process stopped before storing the rows', () => {
  const raw = () => api.db.connection.collection('plays');

  it('holds the play while it is recent, and is released after the grace period', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const play = (await raw().findOne({ play_id: playId }))!;
    await raw().updateOne({ play_id: playId }, { $set: { pending_group_id: 'lost', last_played_at: new Date() }, $inc: { next_seq: 2 } });
    expect((await send(client, playId, 'Anyone?')).body.status_code).toBe(ErrorCode.ConcurrentOperation);
    // Ten minutes on, well past the grace period (the model's timeout with its retries): the play is free again.
    await raw().updateOne({ play_id: playId }, { $set: { last_played_at: new Date(Date.now() - 10 * 60_000) } });
    const t = await turn(client, playId, 'Anyone there?');
    expect(t.text).toBe('You said: "Anyone there?"');
    const rows = await history(client, playId);
    expect(rows.slice(-2).map((d) => [d.seq, d.type])).toEqual([
      // After the numbers the lost claim took, which stay unused.
      [play.next_seq + 3, DialogueType.Input],
      [play.next_seq + 4, DialogueType.NpcDialogue],
    ]);
  }, 30_000);
});

describe('a stream opened with the send (play_id and seq_st instead of dialogue_id)', () => {
  const lastSeq = async (client: CookieClient, playId: string) => Math.max(...(await history(client, playId)).map((d) => d.seq));

  it('follows the turn the send starts, from its message to its end', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const from = (await lastSeq(client, playId)) + 1;
    fake.script(echo(5));
    const streaming = readStream(client, `/api/tyler/message/stream_reply?play_id=${playId}&seq_st=${from}`);
    await new Promise((r) => setTimeout(r, 30)); // the stream is waiting before the send arrives
    const sent = await send(client, playId, 'Is anyone there?');
    expect(sent.body.status_code).toBe(0);
    const replyId = sent.body.data!.reply_dialogue_ids[0]!;
    const stream = await streaming;
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.events.filter((e) => e.event === 'dialogue').map((e) => [e.data.seq, e.data.type])).toEqual([
      [from, DialogueType.Input],
      [from + 1, DialogueType.NpcDialogue],
    ]);
    expect(textOf(stream.events, replyId)).toBe('You said: "Is anyone there?"');
    expect(stream.events[stream.events.length - 1]!.event).toBe('done');
  }, 30_000);

  it('attaches to a turn already under way', async () => {
    const { client, playId } = await newPlay();
    const from = (await lastSeq(client, playId)) + 1;
    fake.script(echo(40));
    const sent = await send(client, playId, 'Tell me everything.');
    const stream = await readStream(client, `/api/tyler/message/stream_reply?play_id=${playId}&seq_st=${from}`);
    expect(textOf(stream.events, sent.body.data!.reply_dialogue_ids[0]!)).toBe('You said: "Tell me everything."');
    expect(stream.events[stream.events.length - 1]!.event).toBe('done');
  }, 30_000);

  it('sends a turn that is already over, and ends', async () => {
    const { client, playId } = await newPlay();
    const from = (await lastSeq(client, playId)) + 1;
    const t = await turn(client, playId, 'Quick question.');
    const stream = await readStream(client, `/api/tyler/message/stream_reply?play_id=${playId}&seq_st=${from}`);
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.events.filter((e) => e.event === 'dialogue').map((e) => e.data.seq)).toEqual([from, from + 1]);
    expect(textOf(stream.events, t.replyId)).toBe('You said: "Quick question."');
    expect(stream.events[stream.events.length - 1]!.event).toBe('done');
  }, 30_000);

  it("refuses another player's play and a stream that names neither reply nor play", async () => {
    const { playId } = await newPlay();
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const theirs = await other.call(`/api/tyler/message/stream_reply?play_id=${playId}&seq_st=1`);
    expect(theirs.body.status_code).toBe(ErrorCode.RecordNotFound);
    const neither = await other.call('/api/tyler/message/stream_reply?seq_st=1');
    expect(neither.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(neither.body.status_message).toContain('dialogue_id');
    const injected = await other.call(`/api/tyler/message/stream_reply?play_id[$ne]=1&seq_st=1`);
    expect(injected.body.status_code).toBe(ErrorCode.ClientParamError);
  }, 30_000);
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
