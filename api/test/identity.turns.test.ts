import { ErrorCode } from 'shared-kit';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

/*
 * Play time counts the server's own record of turns besides the client's ticks: a youth account that never sends
 * `online_tick` is counted by its turns, at most one tick per tick length (shared with the ticks), and an adult's
 * turns write nothing.
 */

type Time = { used_ms: number; allowed: boolean; counted: boolean };

describe('turns counted as play time by the server', () => {
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    api = await startTestApi({
      env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '0', ANTI_ADDICTION_TICK_MS: '1500', ANTI_ADDICTION_DAILY_MS: '3000' },
    });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('a youth account’s turns count without ticks, once per tick length, until the allowance ends and play refuses', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expect((await me.post('/api/tyler/user/teen_mode', { enable: true })).body.status_code).toBe(0);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const turn = async (text: string) => {
      const sent = await me.post<Sent>('/api/tyler/message/send', { play_id: playId, message: text });
      if (sent.body.status_code === 0) await readStream(me, `/api/tyler/message/stream_reply?dialogue_id=${sent.body.data!.reply_dialogue_ids[0]}&seq_st=${sent.body.data!.seq_st}`);
      return sent.body;
    };
    const status = async () => (await me.call<Time>('/api/tyler/user/anti_addiction/status')).body.data!;

    expect((await status()).used_ms).toBe(0);
    expect((await turn('Hello')).status_code).toBe(0);
    expect((await status()).used_ms).toBe(1500);
    // Within the same tick: taken, not counted again; a tick from a device then is not counted either.
    expect((await turn('Again')).status_code).toBe(0);
    expect((await status()).used_ms).toBe(1500);
    expect((await me.post<Time>('/api/tyler/user/online_tick', {})).body.data).toMatchObject({ used_ms: 1500, counted: false });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await turn('Later')).status_code).toBe(0);
    expect(await status()).toMatchObject({ used_ms: 3000, allowed: false });
    expect((await turn('Too late')).status_code).toBe(ErrorCode.AntiAddictionBan);
  });

  it('an adult’s turns are not counted', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const sent = await me.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Hi' });
    expect(sent.body.status_code).toBe(0);
    expect((await me.call<Time>('/api/tyler/user/anti_addiction/status')).body.data).toMatchObject({ used_ms: 0, allowed: true });
  });
});
