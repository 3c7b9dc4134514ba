import { z } from 'zod';
import { OpsPermission, SETTABLE_OPERATION_STATUSES, StoryStatus, VISIBILITY_TAGS } from 'shared-kit';
import { opsMailRequestSchema, opsPushRequestSchema } from 'shared-kit/schemas';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime/events';
import { claimStory, decideStory, reviewQueue } from './ops.service';
import { sendMail, sendPush } from './mail.service';
import { opsStats, STATS_DAYS, STATS_RANGES } from './stats.service';
import { changePermission, listOperators, OPS_PERMISSIONS, operateStory, permissionsOf, requirePermission, searchAudit } from '../staff';

const BASE = '/api/ops';

export interface OpsDeps {
  events: EventBus;
  now: () => number;
}

/**
 * The operators' console: every route needs the operator role and its permission (1007 signed out, 1008 without):
 * the review queue reviewer, story attributes content operator, the audit log and permissions admin.
 */
export function opsRoutes(router: AppRouter, deps: OpsDeps): void {
  const operator = requirePermission(OpsPermission.Reviewer);
  const contentOperator = requirePermission(OpsPermission.ContentOperator);
  const admin = requirePermission(OpsPermission.Admin);

  router.get(`${BASE}/me`, requirePermission(null), async (ctx) => {
    const me = currentAccount(ctx);
    respond(ctx, { uid: me.uid, nickname: me.nickname, permissions: permissionsOf(me) });
  });

  const statsRange = validate({
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .refine((n) => (STATS_RANGES as readonly number[]).includes(n), `one of ${STATS_RANGES.join(', ')}`)
        .default(STATS_DAYS),
    }),
  });
  router.get(`${BASE}/stats`, requirePermission(null), statsRange, async (ctx) => {
    respond(ctx, await opsStats(deps.now(), statsRange.input(ctx).query.days));
  });

  const queue = validate({ query: z.object({ count: z.coerce.number().int().min(1).max(100).default(50) }) });
  router.get(`${BASE}/review/queue`, operator, queue, async (ctx) => {
    respond(ctx, await reviewQueue(deps.now(), queue.input(ctx).query.count));
  });

  const claim = validate({ body: z.object({ story_id: z.string().min(1).max(64) }) });
  router.post(`${BASE}/review/claim`, operator, claim, async (ctx) => {
    respond(ctx, await claimStory(claim.input(ctx).body.story_id, currentAccount(ctx).uid, deps.now()));
  });

  const decide = validate({
    body: z.object({
      story_id: z.string().min(1).max(64),
      decision: z.enum(['Passed', 'Failed', 'Unqualified']),
      reasons: z
        .array(z.object({ field: z.string().min(1).max(120), reason: z.string().trim().min(1).max(500) }))
        .max(200)
        .default([]),
      note: z.string().max(1000).default(''),
      op_status: z.enum(SETTABLE_OPERATION_STATUSES).optional(),
      visibility: z.enum(VISIBILITY_TAGS).nullable().optional(),
    }),
  });
  router.post(`${BASE}/review/decide`, operator, decide, async (ctx) => {
    const out = await decideStory(decide.input(ctx).body, currentAccount(ctx).uid, deps.now());
    deps.events.emit('story.reviewed', {
      uid: out.uid,
      story_id: out.story_id,
      version_id: out.version_id,
      status: out.status,
      passed: out.status === StoryStatus.Passed,
    });
    respond(ctx, { story_id: out.story_id, version_id: out.version_id, status: out.status });
  });

  const operate = validate({
    body: z.object({
      story_id: z.string().min(1).max(64),
      op_status: z.enum(SETTABLE_OPERATION_STATUSES).optional(),
      visibility: z.enum(VISIBILITY_TAGS).nullable().optional(),
      reason: z.string().trim().max(1000).default(''),
    }),
  });
  router.post(`${BASE}/story/operate`, contentOperator, operate, async (ctx) => {
    const { reason, ...input } = operate.input(ctx).body;
    const out = await operateStory(input, currentAccount(ctx).uid, deps.now(), reason);
    respond(ctx, { story_id: out.story_id, op_status: out.op_status, visibility: out.visibility, reach: out.reach });
  });

  const audit = validate({
    query: z.object({
      operator_uid: z.string().max(64).optional(),
      action: z.string().max(64).optional(),
      target_id: z.string().max(64).optional(),
      q: z.string().max(200).optional(),
      cursor: z.string().regex(/^[0-9a-f]{24}$/).optional(),
      count: z.coerce.number().int().min(1).max(100).default(20),
    }),
  });
  router.get(`${BASE}/audit/list`, admin, audit, async (ctx) => {
    respond(ctx, await searchAudit(audit.input(ctx).query));
  });

  // Mail and pushes: content operators. `users` names accounts by uid or User ID; `user` takes exactly one.
  const mail = validate({ body: opsMailRequestSchema });
  router.post(`${BASE}/mail/send`, contentOperator, mail, async (ctx) => {
    respond(ctx, await sendMail(mail.input(ctx).body, currentAccount(ctx).uid, deps.now(), deps.events));
  });
  const push = validate({ body: opsPushRequestSchema });
  router.post(`${BASE}/push/send`, contentOperator, push, async (ctx) => {
    respond(ctx, await sendPush(push.input(ctx).body, currentAccount(ctx).uid, deps.now(), deps.events));
  });

  router.get(`${BASE}/permission/list`, admin, async (ctx) => respond(ctx, await listOperators()));
  const change = validate({
    body: z.object({
      user: z.string().trim().min(1).max(64),
      permission: z.enum(OPS_PERMISSIONS as [OpsPermission, ...OpsPermission[]]),
      grant: z.boolean(),
      reason: z.string().trim().max(500).default(''),
    }),
  });
  router.post(`${BASE}/permission/update`, admin, change, async (ctx) => {
    const b = change.input(ctx).body;
    respond(ctx, await changePermission(currentAccount(ctx).uid, b.user, b.permission, b.grant, b.reason, deps.now()));
  });
}
