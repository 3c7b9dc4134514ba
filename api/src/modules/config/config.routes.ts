import type { Config } from '../../config';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { commonConfig } from './config.service';

export function configRoutes(router: AppRouter, deps: { config: Config }): void {
  router.get('/api/tyler/user/common_config', (ctx) => {
    respond(ctx, commonConfig(deps.config));
  });
}
