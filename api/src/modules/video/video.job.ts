import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Job } from 'agenda';
import mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import { PROCESS_NAME } from '../../lib/processName';
import type { EventBus } from '../../realtime/events';
import { Dialogue, Play, storyOfPlay, type DialogueFields, type PlayFields } from '../play';
import { shareVideo } from '../share';
import { VideoTask, type VideoTaskFields } from './video.model';
import { renderVideo } from './video.render';
import { giveBackRender } from './video.service';
import { removeVideo, saveVideo } from './video.store';

export const VIDEO_JOB = 'video-render';

export interface VideoRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  events: EventBus;
  ffmpeg: string;
  publicUrl: string;
  pollMs: number;
  lockMs: number;
  /** How often a render looks whether its task was cancelled from another process. */
  watchMs?: number;
}

export interface VideoRunner extends DurableRunner {
  /** Stops the task's render now if this process runs it. */
  stopLocal(taskId: string): void;
}

class Cancelled extends Error {}
class ProcessStopping extends Error {}

/**
 * Rendering a play as a video, as a durable job (like plans and custom voices): run once across processes, its
 * progress pushed to the owner (TaskProgress), cancelled from any process (the task's status, watched while it runs,
 * kills its ffmpeg), handed back when its process stops (ffmpeg killed, the render started again elsewhere or after
 * the restart). Each render works in a folder of its own, removed whatever the outcome.
 */
export function startVideoRunner(deps: VideoRunnerDeps): VideoRunner {
  const log = deps.logger.child({ module: 'video' });
  const queue = durableQueue({ db: deps.db, collection: 'video_jobs', jobName: VIDEO_JOB, key: 'task_id', concurrency: 1, pollMs: deps.pollMs, lockMs: deps.lockMs, log });
  const local = new Map<string, AbortController>();
  execFile(deps.ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000 }, (err) => {
    if (err) log.warn({ ffmpeg: deps.ffmpeg }, 'ffmpeg is not installed (scripts/ensure-ffmpeg.sh installs it): plays cannot be rendered as videos');
  });

  async function render(t: VideoTaskFields, signal: AbortSignal): Promise<void> {
    const play = await Play.findOne({ play_id: t.play_id }).lean<PlayFields>();
    if (!play) throw new Error('the play is gone');
    const story = await storyOfPlay(play);
    const lines = await Dialogue.find({ play_id: t.play_id, dialogue_id: mongoose.trusted({ $in: t.dialogue_ids }) }).sort({ seq: 1 }).lean<DialogueFields[]>();
    let shown = t.percent;
    let written = t.percent;
    const progress = (percent: number) => {
      if (percent <= shown) return;
      shown = percent;
      if (percent - written < 5 && percent < 99) return;
      written = percent;
      void VideoTask.updateOne({ task_id: t.task_id, status: 'Rendering' }, { $set: { percent } }).catch(() => undefined);
      deps.events.emit('video.progressed', { uid: t.uid, task_id: t.task_id, status: 'Rendering', percent, error_code: 0 });
    };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'video-'));
    try {
      const result = await renderVideo({ uid: t.uid, story, lines, ffmpeg: deps.ffmpeg, dir, signal, progress });
      const saved = await saveVideo(result.file, `${t.task_id}.mp4`, signal);
      const done = await VideoTask.findOneAndUpdate(
        { task_id: t.task_id, status: 'Rendering' },
        { $set: { status: 'Success', percent: 100, file_id: saved.id, bytes: saved.bytes, duration_ms: result.duration_ms } },
        { new: true },
      ).lean<VideoTaskFields>();
      if (!done) {
        // Cancelled while the file was being stored.
        await removeVideo(saved.id);
        throw new Cancelled();
      }
      const link = await shareVideo(t.uid, t.task_id, deps.publicUrl, 'en');
      await VideoTask.updateOne({ task_id: t.task_id }, { $set: { share_code: link.code } });
      deps.events.emit('video.progressed', { uid: t.uid, task_id: t.task_id, status: 'Success', percent: 100, error_code: 0 });
      log.info(
        { task_id: t.task_id, lines: lines.length, duration_ms: result.duration_ms, bytes: saved.bytes, steps: result.steps, ffmpeg_peak_rss: result.ffmpeg.peakRss, ffmpeg_cpu_ms: result.ffmpeg.cpuMs },
        'video rendered',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function run(job: Job<{ task_id: string }>): Promise<void> {
    const taskId = job.attrs.data.task_id;
    const t = await VideoTask.findOneAndUpdate(
      { task_id: taskId, status: mongoose.trusted({ $in: ['Waiting', 'Rendering'] }) },
      { $set: { status: 'Rendering' }, $push: { runs: PROCESS_NAME } },
      { new: true },
    ).lean<VideoTaskFields>();
    if (!t) return;
    log.info({ task_id: taskId, resumed: t.runs.length > 1 }, 'video render started');
    deps.events.emit('video.progressed', { uid: t.uid, task_id: taskId, status: 'Rendering', percent: t.percent, error_code: 0 });
    const ctrl = new AbortController();
    local.set(taskId, ctrl);
    const onStop = () => ctrl.abort(new ProcessStopping());
    queue.signal.addEventListener('abort', onStop, { once: true });
    const watch = setInterval(() => {
      VideoTask.findOne({ task_id: taskId }, { status: 1 })
        .lean<{ status: string }>()
        .then((now) => {
          if (now?.status !== 'Rendering') ctrl.abort(new Cancelled());
        })
        .catch(() => undefined);
    }, deps.watchMs ?? 500);
    try {
      await render(t, ctrl.signal);
    } catch (err) {
      const reason: unknown = ctrl.signal.aborted ? ctrl.signal.reason : err;
      if (reason instanceof ProcessStopping || queue.signal.aborted) {
        job.attrs.nextRunAt = new Date();
        log.info({ task_id: taskId }, 'video render handed back: process stopping');
        return;
      }
      if (reason instanceof Cancelled || err instanceof Cancelled) {
        log.info({ task_id: taskId }, 'video render cancelled');
        return;
      }
      log.error({ err, task_id: taskId }, 'video render failed');
      const failed = await VideoTask.findOneAndUpdate({ task_id: taskId, status: 'Rendering' }, { $set: { status: 'Fail', error_code: ErrorCode.Internal } }, { new: true }).lean<VideoTaskFields>();
      if (failed) {
        // A render that failed on our side does not count against the day's limit.
        await giveBackRender(t.uid, t.day);
        deps.events.emit('video.progressed', { uid: t.uid, task_id: taskId, status: 'Fail', percent: failed.percent, error_code: ErrorCode.Internal });
      }
    } finally {
      clearInterval(watch);
      queue.signal.removeEventListener('abort', onStop);
      local.delete(taskId);
    }
  }

  return {
    ...queue.start(run),
    stopLocal(taskId) {
      local.get(taskId)?.abort(new Cancelled());
    },
  };
}
