import type { Next } from 'koa';
import { ErrorCode, fail, ok } from 'shared-kit';
import type { AppContext } from './context';
import { AppError } from './errors';
import { isApiPath } from './securityHeaders';

/** Sends a success envelope (`status_code` 0) with `data`. */
export function respond(ctx: AppContext, data?: unknown): void {
  ctx.status = 200;
  ctx.body = ok(data);
}

/** An error raised by a body parser or other HTTP middleware (http-errors shape). */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

function malformedJson(): AppError {
  return new AppError(ErrorCode.ClientParamError, 'body: Malformed JSON', {
    data: { errors: [{ path: 'body', message: 'Malformed JSON' }] },
  });
}

/** Turns what body parsing throws into the spec's codes; anything else is not ours to explain. */
function fromHttpError(err: HttpLikeError): AppError | null {
  // co-body rethrows JSON.parse's SyntaxError (also for bare scalars and __proto__ keys) with status 400.
  const status = err.status ?? err.statusCode;
  if (err instanceof SyntaxError && status === 400) return malformedJson();
  switch (err.type) {
    case 'entity.parse.failed':
      return malformedJson();
    case 'entity.too.large':
      return new AppError(ErrorCode.InputLimit, 'body: Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(ErrorCode.ClientParamError, `body: ${err.message ?? 'Unsupported encoding'}`);
    case 'request.aborted':
      return new AppError(ErrorCode.ClientParamError, 'body: Request aborted');
    default:
  }
  if (err.expose && status !== undefined && status >= 400 && status < 500) {
    return new AppError(ErrorCode.ClientParamError, err.message);
  }
  return null;
}

/**
 * The one error renderer. AppErrors render their code; known HTTP-layer errors map to codes; anything else is a
 * fault: logged with its stack at error level, and the client sees only code 1002 and the request id.
 */
export async function errorEnvelope(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
  } catch (caught) {
    const known =
      caught instanceof AppError
        ? caught
        : typeof caught === 'object' && caught !== null
          ? fromHttpError(caught as HttpLikeError & object)
          : null;
    if (known) {
      const log = ctx.state.log;
      if (known.report) log.error({ err: known, status_code: known.code }, known.message);
      else log.info({ status_code: known.code, reason: known.message }, 'request refused');
      ctx.status = known.status;
      ctx.body = fail(known.code, known.message, known.data);
      return;
    }
    ctx.state.log.error({ err: caught, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = fail(ErrorCode.Internal, 'Server error', { request_id: ctx.state.requestId });
  }
}

/** Unknown `/api` routes get HTTP 404 with an envelope instead of Koa's plain-text page. */
export async function apiNotFound(ctx: AppContext, next: Next): Promise<void> {
  await next();
  if (ctx.body === undefined && ctx.status === 404 && isApiPath(ctx.path)) {
    throw new AppError(ErrorCode.InvalidParam, `No such endpoint: ${ctx.method} ${ctx.path}`, { status: 404 });
  }
}
