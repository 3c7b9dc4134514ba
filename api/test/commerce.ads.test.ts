import { ErrorCode } from 'shared-kit';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

const MIN_WATCH_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rewarded ads at the chat limit', () => {
  let api: TestApi;
  let storyId: string;
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        REVIEW_POLL_MS: '20',
        OFFLINE_TOKEN_DELAY_MS: '0',
        DAILY_CHAT_LIMIT: '2',
        AD_MIN_WATCH_MS: String(MIN_WATCH_MS),
        AD_VIEWS_PER_DAY: '2',
        AD_REWARD_CHATS: '1',
      },
    });
    ({ storyId } = await publishStory(api.baseUrl));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const start = (c: CookieClient) => c.post<{ token: string; min_watch_ms: number }>('/api/ads/start', { placement: 'chat_limit' });
  const reward = (c: CookieClient, token: string) => c.post<{ reward_chats: number; views_left: number; extra_chats_today: number; limit_code: number }>('/api/ads/reward', { token });

  it('config for anyone; the views and rewards for signed-in accounts only', async () => {
    const anon = new CookieClient(api.baseUrl);
    const cfg = await anon.call('/api/ads/config');
    expect(cfg.body.data).toEqual({ placements: ['chat_limit'], reward_chats: 1, views_per_day: 2, min_watch_ms: MIN_WATCH_MS, network: 'house' });
    expect((await anon.call('/api/ads/user_info')).body.status_code).toBe(ErrorCode.NeedLogin);
    expect((await anon.post('/api/ads/start', { placement: 'chat_limit' })).body.status_code).toBe(ErrorCode.NeedLogin);
    const guest = new CookieClient(api.baseUrl);
    await guest.post('/api/passport/guest');
    expect((await guest.post('/api/ads/reward', { token: 'x'.repeat(40) })).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('a watched ad raises the day’s limit; early, reused, forged or another’s tokens give 6014; past the views 1020901', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const other = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const send = async (message: string) => {
      const res = await me.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
      if (res.body.status_code === 0) await readStream(me, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
      return res.body.status_code;
    };
    expect([await send('One.'), await send('Two.'), await send('Three.')]).toEqual([0, 0, ErrorCode.MessageLimitReached]);

    const first = (await start(me)).body.data!;
    expect(first.min_watch_ms).toBe(MIN_WATCH_MS);
    expect((await reward(me, first.token)).body).toMatchObject({ status_code: ErrorCode.RiskNoReward, data: { reason: 'too_early' } });
    await sleep(MIN_WATCH_MS + 50);
    expect((await reward(other, first.token)).body).toMatchObject({ status_code: ErrorCode.RiskNoReward, data: { reason: 'other_user' } });
    const [body, mac] = first.token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), iat: 0 })).toString('base64url');
    expect((await reward(me, `${forged}.${mac}`)).body).toMatchObject({ status_code: ErrorCode.RiskNoReward, data: { reason: 'forged' } });
    const got = await reward(me, first.token);
    expect(got.body.data).toMatchObject({ reward_chats: 1, views_today: 1, views_left: 1, extra_chats_today: 1, limit_code: 0 });
    expect((await reward(me, first.token)).body).toMatchObject({ status_code: ErrorCode.RiskNoReward, data: { reason: 'used' } });
    // The day's limit rose by the reward: one more chat, then the limit again.
    expect([await send('Four.'), await send('Five.')]).toEqual([0, ErrorCode.MessageLimitReached]);

    // The second and last view of the day; then the spec's "ad chat limit reached".
    const second = (await start(me)).body.data!;
    const third = (await start(me)).body.data!; // started before the views ran out, redeemed after
    await sleep(MIN_WATCH_MS + 50);
    expect((await reward(me, second.token)).body.data).toMatchObject({ views_left: 0, limit_code: ErrorCode.AdChatLimitReached });
    expect((await reward(me, third.token)).body.status_code).toBe(ErrorCode.AdChatLimitReached);
    expect((await start(me)).body.status_code).toBe(ErrorCode.AdChatLimitReached);
    const info = await me.call<{ views_left: number; extra_chats_today: number; limit_code: number; ad_free: boolean }>('/api/ads/user_info');
    expect(info.body.data).toEqual({ views_today: 2, views_left: 0, extra_chats_today: 2, limit_code: ErrorCode.AdChatLimitReached, ad_free: false });
    expect([await send('Six.'), await send('Seven.')]).toEqual([0, ErrorCode.MessageLimitReached]);
  }, 60_000);
  it('rewards before the limit add allowance and `used` counts sends: it never reads below zero', async () => {
    const me = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playId = (await me.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    type Limit = { used: number; limit: number; status: string };
    const limitNow = async () => (await me.call<{ send_limit: Limit }>(`/api/tyler/play_info?play_id=${playId}`)).body.data!.send_limit;
    const send = async (message: string) => {
      const res = await me.post<Sent & { send_limit: Limit }>('/api/tyler/message/send', { play_id: playId, message });
      if (res.body.status_code === 0) await readStream(me, `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`);
      return res.body;
    };
    expect(await limitNow()).toMatchObject({ used: 0, limit: 2 });
    // Both of the day's ads watched before the first chat: the allowance is 2 + 2, nothing used.
    for (const expected of [3, 4]) {
      const ad = (await start(me)).body.data!;
      await sleep(MIN_WATCH_MS + 50);
      expect((await reward(me, ad.token)).body.status_code).toBe(0);
      expect(await limitNow()).toMatchObject({ used: 0, limit: expected, status: 'Normal' });
    }
    const used: number[] = [];
    for (const line of ['One.', 'Two.', 'Three.', 'Four.']) {
      const sent = await send(line);
      expect(sent.status_code).toBe(0);
      used.push(sent.data!.send_limit.used);
    }
    expect(used).toEqual([1, 2, 3, 4]);
    const refused = await send('Five.');
    expect(refused).toMatchObject({ status_code: ErrorCode.MessageLimitReached, data: { send_limit: { used: 4, limit: 4, status: 'Reached' } } });
    expect(await limitNow()).toMatchObject({ used: 4, limit: 4, status: 'Reached' });
  }, 60_000);
});
