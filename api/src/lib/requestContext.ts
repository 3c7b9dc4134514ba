import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from './context';
import type { Logger } from './logger';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `x-request-id` when it is sane, else a new one), a logger bound to it,
 * and one access-log line when the response is done. Only the path is logged: query strings can hold secrets.
 */
export function requestContext(logger: Logger) {
  return async function requestContextMiddleware(ctx: AppContext, next: Next): Promise<void> {
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ request_id: requestId });
    ctx.set('x-request-id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
