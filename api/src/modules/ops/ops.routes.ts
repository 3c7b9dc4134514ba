import { OpsPermission, StoryStatus } from 'shared-kit';
import { OPS_REQUESTS as r, opsMailRequestSchema, opsPushRequestSchema } from 'shared-kit/schemas';
import { currentAccount } from '../../lib/auth';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { EventBus } from '../../realtime/events';
import { claimStory, decideStory, reviewQueue } from './ops.service';
import { sendMail, sendPush } from './mail.service';
import { opsStats } from './stats.service';
import { changePermission, listOperators, operateStory, permissionsOf, requirePermission, searchAudit } from '../staff';

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

  const statsRange = validate({ query: r.statsQuery });
  router.get(`${BASE}/stats`, requirePermission(null), statsRange, async (ctx) => {
    respond(ctx, await opsStats(deps.now(), statsRange.input(ctx).query.days));
  });

  const queue = validate({ query: r.reviewQueueQuery });
  router.get(`${BASE}/review/queue`, operator, queue, async (ctx) => {
    respond(ctx, await reviewQueue(deps.now(), queue.input(ctx).query.count));
  });

  const claim = validate({ body: r.reviewClaimBody });
  router.post(`${BASE}/review/claim`, operator, claim, async (ctx) => {
    respond(ctx, await claimStory(claim.input(ctx).body.story_id, currentAccount(ctx).uid, deps.now()));
  });

  const decide = validate({ body: r.reviewDecideBody });
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

  const operate = validate({ body: r.operateBody });
  router.post(`${BASE}/story/operate`, contentOperator, operate, async (ctx) => {
    const { reason, ...input } = operate.input(ctx).body;
    const out = await operateStory(input, currentAccount(ctx).uid, deps.now(), reason);
    respond(ctx, { story_id: out.story_id, op_status: out.op_status, visibility: out.visibility, reach: out.reach });
  });

  const audit = validate({ query: r.auditQuery });
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
  const change = validate({ body: r.permissionUpdateBody });
  router.post(`${BASE}/permission/update`, admin, change, async (ctx) => {
    const b = change.input(ctx).body;
    respond(ctx, await changePermission(currentAccount(ctx).uid, b.user, b.permission, b.grant, b.reason, deps.now()));
  });
}
