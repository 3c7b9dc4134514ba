import { ErrorCode } from 'shared-kit';
import { VIDEO_REQUESTS } from 'shared-kit/schemas';
import { currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { VideoTask } from './video.model';
import { cancelVideoTask, createVideoTask, quotaOf, videoTask, type VideoDeps } from './video.service';
import { openVideo, videoLength } from './video.store';

const BASE = '/api/share/story';

const createLimit = rateLimit({ name: 'video-create', key: (ctx) => currentUser(ctx).uid, windowMs: 60_000, max: 20 });

/** The byte range a `Range` header asks for within `size` bytes: null for the whole file, 'bad' when it cannot be served. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges at once are answered with the whole file, as a server may.
  if (!m) return header.includes(',') ? null : 'bad';
  const [, from, to] = m;
  if (from === '' && to === '') return 'bad';
  if (from === '') {
    const last = Math.min(Number(to), size);
    return last === 0 ? 'bad' : { start: size - last, end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

/**
 * A play shared as a video: create, cancel and read a render task (the player's own; signed-in users), the day's
 * renders left, and the rendered file for anyone with its link, served with range requests (206) so players seek.
 */
export function videoRoutes(router: AppRouter, deps: VideoDeps): void {
  const create = validate({ body: VIDEO_REQUESTS.createVideoTaskBody });
  router.post(`${BASE}/create_video_task`, requireUser, createLimit, create, async (ctx) => {
    respond(ctx, await createVideoTask(currentUser(ctx).uid, create.input(ctx).body, deps));
  });
  const cancel = validate({ body: VIDEO_REQUESTS.cancelVideoTaskBody });
  router.post(`${BASE}/cancel_video_task`, requireUser, cancel, async (ctx) => {
    respond(ctx, await cancelVideoTask(currentUser(ctx).uid, cancel.input(ctx).body.task_id, deps, requestLanguage(ctx)));
  });
  const task = validate({ query: VIDEO_REQUESTS.videoTaskQuery });
  router.get(`${BASE}/video_task`, requireUser, task, async (ctx) => {
    respond(ctx, await videoTask(currentUser(ctx).uid, task.input(ctx).query.task_id, deps, requestLanguage(ctx)));
  });
  router.get(`${BASE}/video_quota`, requireUser, async (ctx) => respond(ctx, await quotaOf(currentUser(ctx).uid, deps)));

  const file = validate({ params: VIDEO_REQUESTS.videoFileParams });
  router.get('/api/share/video/:file', file, async (ctx: AppContext) => {
    const taskId = file.input(ctx).params.file.slice(0, 24);
    const t = await VideoTask.findOne({ task_id: taskId, status: 'Success' }, { file_id: 1 }).lean<{ file_id: string }>();
    const size = t?.file_id ? await videoLength(t.file_id) : null;
    if (!t || size === null) throw new AppError(ErrorCode.RecordNotFound, 'No such video', { status: 404 });
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('ETag', `"${t.file_id}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    const range = byteRange(ctx.get('Range') || undefined, size);
    if (range === 'bad') {
      ctx.set('Content-Range', `bytes */${size}`);
      throw new AppError(ErrorCode.InvalidParam, 'Range not satisfiable', { status: 416 });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    ctx.type = 'video/mp4';
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    ctx.length = end - start + 1;
    ctx.body = ctx.method === 'HEAD' ? null : openVideo(t.file_id, start, end);
  });
}
