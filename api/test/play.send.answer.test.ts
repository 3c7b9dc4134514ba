import { DialogueType, ErrorCode } from 'shared-kit';
import { directorAnswer, type FakeBehaviour, type FakeRequest } from './support/fakeOpenAI';
import { readStream, textOf } from './support/playStories';
import { useSendApi, waitFor } from './support/playSend';

// When a send answers, what it stores of the turn, and a turn cut off by the day's limit spent elsewhere.

const ctx = useSendApi();
const { newPlay, send, turn, history, asked } = ctx;

describe("a send's answer and its bookkeeping", () => {
  const dialogues = () => ctx.api.db.connection.collection('dialogues');
  const raw = () => ctx.api.db.connection.collection('plays');
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
    ctx.fake.script(slowReply(delaysMs));
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
    const quotas = ctx.api.db.connection.collection('chat_quotas');
    const day = new Date().toISOString().slice(0, 10);
    expect((await quotas.findOne({ uid: playBefore.uid, day }))!.count).toBe(1);
    await quotas.updateOne({ uid: playBefore.uid, day }, { $set: { count: 200 } });
    ctx.fake.script(slowReply([10, 10, 10]));
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
