import type { Next } from 'koa';
import { ErrorCode } from 'shared-kit';
import type { AppContext } from './context';
import { AppError } from './errors';

export interface RateLimitOptions {
  /** What to count by; the client address by default (which honours TRUST_PROXY through `app.proxy`). */
  key?: (ctx: AppContext) => string;
  windowMs: number;
  /** Requests allowed per key per window. */
  max: number;
  /** Clock for tests. */
  now?: () => number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window, in-memory limiter: enough for one api process. Several instances behind a balancer would each
 * count separately; a shared store is the fix then. Expired buckets are swept lazily, so no timer keeps the
 * process alive.
 */
export function rateLimit({ key = (ctx) => ctx.ip, windowMs, max, now = Date.now }: RateLimitOptions) {
  if (!(windowMs > 0) || !(max > 0)) throw new Error('rateLimit: windowMs and max must be positive');
  const buckets = new Map<string, Bucket>();
  let nextSweep = now() + windowMs;

  function sweep(t: number): void {
    if (t < nextSweep) return;
    for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
    nextSweep = t + windowMs;
  }

  return async function rateLimitMiddleware(ctx: AppContext, next: Next): Promise<void> {
    const t = now();
    sweep(t);
    const k = key(ctx);
    let bucket = buckets.get(k);
    if (!bucket || bucket.resetAt <= t) {
      bucket = { count: 0, resetAt: t + windowMs };
      buckets.set(k, bucket);
    }
    bucket.count += 1;
    const remaining = Math.max(0, max - bucket.count);
    const retryAfterS = Math.max(1, Math.ceil((bucket.resetAt - t) / 1000));
    ctx.set('RateLimit-Limit', String(max));
    ctx.set('RateLimit-Remaining', String(remaining));
    if (bucket.count > max) {
      ctx.set('Retry-After', String(retryAfterS));
      throw new AppError(ErrorCode.RateLimit, `Too many requests, try again in ${retryAfterS} s`, {
        status: 429,
        data: { retry_after_s: retryAfterS },
      });
    }
    await next();
  };
}
