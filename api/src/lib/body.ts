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

/** JSON body parsing with a size limit; parse errors are thrown for the error envelope to map. */
export function jsonBody(ctx: AppContext, next: Next): Promise<void> {
  // Neither the check nor the parser looks at other methods (the parser reads POST, PUT and PATCH only).
  if (!BODY_METHODS.has(ctx.method)) return next();
  const parse = STORY_SAVE_PATHS.has(ctx.path) ? parseStoryJson : parseJson;
  return requireJson(ctx, () => parse(ctx, next));
}
