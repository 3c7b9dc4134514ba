import { setMaxListeners } from 'node:events';
import { Agenda, InMemoryNotificationChannel, type Job } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import type mongoose from 'mongoose';
import type { Logger } from './logger';
import { PROCESS_NAME } from './processName';

/** A queue of durable jobs in MongoDB, one job per record id (a plan, a voice), run once across processes. */
export interface DurableRunner {
  /** Settles once the queue is set up (its collections and indexes) and polling. */
  ready: Promise<void>;
  /** Queues the record's job (at once; a second call while it waits or runs adds nothing). */
  enqueue(id: string): Promise<void>;
  /** Queues the record's job for a time (one job per record: a later call moves it to the new time). */
  enqueueAt?(id: string, at: Date): Promise<void>;
  /**
   * Runs the job for `id` on a schedule (a cron expression, UTC), kept as one job across processes however often
   * it is set; its first run is at the next time the expression names.
   */
  every?(cron: string, id: string): Promise<void>;
  /** Stops polling and waits (5 s at most) for the jobs in hand, which hand themselves back at their next step. */
  stop(): Promise<void>;
}

export interface DurableQueueOptions<K extends string> {
  db: mongoose.mongo.Db;
  /** The jobs' collection. */
  collection: string;
  jobName: string;
  /** The job data's field holding the record id. */
  key: K;
  concurrency: number;
  pollMs: number;
  lockMs: number;
  log: Logger;
}

/**
 * The part every durable job queue shares (agenda on MongoDB): the queue, a stop signal every running job listens
 * to, a pause that ends early when the process stops, a lock renewed on a beat as well as at each step (so one slow
 * step never lets the lock lapse and another process start the same job), and a bounded stop. The runner's own
 * steps, what "handed back" means and its records stay with the module (`start`).
 */
export function durableQueue<K extends string>(o: DurableQueueOptions<K>) {
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: o.db as never, collection: o.collection }),
    name: PROCESS_NAME,
    processEvery: o.pollMs,
    defaultLockLifetime: o.lockMs,
    removeOnComplete: true,
    // A job queued by this process starts here at once instead of at the next poll; other processes poll.
    notificationChannel: new InMemoryNotificationChannel(),
  });
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  // Every running job's model call and pause listens to it: one listener per job in hand, not a leak.
  setMaxListeners(0, stopping.signal);

  /** Waits `ms`, or less when the process stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || stopping.signal.aborted) return resolve();
      const wake = () => {
        clearTimeout(t);
        resolve();
      };
      const t = setTimeout(() => {
        stopping.signal.removeEventListener('abort', wake);
        resolve();
      }, ms);
      stopping.signal.addEventListener('abort', wake, { once: true });
    });

  /** Runs `run` for each job of the queue from now on. */
  function start(run: (job: Job<Record<K, string>>) => Promise<void>): DurableRunner {
    const tracked = (job: Job<Record<K, string>>): Promise<void> => {
      const beat = setInterval(() => {
        job.touch().catch((err: unknown) => o.log.warn({ err, [o.key]: job.attrs.data[o.key] }, 'job lock renewal failed'));
      }, Math.max(100, Math.floor(o.lockMs / 3)));
      const p = run(job).finally(() => {
        clearInterval(beat);
        inFlight.delete(p);
      });
      inFlight.add(p);
      return p;
    };
    agenda.define<Record<K, string>>(o.jobName, tracked, { concurrency: o.concurrency, lockLifetime: o.lockMs });
    agenda.on('error', (err) => o.log.error({ err }, 'job queue error'));
    const started = agenda.start().catch((err: unknown) => o.log.error({ err }, 'job queue did not start'));

    return {
      ready: started.then(() => undefined),
      async enqueue(id) {
        await started;
        const data = { [o.key]: id } as Record<K, string>;
        await agenda.create(o.jobName, data).unique({ [`data.${o.key}`]: id }).schedule(new Date()).save();
      },
      async enqueueAt(id, at) {
        await started;
        const data = { [o.key]: id } as Record<K, string>;
        await agenda.create(o.jobName, data).unique({ [`data.${o.key}`]: id }).schedule(at).save();
      },
      async every(cron, id) {
        await started;
        const data = { [o.key]: id } as Record<K, string>;
        await agenda.every(cron, o.jobName, data, { timezone: 'UTC', skipImmediate: true });
      },
      async stop() {
        stopping.abort();
        const stopped = (async () => {
          await started;
          // A queue whose database is already gone has nothing left to unlock; stopping must not fail the shutdown.
          await agenda.stop(false).catch((err: unknown) => o.log.warn({ err }, 'job queue stopped with an error'));
          await Promise.allSettled([...inFlight]);
        })();
        let timer: NodeJS.Timeout | undefined;
        const bound = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            o.log.warn('job queue did not stop in time; its jobs resume elsewhere once their lease runs out');
            resolve();
          }, 5000);
        });
        await Promise.race([stopped, bound]);
        clearTimeout(timer);
      },
    };
  }

  return { signal: stopping.signal, sleep, start };
}
