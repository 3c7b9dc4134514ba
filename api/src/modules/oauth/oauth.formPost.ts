import type { Next } from 'koa';
import { ErrorCode } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { providerParamsSchema } from './oauth.schema';

const CALLBACK_PATH = /^\/api\/passport\/oauth\/([^/]+)\/callback$/;
/** An authorization response is a few short fields and one ID token; anything bigger is not one. */
const FORM_LIMIT_BYTES = 64 * 1024;

async function readForm(ctx: AppContext): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new AppError(ErrorCode.InputLimit, 'body: Request body is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Apple answers with `response_mode=form_post`: a cross-site POST that carries no SameSite=Lax cookie, so the
 * flow cookie is not there to check. The POST is answered with a 303 to the same callback as a GET, a top-level
 * navigation that does carry it, and the GET does all the checking. Runs before the JSON-only body parser, which
 * would refuse the form.
 */
export async function oauthFormPost(ctx: AppContext, next: Next): Promise<void> {
  const match = ctx.method === 'POST' ? CALLBACK_PATH.exec(ctx.path) : null;
  if (!match) return next();
  const provider = providerParamsSchema.safeParse({ provider: match[1] });
  if (!provider.success) {
    throw new AppError(ErrorCode.ClientParamError, `provider: ${provider.error.issues[0]?.message ?? 'invalid'}`, {
      data: { errors: [{ path: 'provider', message: provider.error.issues[0]?.message ?? 'invalid' }] },
    });
  }
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new AppError(ErrorCode.ClientParamError, 'body: expected an application/x-www-form-urlencoded authorization response');
  }
  const form = await readForm(ctx);
  const target = new URL(ctx.path, 'http://callback.invalid');
  // Only the fields of an authorization response travel on; anything else in the form is dropped.
  for (const key of ['code', 'state', 'iss', 'error', 'error_description', 'user']) {
    const value = form.get(key);
    if (value !== null) target.searchParams.set(key, value);
  }
  ctx.status = 303;
  ctx.redirect(`${target.pathname}${target.search}`);
}
