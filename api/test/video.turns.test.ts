import mongoose from 'mongoose';
import { DialogueStatus, ErrorCode } from 'shared-kit';
import type { VideoQuota, VideoTask } from 'shared-kit/schemas';
import { Dialogue } from '../src/modules/play/dialogue.model';
import { VideoTask as TaskModel } from '../src/modules/video/video.model';
import { startTestApi, type TestApi } from './helpers';
import { person, publishStory } from './support/community';
import { seedTurns, startPlay, VIDEO_STORY } from './support/video';

// A video of chosen turns (`group_ids`, the selection a thread is made of): each turn's shown lines, in order.

type Answer = { task: VideoTask; quota: VideoQuota };

let api: TestApi;
let storyId: string;

beforeAll(async () => {
  api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '1', VIDEO_DAILY_RENDERS: '3' } });
  ({ storyId } = await publishStory(api.baseUrl, VIDEO_STORY));
}, 60_000);
afterAll(async () => {
  await api?.stop();
});

describe('a video of chosen turns', () => {
  it('takes the shown lines of the chosen turns; refuses flagged, foreign, repeated or mixed choices, writing nothing', async () => {
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    await seedTurns(playId, 3, false);
    const groups = [0, 1, 2].map((t) => `${playId}-t${t}`);
    const ask = (body: unknown) => p.client.post<Answer>('/api/share/story/create_video_task', body);

    // A line of the third turn flagged: that turn cannot be in a video.
    const third = await Dialogue.findOne({ play_id: playId, group_id: groups[2], role: 'npc' }).lean<{ dialogue_id: string }>();
    await Dialogue.updateOne({ dialogue_id: third!.dialogue_id }, { $set: { status: DialogueStatus.SecurityFail } });
    expect((await ask({ play_id: playId, group_ids: [groups[0], groups[2]] })).body).toMatchObject({
      status_code: ErrorCode.DialogueReviewNotPassed,
      data: { dialogue_ids: [third!.dialogue_id] },
    });
    const bad: Array<[unknown, string]> = [
      [{ play_id: playId, group_ids: [] }, 'group_ids'],
      [{ play_id: playId, group_ids: [groups[0], groups[0]] }, 'group_ids'],
      [{ play_id: playId, group_ids: ['someone-else-t0'] }, 'group_ids'],
      [{ play_id: playId, group_ids: [groups[0]], dialogue_ids: [third!.dialogue_id] }, 'group_ids'],
    ];
    for (const [body, field] of bad) {
      const res = await ask(body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toContain(field);
    }
    const other = await person(api);
    expect((await other.client.post('/api/share/story/create_video_task', { play_id: playId, group_ids: [groups[0]] })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect(await TaskModel.countDocuments({ uid: p.uid })).toBe(0);

    // The first two turns: their lines said or told, oldest first.
    const made = await ask({ play_id: playId, group_ids: [groups[1], groups[0]] });
    expect(made.body.status_code).toBe(0);
    const rows = await Dialogue.find({ play_id: playId, group_id: mongoose.trusted({ $in: groups.slice(0, 2) }) }).sort({ seq: 1 }).lean<Array<{ dialogue_id: string; type: string; content: string }>>();
    const expected = rows.filter((d) => d.type !== 'ChapterTarget' && d.content.trim() !== '').map((d) => d.dialogue_id);
    expect(expected.length).toBeGreaterThan(1);
    const task = await TaskModel.findOne({ task_id: made.body.data!.task.task_id }).lean<{ dialogue_ids: string[] }>();
    expect(task!.dialogue_ids).toEqual(expected);
    expect(made.body.data!.task.lines).toBe(expected.length);
    await p.client.post('/api/share/story/cancel_video_task', { task_id: made.body.data!.task.task_id });
  }, 60_000);
});
