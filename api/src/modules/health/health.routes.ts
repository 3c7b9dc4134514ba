import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { checkHealth, type Pingable } from './health.service';

export function healthRoutes(router: AppRouter, deps: { db: Pingable }): void {
  router.get('/api/health', async (ctx) => {
    respond(ctx, await checkHealth(deps.db));
  });
}
