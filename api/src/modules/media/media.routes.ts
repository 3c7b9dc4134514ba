import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ErrorCode } from 'shared-kit';
import { currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter, AppState } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError, paramError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { uploadRefused } from './media.errors';
import { declaredTooLarge, parseMultipart } from './media.multipart';
import { MAX_UPLOAD_BYTES } from './media.rules';
import { EDITOR_REQUESTS } from 'shared-kit/schemas';
import { getImage, uploadImage } from './media.service';

export const UPLOAD_PATH = '/api/editor/upload';
/** Stored pictures never change under an id, so any cache may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function upload(ctx: AppContext): Promise<void> {
  const limits = { fileField: 'file', maxFileBytes: MAX_UPLOAD_BYTES };
  if (!ctx.is('multipart/form-data')) {
    throw new AppError(ErrorCode.ClientParamError, 'body: Send the picture as multipart/form-data');
  }
  if (declaredTooLarge(ctx.req, limits)) {
    // The client would otherwise keep sending a body nobody reads.
    ctx.set('Connection', 'close');
    throw uploadRefused('size', `The largest file accepted is ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`);
  }
  const { fields, file } = await parseMultipart(ctx.req, limits);
  const parsed = EDITOR_REQUESTS.uploadFields.safeParse(fields);
  if (!parsed.success) {
    throw paramError(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message })));
  }
  const user = currentUser(ctx);
  ctx.state.log.info(
    { use: parsed.data.use, bytes: file.data.length, declared_type: file.declaredType, filename: file.filename.slice(0, 80) },
    'media upload',
  );
  respond(ctx, await uploadImage(file.data, parsed.data.use, user.uid, ctx.state.log));
}

const serveParams = validate({ params: EDITOR_REQUESTS.mediaParams });

async function serve(ctx: AppContext): Promise<void> {
  const { id } = serveParams.input(ctx).params;
  const { file, open } = await getImage(id.toLowerCase());
  const etag = `"${file.meta.sha256}"`;
  ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
  ctx.set('ETag', etag);
  ctx.set('X-Content-Type-Options', 'nosniff');
  // A picture is never a document: nothing in it may run even if a browser is told to open it.
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  ctx.type = file.meta.mime;
  // `fresh` compares validators only for a 2xx response.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = file.length;
  // GridFS streams error asynchronously (e.g. a missing chunk); the PassThrough ends the response instead of hanging.
  const body = new PassThrough();
  const source = open();
  source.on('error', (err: unknown) => {
    ctx.state.log.error({ err, id }, 'media stream failed');
    body.destroy(err instanceof Error ? err : new Error('media stream failed'));
  });
  source.pipe(body);
  ctx.body = body;
}

/**
 * Upload and serving of pictures, as one middleware the app mounts BEFORE its JSON body parser (which refuses
 * non-JSON bodies): the upload reads its own multipart body. `session` is the app's session middleware, run only
 * for the upload since serving a picture needs no session. Requests for other paths pass straight through.
 */
export function mediaMiddleware(session: Middleware<AppState>): Middleware<AppState> {
  const router: AppRouter = new Router<AppState>();
  const perUser = rateLimit({
    name: 'media-upload',
    windowMs: 10 * 60_000,
    max: 60,
    key: (ctx) => `media:${ctx.state.user?.uid ?? ctx.ip}`,
  });
  router.post(UPLOAD_PATH, session, requireUser, perUser, upload);
  router.get('/api/media/:id', serveParams, serve);
  return router.routes() as Middleware<AppState>;
}
