import { DialogueStatus, DialogueType, ErrorCode } from 'shared-kit';
import { readStream, textOf } from './support/playStories';
import { echo, useSendApi } from './support/playSend';

/*
 * `message/send` has one path: claim the play, open the model request from the claimed play and its rows (this
 * process's copy at the revision the claim returned, else read from MongoDB), store the turn's rows, stream. These
 * tests hold it to one request per turn with the right prompt, whatever another api process wrote meanwhile, and to
 * nothing of a turn that does not go through.
 */

const ctx = useSendApi();
const { newPlay, send, turn, history, streamedSince, asked } = ctx;

describe('the model request of a turn', () => {
  it('is the only request of each turn, and carries the newest message and every earlier line', async () => {
    const { client, playId } = await newPlay();
    const from = ctx.fake.requests.length;
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
    await ctx.api.db.connection.collection('plays').updateOne({ play_id: playId }, { $set: { summary: 'The keeper left at dawn.' } });
    const from = ctx.fake.requests.length;
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
    const next = ctx.fake.requests.length;
    await turn(client, playId, 'And now?');
    expect(streamedSince(next)).toHaveLength(1);
  }, 30_000);

  it('is never made for a message the moderation flags: nothing of it is stored or shown', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const before = await history(client, playId);
    ctx.fake.script(echo(40));
    ctx.fake.flagWhen((text) => text.includes('forbidden plan'));
    const res = await send(client, playId, 'Here is my forbidden plan.');
    expect(res.body.status_code).toBe(ErrorCode.SecurityFail);
    expect(asked('Here is my forbidden plan.')).toHaveLength(0);
    const after = await history(client, playId);
    expect(after.slice(0, before.length)).toEqual(before);
    // Only the refused message is recorded; no reply was started.
    expect(after.slice(before.length).map((d) => d.type)).toEqual(after.length > before.length ? [DialogueType.Input] : []);
    expect(after.some((d) => d.content.includes('You said: "Here is my forbidden plan."'))).toBe(false);
    ctx.fake.flagWhen(() => false);
    ctx.fake.script(echo());
    expect((await turn(client, playId, 'Sorry.')).text).toBe('You said: "Sorry."');
  }, 30_000);

  it('is never made while the play is busy with another reply, which goes on untouched', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    ctx.fake.script(echo(60));
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
