import { ErrorCode } from 'shared-kit';
import { WEEKLY_REQUESTS } from 'shared-kit/schemas';
import { currentAccount, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { validate } from '../../lib/validate';
import { shareNewspaper } from '../share';
import { runWeek } from './weekly.job';
import { hasReport, reportList, reportOf } from './weekly.service';
import { weekBefore } from './week';

export interface WeeklyRouteDeps {
  now: () => number;
  publicUrl: string;
  /** Registers `POST /api/dev/weekly_report` (never in production). */
  dev: boolean;
}

/**
 * The creator's weekly reports: their own only (signed-in accounts). `share` makes their CreatorNewspaper link.
 * Development: `dev/weekly_report` runs the job for a week at once (browser tests, local checks).
 */
export function weeklyRoutes(router: AppRouter, deps: WeeklyRouteDeps): void {
  const report = validate({ query: WEEKLY_REQUESTS.reportQuery });
  router.get('/api/weekly/report', requireUser, report, async (ctx) => {
    respond(ctx, await reportOf(currentAccount(ctx).uid, report.input(ctx).query.week));
  });
  const list = validate({ query: WEEKLY_REQUESTS.listQuery });
  router.get('/api/weekly/list', requireUser, list, async (ctx) => {
    const q = list.input(ctx).query;
    respond(ctx, await reportList(currentAccount(ctx).uid, q.offset, q.count));
  });
  const share = validate({ body: WEEKLY_REQUESTS.shareBody });
  router.post('/api/weekly/share', requireUser, share, async (ctx) => {
    const uid = currentAccount(ctx).uid;
    const { week } = share.input(ctx).body;
    if (!(await hasReport(uid, week))) throw new AppError(ErrorCode.RecordNotFound, 'You have no report of this week');
    respond(ctx, await shareNewspaper(uid, week, deps.publicUrl, requestLanguage(ctx)));
  });

  if (!deps.dev) return;
  const run = validate({ body: WEEKLY_REQUESTS.devRunBody });
  router.post('/api/dev/weekly_report', requireUser, run, async (ctx) => {
    respond(ctx, await runWeek(run.input(ctx).body.week ?? weekBefore(deps.now()), deps.now));
  });
}
