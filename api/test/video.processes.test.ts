import { ErrorCode } from 'shared-kit';
import type { VideoQuota, VideoTask } from 'shared-kit/schemas';
import { startApiProcesses, type ApiProcess, type ApiProcesses } from './support/processes';
import { nextPhone, publishStory, type Started } from './support/playStories';
import { VIDEO_STORY } from './support/video';

/*
 * The daily render limit is counted in the shared database: one player asking for videos through two api processes
 * at once gets exactly the day's renders, whichever process takes each request, and both processes then refuse
 * with 1020601 and report the same quota.
 */

type Answer = { task: VideoTask; quota: VideoQuota };

describe('the daily video render limit across two api processes', () => {
  let procs: ApiProcesses;
  beforeAll(async () => {
    procs = await startApiProcesses({ count: 2, env: { SMS_IP_SENDS_PER_HOUR: '1000', REVIEW_POLL_MS: '20', VIDEO_DAILY_RENDERS: '2' } });
  }, 120_000);
  afterAll(async () => {
    await procs?.stop();
  });

  it('six requests at once, three on each process, make two tasks; the others get 1020601', async () => {
    const [a, b] = procs.processes as [ApiProcess, ApiProcess];
    const { storyId } = await publishStory(a.baseUrl, VIDEO_STORY);
    const onA = await a.signIn(nextPhone());
    const onB = b.as(onA);
    const playId = (await onA.post<Started>('/api/tyler/story/start_play', { story_id: storyId })).body.data!.play_info.play_id;
    const rows = (await onA.call<{ dialogues: Array<{ dialogue_id: string; type: string; content: string }> }>(`/api/tyler/dialogue_list?play_id=${playId}&count=50`)).body.data!.dialogues;
    const opening = rows.filter((d) => d.type === 'OpeningRemark' && d.content.trim() !== '').map((d) => d.dialogue_id);
    expect(opening.length).toBeGreaterThan(0);

    const ask = (c: typeof onA) => c.post<Answer>('/api/share/story/create_video_task', { play_id: playId, dialogue_ids: opening.slice(0, 1) });
    const answers = await Promise.all([onA, onB, onA, onB, onA, onB].map(ask));
    const codes = answers.map((r) => r.body.status_code);
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c === ErrorCode.VideoShareRenderLimit)).toHaveLength(4);
    for (const r of answers.filter((x) => x.body.status_code !== 0)) expect(r.body.data).toEqual({ quota: { limit: 2, used: 2, remaining: 0 } });
    for (const c of [onA, onB]) {
      expect((await c.call<VideoQuota>('/api/share/story/video_quota')).body.data).toEqual({ limit: 2, used: 2, remaining: 0 });
    }
    // Either process cancels a task, whichever took it.
    for (const r of answers.filter((x) => x.body.status_code === 0)) {
      expect((await onB.post<Answer>('/api/share/story/cancel_video_task', { task_id: r.body.data!.task.task_id })).body.status_code).toBe(0);
    }
  }, 120_000);
});
