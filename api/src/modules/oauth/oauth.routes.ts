import type { Config } from '../../config';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import type { Logger } from '../../lib/logger';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { providerParamsSchema, startQuerySchema } from './oauth.schema';
import { OAuthService } from './oauth.service';

export { oauthFormPost } from './oauth.formPost';

/** Each start costs a provider round trip and a cookie; a browser needs a handful a minute at most. */
const START_LIMIT = { name: 'oauth-start', windowMs: 60_000, max: 30 };

export function oauthRoutes(router: AppRouter, deps: { config: Config; logger: Logger }): OAuthService {
  const service = new OAuthService(deps.config, deps.logger);

  router.get('/api/passport/providers', (ctx) => {
    respond(ctx, { providers: service.providers() });
  });

  const start = validate({ params: providerParamsSchema, query: startQuerySchema });
  router.get('/api/passport/oauth/:provider/start', rateLimit(START_LIMIT), start, async (ctx) => {
    const { params, query } = start.input(ctx);
    ctx.redirect(await service.start(ctx, params.provider, query.next));
  });

  const callback = validate({ params: providerParamsSchema });
  router.get('/api/passport/oauth/:provider/callback', callback, async (ctx) => {
    const { params } = callback.input(ctx);
    ctx.redirect(await service.callback(ctx, params.provider, new URLSearchParams(ctx.querystring)));
  });

  return service;
}
