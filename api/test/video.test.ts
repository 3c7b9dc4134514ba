import { DialogueStatus, ErrorCode } from 'shared-kit';
import type { VideoQuota, VideoTask } from 'shared-kit/schemas';
import mongoose from 'mongoose';
import { Dialogue } from '../src/modules/play/dialogue.model';
import { ffmpegRunning } from '../src/modules/video';
import { VideoQuota as QuotaModel, VideoTask as TaskModel } from '../src/modules/video/video.model';
import { uidFromCookieHeader } from '../src/modules/passport/session.service';
import { call, startTestApi } from './helpers';
import { guest, openSocket, person, publishStory, pushArrives } from './support/community';
import { finished, probe, seedTurns, startPlay, VIDEO_STORY } from './support/video';
import type { TestApi } from './helpers';

type Answer = { task: VideoTask; quota: VideoQuota };

let api: TestApi;
let storyId: string;

beforeAll(async () => {
  api = await startTestApi({
    env: { SMS_IP_SENDS_PER_HOUR: '10000', REVIEW_POLL_MS: '20', OFFLINE_TOKEN_DELAY_MS: '1', VIDEO_DAILY_RENDERS: '3' },
    resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
  });
  ({ storyId } = await publishStory(api.baseUrl, VIDEO_STORY));
}, 60_000);
afterAll(async () => {
  await api?.stop();
  // The api stopped: no render of it is left running.
  expect(ffmpegRunning()).toBe(0);
});

/** Waits until no ffmpeg of this process runs, failing after `ms`. */
async function noFfmpegWithin(ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (ffmpegRunning() > 0) {
    if (Date.now() > deadline) throw new Error(`${ffmpegRunning()} ffmpeg still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const videoFiles = () => mongoose.connection.db!.collection('videos.files').countDocuments();

describe('a play shared as a video', () => {
  it('renders an ended play as a vertical H.264/AAC MP4 with progress pushed, served with ranges behind a share link with og:video tags', async () => {
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    await seedTurns(playId, 4);
    const { pushes } = await openSocket(api, p.client);
    expect((await p.client.call<VideoQuota>('/api/share/story/video_quota')).body.data).toEqual({ limit: 3, used: 0, remaining: 3 });

    const made = await p.client.post<Answer>('/api/share/story/create_video_task', { play_id: playId });
    expect(made.body.status_code).toBe(0);
    expect(made.body.data!.task).toMatchObject({ play_id: playId, story_id: storyId, status: 'Waiting', video_path: '', share: null });
    expect(made.body.data!.quota).toEqual({ limit: 3, used: 1, remaining: 2 });
    const task = await finished(p.client, made.body.data!.task.task_id);
    expect(task.status).toBe('Success');
    // The opening remark and every said or told line (not the chapter's target).
    expect(task.lines).toBe(1 + 4 * 2 + 1);

    await pushArrives(pushes, (x) => x.task_id === task.task_id && x.status === 'Success');
    const progress = pushes.filter((x) => x.push_type === 'TaskProgress' && x.task === 'video' && x.task_id === task.task_id);
    expect(progress.map((x) => x.status)).toContain('Rendering');
    expect(progress.at(-1)).toMatchObject({ status: 'Success', percent: 100 });
    const percents = progress.filter((x) => x.status === 'Rendering').map((x) => x.percent as number);
    expect(percents.length).toBeGreaterThan(3);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const res = await fetch(`${api.baseUrl}${task.video_path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(task.bytes);
    const info = await probe(bytes);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    const audio = info.streams.find((s) => s.codec_type === 'audio')!;
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(info.format.duration) * 1000 - task.duration_ms)).toBeLessThan(400);
    // Ten lines spoken (or read) with pauses and two chapter cards: more than 20 s, far less than two minutes.
    expect(task.duration_ms).toBeGreaterThan(20_000);
    expect(task.duration_ms).toBeLessThan(120_000);
    expect(Number(info.format.size)).toBe(task.bytes);
    expect(task.bytes).toBeGreaterThan(50_000);
    expect(task.bytes).toBeLessThan(20_000_000);

    // Ranges: a player seeks.
    const part = await fetch(`${api.baseUrl}${task.video_path}`, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${task.bytes}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 1100));
    const tail = await fetch(`${api.baseUrl}${task.video_path}`, { headers: { range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(bytes.length - 500));
    const beyond = await fetch(`${api.baseUrl}${task.video_path}`, { headers: { range: `bytes=${task.bytes}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${task.bytes}`);
    expect((await fetch(`${api.baseUrl}/api/share/video/${'0'.repeat(24)}.mp4`)).status).toBe(404);

    // The share link: its info and landing page carry the video.
    const share = task.share!;
    expect(share).toMatchObject({ share_type: 'Video', story_id: storyId, play_id: playId, title: 'The Lighthouse: a play, as a video' });
    expect(share.video).toEqual({ url: `http://localhost:8080${task.video_path}`, path: task.video_path, mime: 'video/mp4', width: 720, height: 1280, duration_ms: task.duration_ms });
    expect((await call<typeof share>(api.baseUrl, `/api/share/story/get_info?code=${share.code}`)).body.data).toEqual(share);
    const page = await fetch(`${api.baseUrl}${share.path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:video" content="http://localhost:8080${task.video_path}">`);
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(html).toContain('<meta property="og:video:width" content="720">');
    expect(html).toContain('<meta property="og:video:height" content="1280">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toMatch(/<video controls playsinline [^>]*src="http:\/\/localhost:8080\/api\/share\/video\/[0-9a-f]{24}\.mp4"><\/video>/);
    expect(page.headers.get('content-security-policy')).toContain("media-src 'self' http://localhost:8080");
    const zh = await (await fetch(`${api.baseUrl}${share.path}`, { headers: { 'accept-language': 'zh-CN' } })).text();
    expect(zh).toContain('一段游玩，做成了视频');

    expect((await p.client.call<VideoQuota>('/api/share/story/video_quota')).body.data).toEqual({ limit: 3, used: 1, remaining: 2 });
    expect(ffmpegRunning()).toBe(0);
  }, 180_000);

  it('cancels a render under way: its ffmpeg is killed and nothing of it is kept', async () => {
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    await seedTurns(playId, 20);
    const { pushes } = await openSocket(api, p.client);
    const filesBefore = await videoFiles();
    const made = await p.client.post<Answer>('/api/share/story/create_video_task', { play_id: playId });
    const taskId = made.body.data!.task.task_id;
    // Wait for the encoding (past the frames, at 55%), then cancel.
    const deadline = Date.now() + 90_000;
    while (!pushes.some((x) => x.task_id === taskId && (x.percent as number) > 55 && x.status === 'Rendering')) {
      if (Date.now() > deadline) throw new Error(`the render did not reach its encoding: ${JSON.stringify(pushes)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(ffmpegRunning()).toBe(1);
    const cancelled = await p.client.post<Answer>('/api/share/story/cancel_video_task', { task_id: taskId });
    expect(cancelled.body.data!.task).toMatchObject({ status: 'Cancel', video_path: '', share: null });
    // A cancel during the render does not give the render back.
    expect(cancelled.body.data!.quota).toMatchObject({ used: 1 });
    await noFfmpegWithin(3000);
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await p.client.call<Answer>(`/api/share/story/video_task?task_id=${taskId}`)).body.data!.task;
    expect(after).toMatchObject({ status: 'Cancel', bytes: 0, video_path: '' });
    expect(await videoFiles()).toBe(filesBefore);
    expect(pushes.filter((x) => x.task_id === taskId).at(-1)).toMatchObject({ status: 'Cancel' });
    expect((await fetch(`${api.baseUrl}/api/share/video/${taskId}.mp4`)).status).toBe(404);
    // Cancelling again answers the cancelled task; another's task is as good as missing.
    expect((await p.client.post<Answer>('/api/share/story/cancel_video_task', { task_id: taskId })).body.data!.task.status).toBe('Cancel');
    const other = await person(api);
    expect((await other.client.post('/api/share/story/cancel_video_task', { task_id: taskId })).body.status_code).toBe(ErrorCode.RecordNotFound);
    expect((await other.client.call(`/api/share/story/video_task?task_id=${taskId}`)).body.status_code).toBe(ErrorCode.RecordNotFound);
  }, 180_000);

  it('holds the daily render limit in MongoDB: one render left, two asked at once, one task', async () => {
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    const ids = await seedTurns(playId, 2);
    await QuotaModel.create({ uid: p.uid, day: new Date().toISOString().slice(0, 10), count: 2 });
    const both = await Promise.all([0, 1].map(() => p.client.post<Answer>('/api/share/story/create_video_task', { play_id: playId, dialogue_ids: ids.slice(0, 2) })));
    const codes = both.map((r) => r.body.status_code).sort();
    expect(codes).toEqual([0, ErrorCode.VideoShareRenderLimit]);
    const refused = both.find((r) => r.body.status_code !== 0)!;
    expect(refused.body.data).toEqual({ quota: { limit: 3, used: 3, remaining: 0 } });
    expect(await TaskModel.countDocuments({ uid: p.uid })).toBe(1);
    // A task cancelled before its render began gives its render back.
    const made = both.find((r) => r.body.status_code === 0)!.body.data!.task;
    const cancelled = await p.client.post<Answer>('/api/share/story/cancel_video_task', { task_id: made.task_id });
    if (cancelled.body.data!.task.status === 'Cancel' && made.status === 'Waiting') expect(cancelled.body.data!.quota.remaining).toBeLessThanOrEqual(1);
    await noFfmpegWithin(3000);
  }, 60_000);

  it('refuses lines the review flagged, another\'s play and bad input with the spec\'s codes, writing nothing', async () => {
    const p = await person(api);
    const playId = await startPlay(p.client, storyId);
    const ids = await seedTurns(playId, 3, false);
    await Dialogue.updateOne({ dialogue_id: ids[1] }, { $set: { status: DialogueStatus.SecurityFail } });
    const ask = (body: unknown) => p.client.post<Answer>('/api/share/story/create_video_task', body);

    const flagged = await ask({ play_id: playId, dialogue_ids: ids.slice(0, 3) });
    expect(flagged.body).toMatchObject({ status_code: ErrorCode.DialogueReviewNotPassed, data: { dialogue_ids: [ids[1]] } });
    // A play not ended is shared by choosing its lines.
    expect((await ask({ play_id: playId })).body).toMatchObject({ status_code: ErrorCode.BusinessError, data: { reason: 'not_ended' } });
    const other = await person(api);
    expect((await other.client.post('/api/share/story/create_video_task', { play_id: playId, dialogue_ids: [ids[0]] })).body.status_code).toBe(ErrorCode.RecordNotFound);
    const g = await guest(api);
    expect((await g.post('/api/share/story/create_video_task', { play_id: playId })).body.status_code).toBe(ErrorCode.NeedLogin);

    const bad: Array<[unknown, string]> = [
      [{}, 'play_id'],
      [{ play_id: { $ne: null } }, 'play_id'],
      [{ play_id: playId, dialogue_ids: [] }, 'dialogue_ids'],
      [{ play_id: playId, dialogue_ids: 'x' }, 'dialogue_ids'],
      [{ play_id: playId, dialogue_ids: [ids[0], ids[0]] }, 'dialogue_ids'],
      [{ play_id: playId, dialogue_ids: ['123456789'] }, 'dialogue_ids'],
      [{ play_id: playId, dialogue_ids: Array.from({ length: 81 }, (_, i) => String(i + 1)) }, 'dialogue_ids'],
      [{ play_id: playId, extra: 1 }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await ask(body);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // The chapter's target is not a line said or told.
    const target = await Dialogue.findOne({ play_id: playId, type: 'ChapterTarget' }).lean<{ dialogue_id: string }>();
    expect((await ask({ play_id: playId, dialogue_ids: [target!.dialogue_id] })).body.status_code).toBe(ErrorCode.ClientParamError);
    for (const task_id of ['', 'zz', { $ne: null }]) {
      expect((await p.client.post('/api/share/story/cancel_video_task', { task_id })).body.status_code).toBe(ErrorCode.ClientParamError);
    }
    expect((await p.client.call('/api/share/story/video_task?task_id=nope')).body.status_code).toBe(ErrorCode.ClientParamError);

    // Nothing was written: no task, no render taken.
    expect(await TaskModel.countDocuments({ uid: mongoose.trusted({ $in: [p.uid, other.uid] }) })).toBe(0);
    expect((await p.client.call<VideoQuota>('/api/share/story/video_quota')).body.data).toEqual({ limit: 3, used: 0, remaining: 3 });
  }, 60_000);
});
