import { DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone, type CookieClient } from './helpers';
import { ADULT, nextPhone, readStream, textOf } from './support/playStories';
import { echo, useSendApi } from './support/playSend';

const ctx = useSendApi();
const { newPlay, send, turn, history } = ctx;

describe('a stream opened with the send (play_id and seq_st instead of dialogue_id)', () => {
  const lastSeq = async (client: CookieClient, playId: string) => Math.max(...(await history(client, playId)).map((d) => d.seq));

  it('follows the turn the send starts, from its message to its end', async () => {
    const { client, playId } = await newPlay();
    await turn(client, playId, 'Good evening.');
    const from = (await lastSeq(client, playId)) + 1;
    ctx.fake.script(echo(5));
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
    ctx.fake.script(echo(40));
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
    const other = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const theirs = await other.call(`/api/tyler/message/stream_reply?play_id=${playId}&seq_st=1`);
    expect(theirs.body.status_code).toBe(ErrorCode.RecordNotFound);
    const neither = await other.call('/api/tyler/message/stream_reply?seq_st=1');
    expect(neither.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(neither.body.status_message).toContain('dialogue_id');
    const injected = await other.call(`/api/tyler/message/stream_reply?play_id[$ne]=1&seq_st=1`);
    expect(injected.body.status_code).toBe(ErrorCode.ClientParamError);
  }, 30_000);
});
