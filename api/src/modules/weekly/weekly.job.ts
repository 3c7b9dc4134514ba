import { randomUUID } from 'node:crypto';
import type { Job } from 'agenda';
import mongoose from 'mongoose';
import { NoticeKind } from 'shared-kit';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import { notifyMany } from '../notice';
import { Story } from '../stories';
import { anything, figuresOf, type CreatorStory } from './weekly.compute';
import { WeeklyReportModel, WeeklyRun, type ReportFigures } from './weekly.model';
import { weekBefore, weekOf, type Week } from './week';

export const WEEKLY_JOB = 'weekly-report';
/** Monday 03:00 UTC, for the week that ended three hours before. */
export const WEEKLY_CRON = '0 3 * * 1';
/** The job's data for the scheduled run: the week before the run's time. */
export const LAST_WEEK = 'last';
/** Creators per batch: one query per source per batch, and at most this many creators' stories in memory. */
export const BATCH_CREATORS = 500;

export const reportPath = (week: string) => `/account/weekly/${week}`;

export interface WeekRun {
  week: string;
  creators: number;
  reports: number;
  ms: number;
}

const STORY_FIELDS = { story_id: 1, uid: 1, story_gen_type: 1, story_name: 1, logo: 1, live_version_id: 1, created_at: 1, deleted_at: 1, _id: 0 } as const;

/** Writes a batch's reports (one per creator and week, rewritten by a rerun), then tells the creators not yet told. */
async function writeBatch(figures: Map<string, ReportFigures>, w: Week, now: Date): Promise<number> {
  const ops = [...figures].filter(([, f]) => anything(f)).map(([uid, f]) => ({
    updateOne: {
      filter: { uid, week: w.week },
      update: { $set: { ...f, enddate: w.enddate, updated_at: now }, $setOnInsert: { uid, week: w.week, notified: false, created_at: now } },
      upsert: true,
    },
  }));
  if (ops.length === 0) return 0;
  await WeeklyReportModel.bulkWrite(ops, { ordered: false });
  // Claimed before the notices are written, under this batch's token: a rerun or a second process never tells a
  // creator twice.
  const token = randomUUID();
  await WeeklyReportModel.updateMany(
    { uid: mongoose.trusted({ $in: ops.map((o) => o.updateOne.filter.uid) }), week: w.week, notified: false },
    { $set: { notified: true, notice_token: token } },
  );
  const claimed = await WeeklyReportModel.find({ notice_token: token, week: w.week }, { uid: 1, _id: 0 }).lean<{ uid: string }[]>();
  await notifyMany(claimed.map(({ uid }) => ({ uid, kind: NoticeKind.WeeklyReport, title: `${w.week}|${w.enddate}`, link: reportPath(w.week) })));
  return ops.length;
}

/**
 * Runs the report of one week for every creator (anyone with a story), reading creators in uid order through a
 * database cursor, BATCH_CREATORS at a time: never all creators in memory. The run's place is saved after each
 * batch, so a run stopped half-way resumes after the last batch written; a finished week run again starts over and
 * writes the same figures (the reports are unique per creator and week, and each creator is told once).
 */
export async function runWeek(monday: string, now: () => number, signal?: AbortSignal): Promise<WeekRun> {
  const began = now();
  const w = weekOf(monday);
  const prior = await WeeklyRun.findOneAndUpdate(
    { week: monday },
    { $setOnInsert: { week: monday, status: 'running', started_at: new Date(began) } },
    { upsert: true, new: false },
  ).lean<{ status: string; after_uid: string; creators: number; reports: number }>();
  let after = prior?.status === 'running' ? prior.after_uid : '';
  let creators = prior?.status === 'running' ? prior.creators : 0;
  let reports = prior?.status === 'running' ? prior.reports : 0;
  if (prior?.status === 'done') {
    await WeeklyRun.updateOne({ week: monday }, { $set: { status: 'running', after_uid: '', creators: 0, reports: 0, started_at: new Date(began), finished_at: null } });
  }
  const cursor = Story.find(after ? { uid: mongoose.trusted({ $gt: after }) } : {}, STORY_FIELDS)
    .sort({ uid: 1 })
    .lean<CreatorStory[]>()
    .cursor({ batchSize: 2000 });
  let batch = new Map<string, CreatorStory[]>();
  let last = '';
  const flush = async (keepUid: string) => {
    // The creator whose stories are still coming stays for the next batch.
    const held = batch.get(keepUid);
    if (held) batch.delete(keepUid);
    if (batch.size > 0) {
      reports += await writeBatch(await figuresOf(batch, w), w, new Date(now()));
      creators += batch.size;
      after = [...batch.keys()].pop()!;
      await WeeklyRun.updateOne({ week: monday }, { $set: { after_uid: after, creators, reports } });
    }
    batch = new Map(held ? [[keepUid, held]] : []);
  };
  try {
    for await (const s of cursor) {
      if (signal?.aborted) throw new Error('stopped');
      if (s.uid !== last && batch.size >= BATCH_CREATORS) await flush(s.uid);
      last = s.uid;
      const list = batch.get(s.uid);
      if (list) list.push(s);
      else batch.set(s.uid, [s]);
    }
    await flush('');
  } finally {
    await cursor.close();
  }
  await WeeklyRun.updateOne({ week: monday }, { $set: { status: 'done', finished_at: new Date(now()) } });
  return { week: monday, creators, reports, ms: now() - began };
}

export interface WeeklyRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  pollMs: number;
  lockMs: number;
  now: () => number;
}

/**
 * The weekly report as a durable job (agenda on MongoDB): scheduled every Monday (WEEKLY_CRON, UTC) for the week
 * before, run once across processes; a week can also be queued by its Monday. A run whose process stops resumes
 * from its saved place when the job is picked up again.
 */
export function startWeeklyRunner(deps: WeeklyRunnerDeps): DurableRunner {
  const log = deps.logger.child({ module: 'weekly' });
  const queue = durableQueue({ db: deps.db, collection: 'weekly_jobs', jobName: WEEKLY_JOB, key: 'week', concurrency: 1, pollMs: deps.pollMs, lockMs: deps.lockMs, log });
  async function run(job: Job<{ week: string }>): Promise<void> {
    const week = job.attrs.data.week === LAST_WEEK ? weekBefore(deps.now()) : job.attrs.data.week;
    try {
      const done = await runWeek(week, deps.now, queue.signal);
      log.info(done, 'weekly reports written');
    } catch (err) {
      if (queue.signal.aborted) {
        // Picked up again at once by another process or after the restart, from the run's saved place.
        job.attrs.nextRunAt = new Date();
        log.info({ week }, 'weekly reports handed back: process stopping');
        return;
      }
      throw err;
    }
  }
  const runner = queue.start(run);
  void runner.ready.then(() => runner.every?.(WEEKLY_CRON, LAST_WEEK)).catch((err: unknown) => log.error({ err }, 'weekly schedule not set'));
  return runner;
}
