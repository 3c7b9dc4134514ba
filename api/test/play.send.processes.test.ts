import { DialogueStatus, DialogueType, ErrorCode } from 'shared-kit';
import { directorAnswer } from './support/fakeOpenAI';
import { readStream } from './support/playStories';
import { rowCacheCounts } from '../src/modules/play/turn/rowCache';
import { echo, useSendApi } from './support/playSend';

// A send while other api processes write the same play: a rewind, their copy of the rows, a claim they hold or lost.

const ctx = useSendApi();
const { newPlay, send, turn, history, streamedSince, asked } = ctx;

describe("a send meeting another api process's writes", () => {
  const raw = () => ctx.api.db.connection.collection('plays');

  it('after a rewind, numbers the turn past every removed row and leaves the removed lines out of its prompt', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const kept = await history(client, playId);
    await turn(client, playId, 'Is the lamp lit?');
    const removed = (await history(client, playId)).slice(kept.length);
    const back = await client.post('/api/tyler/story/backtrack', { play_id: playId, dialogue_id: kept[kept.length - 1]!.dialogue_id });
    expect(back.body.status_code).toBe(0);
    ctx.fake.script(echo(40));
    const from = ctx.fake.requests.length;
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
    const dialogues = () => ctx.api.db.connection.collection('dialogues');
    await turn(client, playId, 'Good evening.');
    // The turn before left this process a copy of the rows at the revision its release wrote: no read.
    let counts = rowCacheCounts();
    let from = ctx.fake.requests.length;
    await turn(client, playId, 'Is the lamp lit?');
    expect(rowCacheCounts().hits).toBe(counts.hits + 1);
    expect(rowCacheCounts().misses).toBe(counts.misses);
    expect(streamedSince(from)[0]!.messages.slice(-3).map((m) => m.content)).toEqual(['Good evening.', 'Mira: You said: "Good evening."', 'Is the lamp lit?']);

    // Another process edits a line and, as every writer of a play's rows does, bumps the revision: the copy is
    // stale and the rows are read again.
    await dialogues().updateOne({ play_id: playId, content: 'Good evening.' }, { $set: { content: 'Good night.' } });
    await raw().updateOne({ play_id: playId }, { $inc: { history_rev: 1 } });
    counts = rowCacheCounts();
    from = ctx.fake.requests.length;
    await turn(client, playId, 'Who keeps it?');
    expect(rowCacheCounts().misses).toBe(counts.misses + 1);
    expect(rowCacheCounts().hits).toBe(counts.hits);
    const prompt = streamedSince(from)[0]!.messages.map((m) => m.content);
    expect(prompt).toContain('Good night.');
    expect(prompt).not.toContain('Good evening.');

    // A failed reply is in the copy as failed: it stays out of the next prompt, which again needs no read.
    ctx.fake.script((req) => (req.stream ? { kind: 'status', status: 500 } : directorAnswer(req, false)));
    const failing = await send(client, playId, 'Are you there?');
    expect(failing.body.status_code).toBe(0);
    await readStream(client, `/api/tyler/message/stream_reply?dialogue_id=${failing.body.data!.reply_dialogue_ids[0]}&seq_st=${failing.body.data!.seq_st}`);
    ctx.fake.script(echo());
    counts = rowCacheCounts();
    from = ctx.fake.requests.length;
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
    const nodeId = (await ctx.api.db.connection.collection('plays').findOne({ play_id: playId }))!.node_id as string;
    ctx.fake.script(echo(40));
    // Another api process sent a turn: its slot and rows are taken, and this api has not seen it.
    const theirs = { play_id: playId, group_id: 'elsewhere', type: DialogueType.Input, status: DialogueStatus.Normal, role: 'player', content: 'From the other tab.', done: true };
    await ctx.api.db.connection.collection('dialogues').insertOne({ ...theirs, dialogue_id: '9000000000000000001', seq: next, character_id: '', emotion: 'Neutral', node_id: nodeId, error_code: 0, error_reason: '', covers_upto_seq: 0, created_at: new Date(), updated_at: new Date() });
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
    ctx.fake.flagWhen((text) => text.includes('forbidden plan'));
    const res = await send(client, playId, 'My forbidden plan.');
    expect(res.body.status_code).toBe(ErrorCode.SecurityFail);
    const after = await history(client, playId);
    const next = Math.max(...before.map((d) => d.seq)) + 1;
    expect(after.slice(before.length).map((d) => [d.seq, d.type, d.status])).toEqual([[next, DialogueType.Input, DialogueStatus.SecurityFail]]);
    const stored = await ctx.api.db.connection.collection('dialogues').find({ play_id: playId, content: 'My forbidden plan.' }).toArray();
    expect(stored.map((d) => d.status)).toEqual([DialogueStatus.SecurityFail]);
    ctx.fake.flagWhen(() => false);
    const t = await turn(client, playId, 'Sorry.');
    expect(t.text).toBe('You said: "Sorry."');
    expect((await history(client, playId)).slice(-2).map((d) => d.seq)).toEqual([next + 1, next + 2]);
  }, 30_000);
});

describe('a claim whose process stopped before storing the rows', () => {
  const raw = () => ctx.api.db.connection.collection('plays');

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
