import { z } from 'zod';
import { OpsPermission, REPORT_ACTIONS, ReportStatus, SanctionKind, type ReportAction } from 'shared-kit';
import { idString } from 'shared-kit/schemas';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { requirePermission } from '../staff';
import { reportCase, reportQueue, resolveCase } from './report.console';

const offsetPage = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

/** The operators' report queue (`/api/ops/report/`): the moderator permission. */
export function reportConsoleRoutes(router: AppRouter, deps: { now: () => number }): void {
  const moderator = requirePermission(OpsPermission.Moderator);
  const queue = validate({
    query: offsetPage.extend({
      sort: z.enum(['count', 'newest']).default('count'),
      status: z.enum([ReportStatus.Open, ReportStatus.Resolved]).default(ReportStatus.Open),
    }),
  });
  router.get('/api/ops/report/queue', moderator, queue, async (ctx) => {
    const q = queue.input(ctx).query;
    respond(ctx, await reportQueue(q.status, q.sort, q.offset, q.count));
  });
  const get = validate({ query: z.object({ case_id: idString }) });
  router.get('/api/ops/report/get', moderator, get, async (ctx) => {
    respond(ctx, await reportCase(get.input(ctx).query.case_id));
  });
  const resolve = validate({
    body: z
      .object({
        case_id: idString,
        action: z.enum(REPORT_ACTIONS as [ReportAction, ...ReportAction[]]),
        note: z.string().trim().max(1000).default(''),
        sanction: z
          .object({ kind: z.enum([SanctionKind.Warning, SanctionKind.CreationBan, SanctionKind.LoginBan]), days: z.number().int().min(0).max(365) })
          .strict()
          .optional(),
      })
      .strict(),
  });
  router.post('/api/ops/report/resolve', moderator, resolve, async (ctx) => {
    respond(ctx, await resolveCase(resolve.input(ctx).body, currentAccount(ctx).uid, deps.now()));
  });
}
