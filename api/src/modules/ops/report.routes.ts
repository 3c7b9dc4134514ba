import { OpsPermission } from 'shared-kit';
import { OPS_REQUESTS } from 'shared-kit/schemas';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { reportCase, reportQueue, resolveCase } from './report.console';

/** The operators' report queue (`/api/ops/report/`): the moderator permission. */
export function reportConsoleRoutes(router: AppRouter, deps: { now: () => number }): void {
  const moderator = requirePermission(OpsPermission.Moderator);
  const queue = validate({ query: OPS_REQUESTS.reportQueueQuery });
  router.get('/api/ops/report/queue', moderator, queue, async (ctx) => {
    const q = queue.input(ctx).query;
    respond(ctx, await reportQueue(q.status, q.sort, q.offset, q.count));
  });
  const get = validate({ query: OPS_REQUESTS.reportCaseQuery });
  router.get('/api/ops/report/get', moderator, get, async (ctx) => {
    respond(ctx, await reportCase(get.input(ctx).query.case_id));
  });
  const resolve = validate({ body: OPS_REQUESTS.reportResolveBody });
  router.post('/api/ops/report/resolve', moderator, resolve, async (ctx) => {
    respond(ctx, await resolveCase(resolve.input(ctx).body, currentAccount(ctx).uid, deps.now()));
  });
}
