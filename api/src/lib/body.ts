import { bodyParser } from '@koa/bodyparser';
import type { Next } from 'koa';
import { ErrorCode } from 'shared-kit';
import type { AppContext } from './context';
import { AppError } from './errors';

export const JSON_BODY_LIMIT = '1mb';
/**
 * A story at the spec's maxima (100 chapters of 3,000 characters plus characters and settings) is about 1 MB of
 * JSON in a script that takes 3 bytes a character, so whole-story saves get a larger limit.
 */
export const STORY_BODY_LIMIT = '4mb';
const STORY_SAVE_PATHS = new Set(['/api/editor/story/create', '/api/editor/story/check_create']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(ctx: AppContext): boolean {
  const length = ctx.get('content-length');
  if (length !== '') return Number(length) > 0;
  return ctx.get('transfer-encoding') !== '';
}

/**
 * The API speaks JSON only. Form and text bodies are refused with a parameter error instead of being silently
 * ignored, so a client sending the wrong type learns why its fields "vanished".
 */
async function requireJson(ctx: AppContext, next: Next): Promise<void> {
  if (BODY_METHODS.has(ctx.method) && hasBody(ctx) && !ctx.is('application/json', 'application/*+json')) {
    const type = ctx.get('content-type') || 'none';
    throw new AppError(ErrorCode.ClientParamError, `body: Unsupported content type ${type}, send application/json`);
  }
  await next();
}

const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT, encoding: 'utf-8' });
const parseStoryJson = bodyParser({ enableTypes: ['json'], jsonLimit: STORY_BODY_LIMIT, encoding: 'utf-8' });

/** The methods whose JSON bodies the parser reads. */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SMALL_BODY_MAX = 64 * 1024;
/** A key that could set an object's prototype, in any JSON spelling (what the parser's own check looks for). */
const PROTO_KEY = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const STRICT_START = /^[\x20\x09\x0a\x0d]*(\[|\{)/;

/** Why a body is not JSON, in the shape the parser throws (the error envelope maps it to "Malformed JSON"). */
function malformed(message: string): Error {
  return Object.assign(new SyntaxError(message), { status: 400 });
}

/**
 * The common request, a small utf-8 JSON body of known length, read and parsed in place: the general parser's
 * stream plumbing costs about as much again as everything else before a route. Same rules as the parser: objects
 * and arrays only, no prototype keys, an empty body is `{}`. Anything else (compressed, chunked, large, another
 * charset) is left to the parser; null then.
 */
function smallJson(ctx: AppContext): Promise<unknown> | null {
  const req = ctx.req;
  const length = Number(req.headers['content-length']);
  const encoding = req.headers['content-encoding'];
  const charset = ctx.request.charset;
  if (!Number.isInteger(length) || length <= 0 || length > SMALL_BODY_MAX || req.headers['transfer-encoding'] !== undefined) return null;
  if ((encoding !== undefined && encoding !== 'identity') || (charset !== '' && charset !== 'utf-8' && charset !== 'utf8')) return null;
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let received = 0;
    const fail = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onData = (part: Buffer) => {
      received += part.length;
      if (received > length) fail(Object.assign(new Error('request size did not match content length'), { status: 400, expose: true, type: 'request.size.invalid' }));
      else parts.push(part);
    };
    const onEnd = () => {
      cleanup();
      if (received !== length) return reject(Object.assign(new Error('request size did not match content length'), { status: 400, expose: true, type: 'request.size.invalid' }));
      const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
      try {
        if (!STRICT_START.test(text)) throw malformed('invalid JSON, only supports object and array');
        const parsed: unknown = JSON.parse(text);
        if (PROTO_KEY.test(text)) throw malformed('Object contains forbidden prototype property');
        ctx.request.rawBody = text;
        resolve(parsed);
      } catch (err) {
        reject(err instanceof SyntaxError ? Object.assign(err, { status: 400 }) : err);
      }
    };
    const onAborted = () => fail(Object.assign(new Error('request aborted'), { status: 400, expose: true, type: 'request.aborted' }));
    const onError = (err: Error) => fail(err);
    function cleanup() {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onError);
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  });
}

/** JSON body parsing with a size limit; parse errors are thrown for the error envelope to map. */
export function jsonBody(ctx: AppContext, next: Next): Promise<void> {
  // Neither the check nor the parser looks at other methods (the parser reads POST, PUT and PATCH only).
  if (!BODY_METHODS.has(ctx.method)) return next();
  const parse = STORY_SAVE_PATHS.has(ctx.path) ? parseStoryJson : parseJson;
  return requireJson(ctx, async () => {
    const small = PARSED_METHODS.has(ctx.method) && ctx.request.body === undefined ? smallJson(ctx) : null;
    if (!small) return parse(ctx, next);
    ctx.request.body = await small;
    return next();
  });
}
