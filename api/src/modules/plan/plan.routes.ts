import { PLAN_REQUESTS } from 'shared-kit/schemas';
import { z } from 'zod';
import { creationGuards, currentUser, requireUser } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { quotaOf, utcDay } from './plan.quota';
import { cancelPlan, listPlans, planDetail, readPlan, regenerate, type PlanServiceDeps } from './plan.service';

const generateBody = validate({ body: PLAN_REQUESTS.generateBody });
const listQuery = validate({ query: PLAN_REQUESTS.listQuery });
const detailQuery = validate({ query: PLAN_REQUESTS.detailQuery });
const readBody = validate({ body: PLAN_REQUESTS.readBody });
const cancelBody = validate({ body: PLAN_REQUESTS.cancelBody });
const emptyQuery = validate({ query: z.object({}) });

const E = '/api/editor';

/** The brainstorm plans of spec section 7: generate, list, generate_detail, read; brain_storm check and cancel. */
export function planRoutes(router: AppRouter, deps: PlanServiceDeps): void {
  router.post(`${E}/plan/generate`, ...creationGuards, generateBody, async (ctx) => {
    respond(ctx, await regenerate(currentUser(ctx).uid, generateBody.input(ctx).body.story_id, deps));
  });
  router.get(`${E}/plan/list`, requireUser, listQuery, async (ctx) => {
    respond(ctx, await listPlans(currentUser(ctx).uid, listQuery.input(ctx).query.story_id, deps.now()));
  });
  router.get(`${E}/plan/generate_detail`, requireUser, detailQuery, async (ctx) => {
    respond(ctx, await planDetail(currentUser(ctx).uid, detailQuery.input(ctx).query, deps.now()));
  });
  router.post(`${E}/plan/read`, requireUser, readBody, async (ctx) => {
    respond(ctx, await readPlan(currentUser(ctx).uid, readBody.input(ctx).body.plan_id));
  });
  router.get(`${E}/brain_storm/check`, requireUser, emptyQuery, async (ctx) => {
    respond(ctx, await quotaOf(currentUser(ctx).uid, utcDay(deps.now()), deps.dailyQuota));
  });
  router.post(`${E}/brain_storm/cancel`, requireUser, cancelBody, async (ctx) => {
    respond(ctx, await cancelPlan(currentUser(ctx).uid, cancelBody.input(ctx).body, deps));
  });
}
