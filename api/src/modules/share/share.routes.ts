import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { COMMUNITY_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireSession } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { requestLanguage } from '../../lib/language';
import { landingHtml, missingHtml } from './landing';
import { COLLECTION_REQUESTS, THREAD_REQUESTS } from 'shared-kit/schemas';
import { requireUser } from '../../lib/auth';
import { createCollectionShare, createShare, newCode, sharableCheck, shareInfo } from './share.service';
import { createThreadShare } from './thread.share';

const BASE = '/api/share/story';

const createLimit = rateLimit({ name: 'share-create', key: (ctx) => currentAccount(ctx).uid, windowMs: 60_000, max: 30 });

/**
 * Sharing. `get_info` and `sharable_check` anyone; `create_info` any session (guests too: a guest may share a story
 * they like). The landing page `GET /s/:code` is HTML for anyone, signed out included (the shell forwards `/s/`).
 */
export function shareRoutes(router: AppRouter, deps: { publicUrl: string }): void {
  const create = validate({ body: COMMUNITY_REQUESTS.shareCreateBody });
  router.post(`${BASE}/create_info`, requireSession, createLimit, create, async (ctx) => {
    respond(ctx, await createShare(currentAccount(ctx).uid, create.input(ctx).body, deps.publicUrl, requestLanguage(ctx)));
  });
  // A collection's link: signed-in accounts (a collection page is shared by people who can like it).
  const collection = validate({ body: COLLECTION_REQUESTS.idBody });
  router.post('/api/share/collection/create_info', requireUser, createLimit, collection, async (ctx) => {
    respond(ctx, await createCollectionShare(currentAccount(ctx).uid, collection.input(ctx).body.collection_id, deps.publicUrl));
  });
  // A thread's link: signed-in accounts, as for a collection.
  const thread = validate({ body: THREAD_REQUESTS.idBody });
  router.post('/api/share/thread/create_info', requireUser, createLimit, thread, async (ctx) => {
    respond(ctx, await createThreadShare(currentAccount(ctx).uid, thread.input(ctx).body.thread_id, deps.publicUrl, requestLanguage(ctx), newCode));
  });
  const info = validate({ query: COMMUNITY_REQUESTS.shareInfoQuery });
  router.get(`${BASE}/get_info`, info, async (ctx) => respond(ctx, await shareInfo(info.input(ctx).query.code, deps.publicUrl, requestLanguage(ctx))));
  const check = validate({ query: COMMUNITY_REQUESTS.sharableCheckQuery });
  router.get(`${BASE}/sharable_check`, check, async (ctx) => respond(ctx, await sharableCheck(check.input(ctx).query.story_id)));

  router.get('/s/:code', async (ctx) => {
    // A video's page plays its file from the product's own address.
    ctx.set('Content-Security-Policy', `default-src 'none'; img-src * data:; media-src 'self' ${new URL(deps.publicUrl).origin}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'`);
    ctx.set('Cache-Control', 'public, max-age=60');
    // The page's own words follow the visitor's language, so a cache keeps one copy per Accept-Language.
    ctx.vary('Accept-Language');
    ctx.type = 'text/html; charset=utf-8';
    const language = requestLanguage(ctx);
    const parsed = COMMUNITY_REQUESTS.shareInfoQuery.shape.code.safeParse(ctx.params.code);
    try {
      if (!parsed.success) throw new AppError(ErrorCode.ClientParamError);
      ctx.body = landingHtml(await shareInfo(parsed.data, deps.publicUrl, language), deps.publicUrl, language);
      ctx.status = 200;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.status = 404;
      ctx.body = missingHtml(deps.publicUrl, language);
    }
  });
}
