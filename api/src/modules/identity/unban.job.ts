import type mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import type { IdentitySettings } from '../../config';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime';
import { userByUid } from '../users';
import { pushHoursEnded } from './playTime.service';

export const UNBAN_JOB = 'anti_addiction.unban';
export const CLOSE_JOB = 'anti_addiction.close';

export interface UnbanRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  events: EventBus;
  pollMs: number;
  lockMs: number;
  settings: IdentitySettings;
  /** Play time's clock (playClock.ts). */
  now: () => number;
  /** The job queue's own time of a play-clock instant (the same but for a moved development clock). */
  toAppTime?: (at: number) => number;
}

const JOBS = 'anti_addiction_jobs';

/**
 * Moves every waiting unban and close job by `byMs` earlier (play time's development clock moved forward by as much,
 * playClock.ts), so each runs when that clock reaches its time. Jobs already running are left as they are.
 */
export async function moveWaitingJobs(db: mongoose.mongo.Db, byMs: number): Promise<void> {
  if (byMs === 0) return;
  const jobs = db.collection<{ nextRunAt: Date | null; lockedAt?: Date | null }>(JOBS);
  const waiting = await jobs.find({ nextRunAt: { $ne: null }, lockedAt: null }, { projection: { nextRunAt: 1 } }).toArray();
  await Promise.all(waiting.map((job) => jobs.updateOne({ _id: job._id, lockedAt: null }, { $set: { nextRunAt: new Date(job.nextRunAt!.getTime() - byMs) } })));
}

/**
 * The pushes that no tick can send on time, as durable jobs in MongoDB (`anti_addiction_jobs`, one of each kind per
 * account), run by whichever api process picks them up at their time and pushed to the account's sockets on every
 * process through the socket.io adapter; a process stopping in between loses nothing, the jobs wait in the database.
 * - The unban when play time opens again: the ban (1020702, the allowance used up or the hours ended) queues it at
 *   `reopens_at`; it pushes 1020703.
 * - The end of the allowed hours during a session: their pre-warning (reason `hours`) queues it at `closes_at`; it
 *   pushes the ban (1020702, reason `hours`, with `reopens_at`) if the account is then refused for the hours.
 */
export function startUnbanRunner(deps: UnbanRunnerDeps): DurableRunner {
  const log = deps.logger.child({ module: 'identity' });
  const queue = (jobName: string) =>
    durableQueue({ db: deps.db, collection: JOBS, jobName, key: 'uid', concurrency: 8, pollMs: deps.pollMs, lockMs: deps.lockMs, log });
  const unban = queue(UNBAN_JOB).start(async (job) => {
    deps.events.emit('anti_addiction.changed', { uid: job.attrs.data.uid, code: ErrorCode.AntiAddictionUnban, reopens_at: null, closes_at: null, reason: null });
  });
  const pt = { settings: deps.settings, events: deps.events, now: deps.now };
  const close = queue(CLOSE_JOB).start(async (job) => {
    const user = await userByUid(job.attrs.data.uid, ['uid', 'teen_mode', 'last_login_country']);
    if (user?.uid) await pushHoursEnded(pt, { uid: user.uid, teen_mode: user.teen_mode, last_login_country: user.last_login_country });
  });
  const at = (iso: string) => new Date(deps.toAppTime ? deps.toAppTime(Date.parse(iso)) : Date.parse(iso));
  const off = deps.events.on('anti_addiction.changed', async (e) => {
    if (e.code === ErrorCode.AntiAddictionBan && e.reopens_at) await unban.enqueueAt!(e.uid, at(e.reopens_at));
    if (e.code === ErrorCode.AntiAddictionPreWarning && e.reason === 'hours' && e.closes_at) await close.enqueueAt!(e.uid, at(e.closes_at));
  });
  return {
    ready: Promise.all([unban.ready, close.ready]).then(() => undefined),
    enqueue: unban.enqueue,
    async stop() {
      off();
      await Promise.all([unban.stop(), close.stop()]);
    },
  };
}
