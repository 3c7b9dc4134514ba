import { AudioCallStatus, ErrorCode, PushType, ResourceLimit } from 'shared-kit';
import { io as connect } from 'socket.io-client';
import { uidFromCookieHeader } from '../src/modules/passport/session.service';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI } from './support/fakeOpenAI';
import { ADULT, nextPhone, publishStory } from './support/playStories';
import { echo } from './support/playSend';
import { callSocket, spokenPcm } from './support/callSpeech';

// The call limits, counted in MongoDB: the longest call, a day's call time, a day's recognised speech and the
// day's messages, each ending the call with the spec's status and code.

function useCallApi(env: Record<string, string>) {
  const ctx = {} as { fake: FakeOpenAI; api: TestApi; storyId: string };
  beforeAll(async () => {
    ctx.fake = await FakeOpenAI.start(echo());
    ctx.api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', ...ctx.fake.apiEnv, ...env },
      resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
    });
    ({ storyId: ctx.storyId } = await publishStory(ctx.api.baseUrl));
  }, 30_000);
  afterAll(async () => {
    await ctx.api.stop();
    await ctx.fake.close();
  });
  const newPlay = async () => {
    const client = await signInByPhone(ctx.api.baseUrl, nextPhone(), ADULT);
    const res = await client.post<{ play_info: { play_id: string } }>('/api/tyler/story/start_play', { story_id: ctx.storyId });
    return { client, playId: res.body.data!.play_info.play_id };
  };
  const startCall = async (client: CookieClient, playId: string) => {
    const created = await client.post<{ call: { call_id: string } }>('/api/tyler/call/create', { play_id: playId });
    expect(created.body.status_code).toBe(0);
    const call = await callSocket(ctx.api.baseUrl, client);
    expect((await call.join(created.body.data!.call.call_id)).status_code).toBe(0);
    return call;
  };
  /** The pushes of the player's main socket. */
  const pushes = async (client: CookieClient) => {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = connect(ctx.api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    const got: Array<Record<string, unknown>> = [];
    socket.on('push', (p: Record<string, unknown>) => got.push(p));
    await new Promise<void>((resolve) => socket.once('ready', () => resolve()));
    return { got, close: () => socket.disconnect() };
  };
  return { ctx, newPlay, startCall, pushes };
}

describe('the call time limits', () => {
  const { newPlay, startCall } = useCallApi({ CALL_MAX_SECONDS: '2', CALL_DAILY_SECONDS: '3' });

  it('ends a call at its longest time, then at the day time, then refuses another call today', async () => {
    const { client, playId } = await newPlay();
    const first = await startCall(client, playId);
    expect(await first.next('call:ended', () => true, 10_000)).toMatchObject({ status: AudioCallStatus.DurationLimit, status_code: ErrorCode.AudioQuotaLimit });
    first.close();
    const second = await startCall(client, playId);
    expect(await second.next('call:ended', () => true, 10_000)).toMatchObject({ status: AudioCallStatus.TimeLimit, status_code: ErrorCode.AudioQuotaLimit });
    second.close();
    const info = await client.call<{ left: { seconds_left_today: number; calls_today: number } }>(`/api/tyler/call/audio_info?play_id=${playId}`);
    expect(info.body.data!.left).toMatchObject({ seconds_left_today: 0, calls_today: 2 });
    const refused = await client.post('/api/tyler/call/create', { play_id: playId });
    expect(refused.body.status_code).toBe(ErrorCode.AudioQuotaLimit);
    expect((refused.body.data as { status: string }).status).toBe(AudioCallStatus.TimeLimit);
    // Nothing half-written: the refused call left no call behind.
    const after = await client.call<{ left: { calls_today: number }; call: null }>(`/api/tyler/call/audio_info?play_id=${playId}`);
    expect(after.body.data).toMatchObject({ left: { calls_today: 2 }, call: null });
  }, 60_000);
});

describe('the call quotas', () => {
  const { newPlay, startCall, pushes } = useCallApi({ ASR_DAILY_SECONDS: '5', DAILY_CHAT_LIMIT: '1' });

  it('ends the call when the day of recognised speech is used up, and pushes ASR reached', async () => {
    const { client, playId } = await newPlay();
    const push = await pushes(client);
    const call = await startCall(client, playId);
    await call.speak(spokenPcm('tell me a long story about the old lighthouse keeper and the golden key he hid under the stairs'));
    expect(await call.next('call:ended', () => true, 20_000)).toMatchObject({ status: AudioCallStatus.QuotaLimit, status_code: ErrorCode.AsrLimit });
    await new Promise((r) => setTimeout(r, 300));
    expect(push.got).toContainEqual({ push_type: PushType.ResourceLimit, resource_limit: ResourceLimit.ASRReached, status_code: ErrorCode.AsrLimit });
    push.close();
    call.close();
  }, 60_000);

  it("ends the call with QuotaLimit when the day's messages are used up, and pushes LLM reached", async () => {
    const { client, playId } = await newPlay();
    const push = await pushes(client);
    const call = await startCall(client, playId);
    await call.speak(spokenPcm('what is your name'));
    await call.next('call:transcript', (d) => d.input_dialogue_id !== undefined, 30_000);
    await call.next('call:speaking', (d) => d.who === 'none', 30_000);
    await call.speak(spokenPcm('what is your name'));
    expect(await call.next('call:ended', () => true, 30_000)).toMatchObject({ status: AudioCallStatus.QuotaLimit, status_code: ErrorCode.MessageLimitReached });
    await new Promise((r) => setTimeout(r, 300));
    expect(push.got).toContainEqual({ push_type: PushType.ResourceLimit, resource_limit: ResourceLimit.LLMReached, status_code: ErrorCode.LlmLimit });
    push.close();
    call.close();
  }, 90_000);
});
