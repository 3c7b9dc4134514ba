import type mongoose from 'mongoose';
import { ErrorCode } from 'shared-kit';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime';

export const UNBAN_JOB = 'anti_addiction.unban';

export interface UnbanRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  events: EventBus;
  pollMs: number;
  lockMs: number;
}

/**
 * The unban when play time opens again: the tick that ends an account's play time (the ban, 1020702) queues a
 * durable job in MongoDB at its `reopens_at`, one per account; whichever api process picks it up at that time emits
 * the unban (1020703), which reaches the account's sockets on every process through the socket.io adapter. A
 * process stopping or restarting in between loses nothing: the job waits in the database.
 */
export function startUnbanRunner(deps: UnbanRunnerDeps): DurableRunner {
  const log = deps.logger.child({ module: 'identity' });
  const queue = durableQueue({
    db: deps.db,
    collection: 'anti_addiction_jobs',
    jobName: UNBAN_JOB,
    key: 'uid',
    concurrency: 8,
    pollMs: deps.pollMs,
    lockMs: deps.lockMs,
    log,
  });
  const runner = queue.start(async (job) => {
    const { uid } = job.attrs.data;
    deps.events.emit('anti_addiction.changed', { uid, code: ErrorCode.AntiAddictionUnban, reopens_at: null, closes_at: null });
  });
  const off = deps.events.on('anti_addiction.changed', async (e) => {
    if (e.code !== ErrorCode.AntiAddictionBan || !e.reopens_at) return;
    await runner.enqueueAt!(e.uid, new Date(e.reopens_at));
  });
  return {
    ...runner,
    async stop() {
      off();
      await runner.stop();
    },
  };
}
