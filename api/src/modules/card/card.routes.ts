import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ErrorCode } from 'shared-kit';
import { currentUser, requireUser } from '../../lib/auth';
import type { AppContext, AppRouter, AppState } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { declaredTooLarge, parseMultipart } from '../media';
import { CARD_LIMITS, CardError, mbText } from './card.errors';
import { EDITOR_REQUESTS } from 'shared-kit/schemas';
import { exportCard, importCard } from './card.service';
import { exportLorebook, importLorebook } from './lorebook.service';

export const CARD_IMPORT_PATH = '/api/editor/card/import';
export const CARD_EXPORT_PATH = '/api/editor/card/export';
export const LOREBOOK_IMPORT_PATH = '/api/editor/lorebook/import';
export const LOREBOOK_EXPORT_PATH = '/api/editor/lorebook/export';

async function uploadedFile(ctx: AppContext): Promise<Buffer> {
  const limits = { fileField: 'file', maxFileBytes: CARD_LIMITS.fileBytes };
  if (!ctx.is('multipart/form-data')) throw new AppError(ErrorCode.ClientParamError, 'body: Send the card as multipart/form-data, field "file"');
  if (declaredTooLarge(ctx.req, limits)) {
    ctx.set('Connection', 'close');
    throw new CardError('size', `The largest card file accepted is ${mbText(CARD_LIMITS.fileBytes)}`);
  }
  try {
    const { file } = await parseMultipart(ctx.req, limits);
    return file.data;
  } catch (e) {
    // The multipart reader words a size refusal for pictures; a card says it in its own terms.
    if (e instanceof AppError && e.code === ErrorCode.AvatarFormatError) {
      throw new CardError('size', `The largest card file accepted is ${mbText(CARD_LIMITS.fileBytes)}`);
    }
    throw e;
  }
}

function attachment(ctx: AppContext, filename: string, mime: string, data: Buffer): void {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  ctx.set('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = mime;
  ctx.body = data;
}

/** The caller's uid when signed in; null for a visitor or a guest (who own nothing). */
function callerUid(ctx: AppContext): string | null {
  return ctx.state.user?.uid ?? null;
}

const exportQuery = validate({ query: EDITOR_REQUESTS.cardExportQuery });
const lorebookQuery = validate({ query: EDITOR_REQUESTS.lorebookExportQuery });

/**
 * Character card and lorebook import and export, as one middleware mounted before the JSON body parser (imports
 * read their own multipart body). `session` is the app's session middleware. Other paths pass straight through.
 */
export function cardMiddleware(session: Middleware<AppState>, now: () => number): Middleware<AppState> {
  const router: AppRouter = new Router<AppState>();
  const perUser = rateLimit({
    name: 'card-import',
    windowMs: 10 * 60_000,
    max: 60,
    key: (ctx) => `card:${ctx.state.user?.uid ?? ctx.ip}`,
  });
  router.post(CARD_IMPORT_PATH, session, requireUser, perUser, async (ctx) => {
    const data = await uploadedFile(ctx);
    respond(ctx, await importCard(data, currentUser(ctx).uid));
  });
  router.get(CARD_EXPORT_PATH, session, exportQuery, async (ctx) => {
    const file = await exportCard(callerUid(ctx), exportQuery.input(ctx).query, new Date(now()));
    attachment(ctx, file.filename, file.mime, file.data);
  });
  router.post(LOREBOOK_IMPORT_PATH, session, requireUser, perUser, async (ctx) => {
    respond(ctx, importLorebook(await uploadedFile(ctx)));
  });
  router.get(LOREBOOK_EXPORT_PATH, session, lorebookQuery, async (ctx) => {
    const file = await exportLorebook(callerUid(ctx), lorebookQuery.input(ctx).query.story_id);
    attachment(ctx, file.filename, file.mime, file.data);
  });
  return router.routes() as Middleware<AppState>;
}
