import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext, AppState } from './context';
import { REDACT_PATHS, type Logger } from './logger';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The fields of the access-log line, besides its message. Their values are strings and numbers only. */
export const ACCESS_LOG_FIELDS = ['request_id', 'method', 'path', 'status', 'ms'] as const;

/**
 * Whether redaction could change a line made only of ACCESS_LOG_FIELDS with string or number values: only a path
 * whose first key is one of those fields (or a lone `*`) could; the other wildcard paths reach into objects. A path
 * that starts with a quoted key counts as one that could.
 */
export function redactionTouchesAccessLog(paths: readonly string[] = REDACT_PATHS): boolean {
  const fields: readonly string[] = ACCESS_LOG_FIELDS;
  return paths.some((p) => p === '*' || p.startsWith('[') || fields.includes(p.split(/[.[]/)[0] ?? ''));
}

/**
 * What Koa hands the app as `ctx.state`, with the request's logger made on first use: most requests log nothing but
 * their access line, and a child logger takes a few microseconds to make. Assigning `log` replaces it, as before.
 */
class RequestState {
  readonly requestId: string;
  #root: Logger;
  #log: Logger | undefined;
  #replaced = false;

  constructor(root: Logger, requestId: string) {
    this.#root = root;
    this.requestId = requestId;
  }

  /** A child logger bound to this request's id. */
  get log(): Logger {
    return (this.#log ??= this.#root.child({ request_id: this.requestId }));
  }

  set log(value: Logger) {
    this.#log = value;
    this.#replaced = true;
  }

  /** The logger a handler put in place of the request's own, if any. */
  get replacedLog(): Logger | undefined {
    return this.#replaced ? this.#log : undefined;
  }
}

/**
 * Gives each request an id (the caller's `x-request-id` when it is sane, else a new one), a logger bound to it,
 * and one access-log line when the response is done. Only the path is logged: query strings can hold secrets.
 *
 * The access line goes through a child of `logger` that skips redaction: none of its keys is redacted and its
 * values are plain strings and numbers, so it comes out byte for byte as through the request's logger, without the
 * redaction pass over every field that costs more than the rest of the line. Should REDACT_PATHS ever name one of
 * its keys, the line goes through the redacting logger again.
 */
export function requestContext(logger: Logger) {
  const plain = redactionTouchesAccessLog()
    ? null
    : logger.child({}, { level: 'info', redact: { paths: [] } });
  return async function requestContextMiddleware(ctx: AppContext, next: Next): Promise<void> {
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const state = new RequestState(logger, requestId);
    // The other fields of AppState are set by the middleware that follows, as they were on Koa's empty object.
    ctx.state = state as unknown as AppState;
    ctx.set('x-request-id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      const replaced = state.replacedLog;
      if (replaced || !plain) (replaced ?? state.log).info(fields, 'request');
      // The level is the root logger's at the time of the line, as it was for a child made per request.
      else if (logger.isLevelEnabled('info')) plain.info({ request_id: requestId, ...fields }, 'request');
    }
  };
}
