import { AudioCallStatus, DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone } from './helpers';
import { ADULT, nextPhone } from './support/playStories';
import { useSendApi } from './support/playSend';
import { callSocket, spokenPcm, wordsOf } from './support/callSpeech';

const ctx = useSendApi();

interface CallAnswer {
  call: { call_id: string; state: string; status: string; events: Array<{ type: string }>; lines: Array<{ input_dialogue_id: string; text: string; reply_dialogue_ids: string[] }> };
  left: { seconds_left_today: number; max_call_seconds: number };
}

describe('a call with the character of a play', () => {
  it('hears an utterance made with eSpeak NG, sends it as the player line and speaks the reply back', async () => {
    const { client, playId } = await ctx.newPlay();
    const before = await client.call<{ left: CallAnswer['left']; call: null }>(`/api/tyler/call/audio_info?play_id=${playId}`);
    expect(before.body.data!.left.seconds_left_today).toBe(1800);
    expect(before.body.data!.call).toBeNull();
    const created = await client.post<CallAnswer>('/api/tyler/call/create', { play_id: playId });
    expect(created.body.status_code).toBe(0);
    const callId = created.body.data!.call.call_id;
    expect(created.body.data!.call.events.map((e) => e.type)).toEqual([DialogueType.AudioStart]);

    const call = await callSocket(ctx.api.baseUrl, client);
    expect((await call.join(callId)).status_code).toBe(0);
    await call.speak(spokenPcm('what is your name'));
    const heard = await call.next('call:transcript', (d) => d.input_dialogue_id !== undefined, 30_000);
    const said = wordsOf('what is your name');
    const right = wordsOf(heard.text).filter((w) => said.includes(w)).length;
    expect(right / said.length).toBeGreaterThanOrEqual(0.5);
    const audio = await call.next('call:audio', () => true, 30_000);
    expect(audio.text.length).toBeGreaterThan(0);
    const clip = await fetch(new URL(audio.url, ctx.api.baseUrl));
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toContain('audio');
    expect((await clip.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // The spoken line is the play's line, and the reply echoes it.
    const history = (await ctx.history(client, playId)) as Array<Awaited<ReturnType<typeof ctx.history>>[number] & { spoken?: boolean }>;
    const input = history.find((d) => d.dialogue_id === heard.input_dialogue_id)!;
    expect(input.type).toBe(DialogueType.Input);
    expect(input.content).toBe(heard.text);
    expect(input.spoken).toBe(true);
    expect(history.filter((d) => d.dialogue_id !== input.dialogue_id).every((d) => d.spoken === undefined)).toBe(true);
    await call.next('call:speaking', (d) => d.who === 'none', 30_000);

    const ended = call.next('call:ended');
    call.socket.emit('end');
    expect(await ended).toMatchObject({ call_id: callId, status: AudioCallStatus.Normal, status_code: 0 });
    const info = await client.call<{ call: CallAnswer['call'] }>(`/api/tyler/call/audio_info?call_id=${callId}`);
    expect(info.body.data!.call.state).toBe('Ended');
    expect(info.body.data!.call.lines).toEqual([expect.objectContaining({ input_dialogue_id: heard.input_dialogue_id, text: heard.text })]);
    expect(info.body.data!.call.events.map((e) => e.type)).toEqual([DialogueType.AudioStart, DialogueType.AudioEnd]);
    call.close();
  }, 90_000);

  it('refuses audio that is not audio, and calls on plays or calls of another player', async () => {
    const { client, playId } = await ctx.newPlay();
    const other = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    expect((await other.post('/api/tyler/call/create', { play_id: playId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    const bad = await client.post('/api/tyler/call/create', { play_id: { $ne: '1' } });
    expect(bad.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(bad.body.status_message).toContain('play_id');
    const callId = (await client.post<CallAnswer>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    expect((await other.post('/api/tyler/call/end', { call_id: callId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    const theirs = await callSocket(ctx.api.baseUrl, other);
    expect((await theirs.join(callId)).status_code).toBe(ErrorCode.RecordNotFound);
    theirs.close();

    const call = await callSocket(ctx.api.baseUrl, client);
    expect((await call.join(callId)).status_code).toBe(0);
    call.socket.emit('audio', 'not audio');
    expect((await call.next('call:error')).status_message).toContain('audio');
    call.socket.emit('audio', Buffer.alloc(3));
    expect((await call.next('call:error', (d) => d.status_message.includes('even'))).status_code).toBe(ErrorCode.ClientParamError);
    call.socket.emit('audio', Buffer.alloc(70_000));
    expect((await call.next('call:error', (d) => d.status_message.includes('bytes'))).status_code).toBe(ErrorCode.ClientParamError);
    // A square wave at full scale: clipped all through.
    const loud = Buffer.alloc(32_000 * 2);
    for (let i = 0; i < loud.length; i += 2) loud.writeInt16LE(Math.floor(i / 40) % 2 ? 32_767 : -32_768, i);
    await call.speak(Buffer.concat([loud, Buffer.alloc(32_000)]));
    expect((await call.next('call:error', (d) => d.status_message.includes('loud'))).status_code).toBe(ErrorCode.ClientParamError);
    // A call that connected cannot be rejected; the player ends it.
    expect((await client.post('/api/tyler/call/reject', { call_id: callId })).body.status_code).toBe(ErrorCode.ClientParamError);
    const ended = await client.post<CallAnswer>('/api/tyler/call/end', { call_id: callId });
    expect(ended.body.data!.call.state).toBe('Ended');
    call.close();
  }, 60_000);

  it('rejects or ignores a call that never connected, and resumes a dropped one', async () => {
    const { client, playId } = await ctx.newPlay();
    const a = (await client.post<CallAnswer>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    const rejected = await client.post<CallAnswer>('/api/tyler/call/reject', { call_id: a });
    expect(rejected.body.data!.call.state).toBe('Rejected');
    expect(rejected.body.data!.call.events.map((e) => e.type)).toEqual([DialogueType.AudioStart, DialogueType.AudioReject]);
    const b = (await client.post<CallAnswer>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    expect((await client.post<CallAnswer>('/api/tyler/call/ignore', { call_id: b })).body.data!.call.state).toBe('Ignored');

    const c = (await client.post<CallAnswer>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    const first = await callSocket(ctx.api.baseUrl, client);
    expect((await first.join(c)).data!.reconnected).toBe(false);
    first.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = await callSocket(ctx.api.baseUrl, client);
    expect((await again.join(c)).data!.reconnected).toBe(true);
    const info = await client.call<{ call: CallAnswer['call'] }>(`/api/tyler/call/audio_info?call_id=${c}`);
    expect(info.body.data!.call.state).toBe('Active');
    expect(info.body.data!.call.events.map((e) => e.type)).toEqual([DialogueType.AudioStart, DialogueType.AudioReconnection]);
    again.close();
  }, 60_000);
});
