import { Dialogue } from '../src/modules/play/dialogue.model';
import { ChatQuota } from '../src/modules/play/turn/limits';
import { Play } from '../src/modules/play/play.model';
import { signInByPhone, startTestApi, type TestApi } from './helpers';
import { ADULT, nextPhone, publishStory, readStream, type Sent, type Started } from './support/playStories';

jest.setTimeout(30_000);

describe('account deletion and plays', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it("lists the player's plays before deleting, then removes them with every dialogue, leaving others' plays", async () => {
    const { storyId } = await publishStory(api.baseUrl);
    const leaving = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const staying = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const playIds: string[] = [];
    for (const player of [leaving, staying]) {
      const started = await player.post<Started>('/api/tyler/story/start_play', { story_id: storyId });
      const playId = started.body.data!.play_info.play_id;
      playIds.push(playId);
      const sent = (
        await player.post<Sent>('/api/tyler/message/send', { play_id: playId, message: 'Hello there' })
      ).body.data!;
      await readStream(player, `/api/tyler/message/stream_reply?dialogue_id=${sent.reply_dialogue_ids[0]!}`);
    }
    const [gonePlay, keptPlay] = playIds as [string, string];
    const uid = (await Play.findOne({ play_id: gonePlay }).lean())!.uid;
    expect(await Dialogue.countDocuments({ play_id: gonePlay })).toBeGreaterThan(1);
    expect(await ChatQuota.countDocuments({ uid })).toBe(1);

    const check = await leaving.call<{ items: Array<{ name: string; count: number }> }>(
      '/api/tyler/user/check_log_off',
    );
    expect(check.body.data?.items).toContainEqual({ name: 'plays', count: 1 });
    const off = await leaving.post('/api/tyler/user/log_off', {});
    expect(off.body).toMatchObject({ status_code: 0 });

    expect(await Play.countDocuments({ uid })).toBe(0);
    expect(await Dialogue.countDocuments({ play_id: gonePlay })).toBe(0);
    expect(await ChatQuota.countDocuments({ uid })).toBe(0);
    expect(await Play.countDocuments({ play_id: keptPlay })).toBe(1);
    expect(await Dialogue.countDocuments({ play_id: keptPlay })).toBeGreaterThan(1);
  });
});
