import mongoose from 'mongoose';
import { StoryStatus, type ForbiddenWords, type StoryReviewResult } from 'shared-kit';
import type { ModerationProvider } from '../../ai';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime/events';
import { isPendingVersion, Story, versionById } from '../stories';
import { StoryVersion, type StoryVersionRecord } from '../stories';
import { reviewContent, reviewTexts, type ReviewOutcome } from './review.engine';
import { enqueueSubjectReview, reviewSubject, reviewSubjects } from './review.subjects';
import { ReviewJob, type ReviewJobRecord } from './reviewJob.model';

/**
 * A running job's lease (REVIEW_LOCK_MS): renewed on a beat while the review runs, so a slow moderation call never
 * lets another process take the job; once its process dies, another takes it when the lease lapses.
 */
export const REVIEW_LOCK_MS = 2 * 60_000;
/** Moderation failures are retried this often (with growing delay) before the lists alone decide. */
const MAX_ATTEMPTS = 4;
const RETRY_BASE_MS = 5_000;

export interface ReviewWorkerDeps {
  logger: Logger;
  events: EventBus;
  forbidden: ForbiddenWords;
  moderation: ModerationProvider | null;
  pollMs: number;
  /** The least time between queueing a review and running it (REVIEW_DELAY_MS); 0 by default. */
  delayMs?: number;
  /** The lease of a running review (REVIEW_LOCK_MS). */
  lockMs?: number;
  now?: () => number;
}

export interface ReviewWorker {
  /** Looks for work now rather than at the next poll (called right after a job is queued). */
  kick(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
}

/** Queues the review of a freshly written version. */
export async function enqueueReview(
  job: { story_id: string; version_id: string; uid: string },
  now: number,
): Promise<void> {
  await ReviewJob.create({ ...job, state: 'queued', run_after: new Date(now) });
}

/** Cancels a story's queued reviews (a newer version supersedes them, or the story is gone). */
export async function cancelReviews(storyId: string): Promise<void> {
  await ReviewJob.updateMany(
    { story_id: storyId, state: mongoose.trusted({ $in: ['queued', 'running'] }) },
    { $set: { state: 'cancelled', finished_at: new Date() } },
  );
}

async function claim(now: number, delayMs: number, lockMs: number): Promise<ReviewJobRecord | null> {
  const at = new Date(now);
  return ReviewJob.findOneAndUpdate(
    {
      $or: [
        { state: 'queued', run_after: mongoose.trusted({ $lte: new Date(now - delayMs) }) },
        { state: 'running', locked_until: mongoose.trusted({ $lt: at }) },
      ],
    },
    { $set: { state: 'running', locked_until: new Date(now + lockMs) }, $inc: { attempts: 1 } },
    { sort: { run_after: 1 }, new: true },
  ).lean<ReviewJobRecord>();
}

async function finish(
  job: ReviewJobRecord,
  state: 'done' | 'cancelled',
  now: number,
  error: string | null = null,
): Promise<void> {
  await ReviewJob.updateOne(
    { version_id: job.version_id },
    { $set: { state, finished_at: new Date(now), locked_until: null, last_error: error } },
  );
}

/** Started with the app: polls `review_jobs`, reviews each version, records the outcome and tells the creator. */
export function startReviewWorker(deps: ReviewWorkerDeps): ReviewWorker {
  const now = deps.now ?? Date.now;
  const reviewDelayMs = deps.delayMs ?? 0;
  const lockMs = deps.lockMs ?? REVIEW_LOCK_MS;
  const log = deps.logger.child({ module: 'review' });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  /** Applies a version's recorded outcome to its story, if the story still waits for that version. */
  async function applyToStory(
    version: StoryVersionRecord,
    status: ReviewOutcome,
    result: StoryReviewResult,
  ): Promise<void> {
    const passed = status === StoryStatus.Passed;
    const story = await Story.findOneAndUpdate(
      { story_id: version.story_id, pending_version_id: version.version_id, deleted_at: null },
      {
        $set: {
          status,
          review_result: result,
          reviewed_version_id: version.version_id,
          pending_version_id: null,
          unread: true,
          fail_msg: passed ? null : { code: 9001, msg: 'Content violation, edit and retry' },
          ...(passed ? { live_version_id: version.version_id, live_status: StoryStatus.Passed } : {}),
        },
      },
      { new: true },
    ).lean();
    if (!story) return;
    deps.events.emit('story.reviewed', {
      uid: version.uid,
      story_id: version.story_id,
      version_id: version.version_id,
      status,
      passed,
    });
  }

  /** Requeues a job whose moderation call failed, later each time. */
  async function retryLater(job: ReviewJobRecord, err: unknown): Promise<void> {
    const delay = RETRY_BASE_MS * 2 ** Math.max(0, job.attempts - 1);
    log.warn({ err, version_id: job.version_id, attempts: job.attempts, retry_in_ms: delay }, 'review failed; retrying');
    await ReviewJob.updateOne(
      { version_id: job.version_id },
      { $set: { state: 'queued', run_after: new Date(now() + delay), locked_until: null, last_error: String(err) } },
    );
  }

  /** A job of another subject than a story (review.subjects.ts): its texts reviewed, the outcome given back to it. */
  async function processSubject(job: ReviewJobRecord, kind: string): Promise<void> {
    const subject = reviewSubject(kind);
    if (!subject) return finish(job, 'cancelled', now(), `no review subject ${kind}`);
    const revision = job.version_id.slice(kind.length + job.story_id.length + 2);
    const texts = await subject.texts(job.story_id, revision);
    if (!texts) return finish(job, 'cancelled', now(), 'superseded');
    const moderation = deps.moderation && job.attempts > MAX_ATTEMPTS ? null : deps.moderation;
    let report;
    try {
      report = await reviewTexts(texts, { forbidden: deps.forbidden, moderation });
    } catch (err) {
      return retryLater(job, err);
    }
    await subject.apply(job.story_id, revision, report, new Date(now()));
    log.info({ kind, subject_id: job.story_id, revision, status: report.status }, 'reviewed');
    await finish(job, 'done', now());
  }

  async function process(job: ReviewJobRecord): Promise<void> {
    const kind = job.kind ?? 'story';
    if (kind !== 'story') return processSubject(job, kind);
    const version = await versionById(job.version_id);
    if (!version) return finish(job, 'cancelled', now(), 'version missing');
    if (version.status !== StoryStatus.ToVerify && version.review_result) {
      // Reviewed before a crash, but the story was not updated yet.
      await applyToStory(version, version.status as ReviewOutcome, version.review_result);
      return finish(job, 'done', now());
    }
    const waiting = await isPendingVersion(job.story_id, job.version_id);
    if (!waiting) return finish(job, 'cancelled', now(), 'superseded');

    let moderation = deps.moderation;
    if (moderation && job.attempts > MAX_ATTEMPTS) {
      log.error(
        { version_id: job.version_id },
        'moderation kept failing; reviewing with the word lists only',
      );
      moderation = null;
    }
    let report;
    try {
      report = await reviewContent(version.content, { forbidden: deps.forbidden, moderation });
    } catch (err) {
      const delay = RETRY_BASE_MS * 2 ** Math.max(0, job.attempts - 1);
      log.warn(
        { err, version_id: job.version_id, attempts: job.attempts, retry_in_ms: delay },
        'review failed; retrying',
      );
      await ReviewJob.updateOne(
        { version_id: job.version_id },
        {
          $set: {
            state: 'queued',
            run_after: new Date(now() + delay),
            locked_until: null,
            last_error: String(err),
          },
        },
      );
      return;
    }
    // An edit while the provider answered supersedes this version: its verdict no longer matters to anyone.
    if (
      !(await isPendingVersion(job.story_id, job.version_id))
    ) {
      return finish(job, 'cancelled', now(), 'superseded');
    }
    await StoryVersion.updateOne(
      { version_id: version.version_id, status: StoryStatus.ToVerify },
      {
        $set: {
          status: report.status,
          review_result: report.review_result,
          review_notes: report.notes,
          reviewed_at: new Date(now()),
          // A pass needs no person; a flagged version waits in the operators' queue.
          ...(report.status === StoryStatus.Passed ? { queue_left_at: new Date(now()) } : {}),
        },
      },
    );
    await applyToStory(version, report.status, report.review_result);
    log.info({ story_id: job.story_id, version_id: job.version_id, status: report.status }, 'story reviewed');
    await finish(job, 'done', now());
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const job = await claim(now(), reviewDelayMs, lockMs);
        if (!job) break;
        log.info({ story_id: job.story_id, version_id: job.version_id, attempts: job.attempts }, 'review started');
        // Renews the lease while this claim (its attempt) still holds the job.
        const beat = setInterval(() => {
          ReviewJob.updateOne(
            { version_id: job.version_id, state: 'running', attempts: job.attempts },
            { $set: { locked_until: new Date(now() + lockMs) } },
          ).catch((err: unknown) => log.warn({ err, version_id: job.version_id }, 'review lease renewal failed'));
        }, Math.max(100, Math.floor(lockMs / 3)));
        try {
          await process(job);
        } finally {
          clearInterval(beat);
        }
      }
    } while (again && !stopped);
  }

  function schedule(ms: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    // The poll alone must never keep the process alive.
    timer.unref();
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => {
        if (!stopped) log.error({ err }, 'review worker pass failed');
      })
      .finally(() => {
        running = null;
        schedule(deps.pollMs);
      });
  }

  /** Versions left waiting without a job (a crash between writing the version and queueing it) get one. */
  async function recover(): Promise<void> {
    const waiting = await Story.find(
      { pending_version_id: mongoose.trusted({ $ne: null }), deleted_at: null },
      { story_id: 1, uid: 1, pending_version_id: 1 },
    ).lean();
    for (const s of waiting) {
      const versionId = s.pending_version_id as string;
      if (await ReviewJob.exists({ version_id: versionId })) continue;
      await enqueueReview({ story_id: s.story_id, version_id: versionId, uid: s.uid }, now()).catch(
        () => undefined,
      );
    }
  }

  /** Other subjects' revisions left waiting without a job get one too. */
  async function recoverSubjects(): Promise<void> {
    for (const [kind, subject] of reviewSubjects()) {
      for (const w of (await subject.waiting?.()) ?? []) {
        await enqueueSubjectReview(kind, w, now()).catch(() => undefined);
      }
    }
  }

  running = Promise.all([recover(), recoverSubjects()]).then(() => undefined)
    .catch((err: unknown) => {
      if (!stopped) log.error({ err }, 'review recovery failed');
    })
    .finally(() => {
      running = null;
      schedule(0);
    });

  return {
    kick() {
      schedule(0);
      // A delayed job is not due at the kick; look again once it is, rather than at a later poll.
      if (reviewDelayMs > 0) setTimeout(() => schedule(0), reviewDelayMs + 10).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
