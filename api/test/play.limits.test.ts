import { DialogueType, ErrorCode } from 'shared-kit';
import { CookieClient, signInByPhone, startTestApi, type TestApi } from './helpers';
import {
  ADULT,
  nextPhone,
  publishStory,
  readStream,
  type Dlg,
  type Started,
  type Sent,
} from './support/playStories';

describe('chat limits', () => {
  let limited: TestApi;
  let sid: string;
  beforeAll(async () => {
    limited = await startTestApi({
      env: {
        SMS_IP_SENDS_PER_HOUR: '1000',
        REVIEW_POLL_MS: '20',
        OFFLINE_TOKEN_DELAY_MS: '0',
        GUEST_CHAT_TURNS: '2',
        DAILY_CHAT_LIMIT: '10',
      },
    });
    ({ storyId: sid } = await publishStory(limited.baseUrl));
  }, 30_000);
  afterAll(async () => {
    await limited.stop();
  });

  async function sendAndFinish(client: CookieClient, playId: string, message: string) {
    const res = await client.post<Sent>('/api/tyler/message/send', { play_id: playId, message });
    if (res.body.status_code === 0)
      await readStream(
        client,
        `/api/tyler/message/stream_reply?dialogue_id=${res.body.data!.reply_dialogue_ids[0]}`,
      );
    return res;
  }

  it('a guest plays until the guest turns run out, then must sign in', async () => {
    const guest = new CookieClient(limited.baseUrl);
    expect((await guest.post('/api/passport/guest')).body.status_code).toBe(0);
    const playId = (await guest.post<Started>('/api/tyler/story/start_play', { story_id: sid })).body.data!
      .play_info.play_id;
    const one = await sendAndFinish(guest, playId, 'Hello.');
    expect(one.body.data!.send_limit).toMatchObject({ status: 'Normal', used: 1, limit: 2 });
    const two = await sendAndFinish(guest, playId, 'Anyone here?');
    expect(two.body.data!.send_limit).toMatchObject({
      status: 'Reached',
      code: ErrorCode.MessageLimitReached,
      used: 2,
    });
    const three = await guest.post('/api/tyler/message/send', { play_id: playId, message: 'Hello?' });
    expect(three.body).toMatchObject({
      status_code: ErrorCode.MessageLimitReached,
      data: { need_login: true, send_limit: { status: 'Reached' } },
    });
    // Nothing was stored for the refused message.
    const list = await guest.call<{ dialogues: Dlg[] }>(`/api/tyler/dialogue_list?play_id=${playId}`);
    expect(list.body.data!.dialogues.filter((d) => d.type === DialogueType.Input)).toHaveLength(2);
  }, 30_000);

  it('a signed-in non-member gets the 90 percent warning, then the daily limit', async () => {
    const m = await signInByPhone(limited.baseUrl, nextPhone(), ADULT);
    let playId = (await m.post<Started>('/api/tyler/story/start_play', { story_id: sid })).body.data!
      .play_info.play_id;
    const statuses: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await sendAndFinish(m, playId, `Line ${i}.`);
      if (res.body.status_code !== 0) {
        // The story ended (offline director after six turns per chapter): carry on in a new play.
        playId = (await m.post<Started>('/api/tyler/story/start_play', { story_id: sid, is_new_play: true }))
          .body.data!.play_info.play_id;
        i -= 1;
        continue;
      }
      statuses.push(res.body.data!.send_limit!.status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 'Normal')).toBe(true);
    expect(statuses[8]).toBe('Reach90Percent');
    expect(statuses[9]).toBe('Reached');
    const over = await m.post('/api/tyler/message/send', { play_id: playId, message: 'One more.' });
    expect(over.body).toMatchObject({
      status_code: ErrorCode.MessageLimitReached,
      data: { need_login: false },
    });
  }, 60_000);
});
