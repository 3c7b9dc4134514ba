import type { Next } from 'koa';
import mongoose from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from 'shared-kit';
import type { AppContext } from './context';
import { AppError } from './errors';

export interface RateLimitOptions {
  /** Names the counter: limiters with different names never share a count, even for the same key. */
  name: string;
  /** What to count by; the client address by default (which honours TRUST_PROXY through `app.proxy`). */
  key?: (ctx: AppContext) => string;
  windowMs: number;
  /** Requests allowed per key per window. */
  max: number;
}

/** Every limiter's counters, one document per name and key, removed by a TTL index once its window has passed. */
export const RATE_LIMIT_COLLECTION = 'rate_limits';

/**
 * A fixed-window limiter counted in MongoDB (rate-limiter-flexible's Mongo store: one atomic upsert per request), so
 * any number of api processes on the database allow exactly what one does. A key found over its limit is also
 * refused from this process's memory until its window ends (it cannot come back under within the window), which
 * spares the database a flood. The store is made on first use, when the process's connection is there.
 */
export function rateLimit({ name, key = (ctx) => ctx.ip, windowMs, max }: RateLimitOptions) {
  if (!(windowMs > 0) || !(max > 0)) throw new Error('rateLimit: windowMs and max must be positive');
  if (!/^[\w-]+$/.test(name)) throw new Error('rateLimit: name must be a word');
  let limiter: RateLimiterMongo | undefined;

  return async function rateLimitMiddleware(ctx: AppContext, next: Next): Promise<void> {
    limiter ??= new RateLimiterMongo({
      storeClient: mongoose.connection,
      tableName: RATE_LIMIT_COLLECTION,
      keyPrefix: name,
      points: max,
      duration: windowMs / 1000,
      inMemoryBlockOnConsumed: max + 1,
    });
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await limiter.consume(key(ctx));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err;
      refused = true;
    }
    ctx.set('RateLimit-Limit', String(max));
    ctx.set('RateLimit-Remaining', String(res.remainingPoints));
    if (refused) {
      const retryAfterS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      ctx.set('Retry-After', String(retryAfterS));
      throw new AppError(ErrorCode.RateLimit, `Too many requests, try again in ${retryAfterS} s`, {
        status: 429,
        data: { retry_after_s: retryAfterS },
      });
    }
    await next();
  };
}
