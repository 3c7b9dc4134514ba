import { z } from 'zod';
import {
  REPORT_CONTENT,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  REPORTS_PER_HOUR,
  type ReportTarget,
} from 'shared-kit';
import { idString } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { createReport, myReports } from './report.service';

/** The field naming each kind of target in its report call. */
const ID_FIELD: Record<ReportTarget, string> = {
  story: 'story_id',
  comment: 'comment_id',
  author: 'uid',
  dialogue: 'dialogue_id',
  template: 'template_id',
  topic: 'topic_id',
};

function reportBody(type: ReportTarget) {
  const reasons = REPORT_REASONS[type] as readonly [string, ...string[]];
  const parts = REPORT_CONTENT[type] as readonly [string, ...string[]];
  return z
    .object({
      [ID_FIELD[type]]: idString,
      reason: z.enum(reasons),
      content: z.array(z.enum(parts)).min(1, 'choose at least one part').max(parts.length),
      details: z
        .string()
        .trim()
        .refine((s) => [...s].length <= REPORT_DETAILS_MAX, `must be at most ${REPORT_DETAILS_MAX} characters`)
        .default(''),
    })
    .strict();
}

const offsetPage = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

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
    const body = validate({ body: reportBody(type) });
    router.post(`/api/report/${type}`, requireUser, limit, body, async (ctx) => {
      const b = body.input(ctx).body as Record<string, unknown> & { reason: string; content: string[]; details: string };
      const input = { target_id: String(b[ID_FIELD[type]]), reason: b.reason, content: [...new Set(b.content)], details: b.details };
      respond(ctx, await createReport(currentAccount(ctx).uid, type, input, deps.now()));
    });
  }

  const mine = validate({ query: offsetPage });
  router.get('/api/report/story_list', requireUser, mine, async (ctx) => {
    const q = mine.input(ctx).query;
    respond(ctx, await myReports(currentAccount(ctx).uid, q.offset, q.count));
  });
}
