import { REPORT_CONTENT, REPORT_DETAILS_MAX, REPORT_ID_FIELD, REPORT_REASONS, REPORT_TARGETS, REPORTS_PER_HOUR } from 'shared-kit/areas';
import { myReportsQuerySchema, reportRequestSchema } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { createReport, myReports } from './report.service';

/**
 * Reports (spec section 7, `/api/report/`): `config` anyone; filing and `story_list` signed-in accounts (guests
 * 1007), 30 reports an hour each. The operators' queue (`/api/ops/report/`) is the console's (ops/report.routes.ts).
 */
export function reportRoutes(router: AppRouter, deps: { now: () => number }): void {
  router.get('/api/report/config', (ctx) => {
    respond(ctx, {
      targets: REPORT_TARGETS.map((t) => ({ target_type: t, reasons: [...REPORT_REASONS[t]], content: [...REPORT_CONTENT[t]] })),
      details_max: REPORT_DETAILS_MAX,
    });
  });

  const limit = rateLimit({ name: 'report', key: (ctx) => currentAccount(ctx).uid, windowMs: 60 * 60 * 1000, max: REPORTS_PER_HOUR });
  for (const type of REPORT_TARGETS) {
    const body = validate({ body: reportRequestSchema(type) });
    router.post(`/api/report/${type}`, requireUser, limit, body, async (ctx) => {
      const b = body.input(ctx).body as Record<string, unknown> & { reason: string; content: string[]; details: string };
      const input = { target_id: String(b[REPORT_ID_FIELD[type]]), reason: b.reason, content: [...new Set(b.content)], details: b.details };
      respond(ctx, await createReport(currentAccount(ctx).uid, type, input, deps.now()));
    });
  }

  const mine = validate({ query: myReportsQuerySchema });
  router.get('/api/report/story_list', requireUser, mine, async (ctx) => {
    const q = mine.input(ctx).query;
    respond(ctx, await myReports(currentAccount(ctx).uid, q.offset, q.count));
  });
}
