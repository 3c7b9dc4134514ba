import mongoose from 'mongoose';
import { z } from 'zod';
import { ErrorCode } from 'shared-kit';
import { requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';

const DAY = 86_400_000;
/** How often a process reads the offset again, so every api process agrees within this time. */
export const PLAY_CLOCK_REFRESH_MS = 500;

/** The one record of the offset (`dev_clock`, `_id: 'play'`), written only when the development clock is on. */
const clockSchema = new mongoose.Schema(
  { _id: { type: String, required: true }, offset_ms: { type: Number, required: true }, at: { type: Date, required: true } },
  // Not created where the clock never moves (production): the first offset set writes it.
  { collection: 'dev_clock', versionKey: false, autoCreate: false, autoIndex: false },
);
const DevClock = mongoose.model('DevClock', clockSchema);

/**
 * Play time's clock (anti-addiction: the day's allowance, the allowed hours, the unban and close jobs). It is the
 * app's clock, except in development and browser tests with DEV_PLAY_CLOCK (never in production, see config), where
 * an offset kept in MongoDB moves it: `POST /api/dev/play_clock` sets it, and every api process reads it again every
 * PLAY_CLOCK_REFRESH_MS, so a browser test can reach the next allowed window without waiting for it.
 */
export interface PlayClock {
  readonly movable: boolean;
  now(): number;
  /** The app's own time of a play-clock instant: when a job due at `at` on this clock is due for the job queue. */
  toAppTime(at: number): number;
  offset(): number;
  /** Sets the offset (ms) for every process; answers how far it moved. */
  set(offsetMs: number): Promise<number>;
  /** Reads the offset now, then every PLAY_CLOCK_REFRESH_MS (a movable clock only). */
  start(): Promise<void>;
  stop(): void;
}

export function playClock(movable: boolean, base: () => number): PlayClock {
  let offset = 0;
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    const doc = await DevClock.findById('play', { offset_ms: 1 }).lean();
    offset = doc?.offset_ms ?? 0;
  };
  return {
    movable,
    now: movable ? () => base() + offset : base,
    toAppTime: (at) => at - offset,
    offset: () => offset,
    async set(offsetMs) {
      if (!movable) throw new Error('the play clock is fixed');
      await refresh();
      const moved = offsetMs - offset;
      await DevClock.updateOne({ _id: 'play' }, { $set: { offset_ms: offsetMs, at: new Date(base()) } }, { upsert: true });
      offset = offsetMs;
      return moved;
    },
    async start() {
      if (!movable || timer) return;
      // A failed read leaves the offset as it was; the next one tries again.
      await refresh().catch(() => undefined);
      timer = setInterval(() => void refresh().catch(() => undefined), PLAY_CLOCK_REFRESH_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

const body = z.object({ offset_ms: z.number().int().min(-7 * DAY).max(7 * DAY) }).strict();

/**
 * `GET|POST /api/dev/play_clock` (a signed-in account; no operator needed, since the clock only moves in development
 * and browser tests): reads or sets play time's offset. With a fixed clock (production, or DEV_PLAY_CLOCK unset),
 * 1008 with `reason: dev_play_clock_off`, and nothing moves. Setting it moves the waiting unban and close jobs by as
 * much (`moveJobs`), so a job due at a play-clock time runs when the clock reaches it.
 */
export function playClockRoutes(router: AppRouter, clock: PlayClock, moveJobs: (byMs: number) => Promise<void>): void {
  const refuseFixed = async (_ctx: unknown, next: () => Promise<unknown>) => {
    if (!clock.movable) throw new AppError(ErrorCode.NoAccess, 'The play clock moves only in development and browser tests', { data: { reason: 'dev_play_clock_off' } });
    await next();
  };
  const answer = () => ({ offset_ms: clock.offset(), now: new Date(clock.now()).toISOString() });
  router.get('/api/dev/play_clock', refuseFixed, requireUser, async (ctx) => respond(ctx, answer()));
  const input = validate({ body });
  router.post('/api/dev/play_clock', refuseFixed, requireUser, input, async (ctx) => {
    const moved = await clock.set(input.input(ctx).body.offset_ms);
    await moveJobs(moved);
    respond(ctx, answer());
  });
}
