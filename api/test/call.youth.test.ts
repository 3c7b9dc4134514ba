import { AudioCallStatus, DialogueType, ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, type Started } from './support/playStories';
import { callSocket, spokenPcm } from './support/callSpeech';

/*
 * A call's spoken lines go behind the same play-time guard (youth mode, anti-addiction) as typed ones: each counts
 * as a tick of play time, and outside the allowed time the line is refused with 1020702, nothing is written and the
 * call ends; a call cannot start then either.
 */

type Time = { used_ms: number; allowed: boolean };

describe('youth mode on a call', () => {
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', OFFLINE_TOKEN_DELAY_MS: '0', ANTI_ADDICTION_TICK_MS: '1500', ANTI_ADDICTION_DAILY_MS: '1500' },
    });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('counts a spoken line as play time, then refuses the next one with 1020702 and ends the call; no call starts after', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const callId = (await me.post<{ call: { call_id: string } }>('/api/tyler/call/create', { play_id: playId })).body.data!.call.call_id;
    const call = await callSocket(api.baseUrl, me);
    expect((await call.join(callId)).status_code).toBe(0);
    // Youth mode turned on during the call applies to its next line.
    expect((await me.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const status = async () => (await me.call<Time>('/api/tyler/user/anti_addiction/status')).body.data!;
    expect((await status()).used_ms).toBe(0);

    await call.speak(spokenPcm('what is your name'));
    await call.next('call:transcript', (d) => d.input_dialogue_id !== undefined, 30_000);
    await call.next('call:speaking', (d) => d.who === 'none', 30_000);
    expect(await status()).toMatchObject({ used_ms: 1500, allowed: false });
    const lines = async () => (await me.call<{ dialogues: Array<{ type: string }> }>(`/api/tyler/dialogue_list?play_id=${playId}&count=200`)).body.data!.dialogues.filter((d) => d.type === DialogueType.Input).length;
    expect(await lines()).toBe(1);

    const ended = call.next('call:ended', () => true, 30_000);
    await call.speak(spokenPcm('tell me about the lighthouse'));
    const refused = await call.next('call:error', (d) => d.status_code === ErrorCode.AntiAddictionBan, 30_000);
    expect(refused.data).toMatchObject({ reopens_at: expect.any(String) });
    expect(await ended).toMatchObject({ call_id: callId, status: AudioCallStatus.TimeLimit, status_code: ErrorCode.AntiAddictionBan });
    expect(await lines()).toBe(1);
    call.close();

    const again = await me.post('/api/tyler/call/create', { play_id: playId });
    expect(again.body.status_code).toBe(ErrorCode.AntiAddictionBan);
  }, 90_000);
});
