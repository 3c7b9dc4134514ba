import { ffmpegRunning } from '../src/modules/video';
import { VideoTask } from '../src/modules/video/video.model';
import { startTestApi, type TestApi } from './helpers';
import { person, publishStory } from './support/community';
import { seedTurns, startPlay, VIDEO_STORY } from './support/video';

let api: TestApi | undefined;
afterAll(async () => {
  await api?.stop();
});

describe('a video render when its api stops', () => {
  it('kills its ffmpeg and hands the render back, keeping no file', async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20' } });
    const { storyId } = await publishStory(api.baseUrl, VIDEO_STORY);
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    await seedTurns(playId, 20);
    const made = await p.client.post<{ task: { task_id: string } }>('/api/share/story/create_video_task', { play_id: playId });
    const taskId = made.body.data!.task.task_id;
    const deadline = Date.now() + 120_000;
    while (ffmpegRunning() === 0) {
      if (Date.now() > deadline) throw new Error('the render did not reach its encoding');
      await new Promise((r) => setTimeout(r, 20));
    }
    await api.running.stop(2000);
    expect(ffmpegRunning()).toBe(0);
    // Handed back: still Rendering, no file, to be taken again by another process or after the restart.
    // (the database is still open: the api's stop leaves it to its owner)
    const t = await VideoTask.findOne({ task_id: taskId }).lean<{ status: string; file_id: string }>();
    expect(t).toMatchObject({ status: 'Rendering', file_id: '' });
  }, 180_000);
});
