import { z } from 'zod';
import { APPEAL_TEXT_MAX, SANCTION_REASON_MAX } from '../constants';
import { OpsPermission, SanctionKind } from '../enums';
import { OPS_STATS_DAYS, OPS_STATS_RANGES } from '../opsMail';
import { REPORT_ACTIONS, ReportStatus, type ReportAction } from '../report';
import { idString } from '../schemas/common';
import { SETTABLE_OPERATION_STATUSES, VISIBILITY_TAGS } from '../story/reach';
import { storyIdString } from '../story/schema';

/**
 * What the console sends to `/api/ops/*` (review, story attributes, the audit log, permissions, the report queue,
 * sanctions and appeals) and what an account sends to appeal (`/api/tyler/user/appeal`), as the api validates it.
 * Mail and pushes are in console.ts, the player's reports in report.ts.
 */

const storyId = z.string().min(1).max(64);
const operation = {
  op_status: z.enum(SETTABLE_OPERATION_STATUSES).optional(),
  visibility: z.enum(VISIBILITY_TAGS).nullable().optional(),
};
/** An account, a sanction or an appeal named by its id. */
const id = z.string().trim().min(1).max(64);
const reason = z.string().trim().min(1).max(SANCTION_REASON_MAX);
const sanctionKind = z.enum([SanctionKind.Warning, SanctionKind.CreationBan, SanctionKind.LoginBan]);
const countQuery = z.object({ count: z.coerce.number().int().min(1).max(100).default(50) });
const offsetPage = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});

const reviewDecideBody = z.object({
  story_id: storyId,
  decision: z.enum(['Passed', 'Failed', 'Unqualified']),
  reasons: z
    .array(z.object({ field: z.string().min(1).max(120), reason: z.string().trim().min(1).max(500) }))
    .max(200)
    .default([]),
  note: z.string().max(1000).default(''),
  ...operation,
});

const operateBody = z.object({ story_id: storyId, ...operation, reason: z.string().trim().max(1000).default('') });

const auditQuery = z.object({
  operator_uid: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  target_id: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
  cursor: z.string().regex(/^[0-9a-f]{24}$/).optional(),
  count: z.coerce.number().int().min(1).max(100).default(20),
});

const reportResolveBody = z
  .object({
    case_id: idString,
    action: z.enum(REPORT_ACTIONS as [ReportAction, ...ReportAction[]]),
    note: z.string().trim().max(1000).default(''),
    sanction: z.object({ kind: sanctionKind, days: z.number().int().min(0).max(365) }).strict().optional(),
  })
  .strict();

/** One of sanction_id (a sanction's appeal), story_id or appeal_id (a story's appeal). */
const appealDecideBody = z
  .object({ sanction_id: id.optional(), story_id: id.optional(), appeal_id: id.optional(), decision: z.enum(['Approved', 'Rejected']), reason })
  .refine((b) => [b.sanction_id, b.story_id, b.appeal_id].filter(Boolean).length === 1, { message: 'Give one of sanction_id, story_id, appeal_id' });

/** One of sanction_id (a sanction in force) or story_id (a story an operator rejected). */
const appealBody = z
  .object({ sanction_id: id.optional(), story_id: id.optional(), text: z.string().trim().min(1).max(APPEAL_TEXT_MAX) })
  .refine((b) => !b.sanction_id !== !b.story_id, { message: 'Give one of sanction_id, story_id' });

/** The request schemas of the console's calls (and the account's appeal), by the part of the call they check. */
export const OPS_REQUESTS = {
  statsQuery: z.object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (OPS_STATS_RANGES as readonly number[]).includes(n), `one of ${OPS_STATS_RANGES.join(', ')}`)
      .default(OPS_STATS_DAYS),
  }),
  reviewQueueQuery: countQuery,
  reviewClaimBody: z.object({ story_id: storyId }),
  reviewDecideBody,
  operateBody,
  auditQuery,
  permissionUpdateBody: z.object({
    user: z.string().trim().min(1).max(64),
    permission: z.enum(Object.values(OpsPermission) as [OpsPermission, ...OpsPermission[]]),
    grant: z.boolean(),
    reason: z.string().trim().max(500).default(''),
  }),
  reportQueueQuery: offsetPage.extend({
    sort: z.enum(['count', 'newest']).default('count'),
    status: z.enum([ReportStatus.Open, ReportStatus.Resolved]).default(ReportStatus.Open),
  }),
  reportCaseQuery: z.object({ case_id: idString }),
  reportResolveBody,
  userSearchQuery: z.object({ q: z.string().trim().min(1).max(100), count: z.coerce.number().int().min(1).max(50).default(20) }),
  userDetailQuery: z.object({ uid: id }),
  sanctionBody: z.object({ uid: id, kind: sanctionKind, days: z.number().int().min(0).max(365).default(0), reason }),
  liftBody: z.object({ sanction_id: id, reason }),
  appealQueueQuery: countQuery,
  appealDecideBody,
  storyVersionQuery: z.object({ story_id: storyIdString, version_id: storyIdString }),
  /** `POST /api/tyler/user/appeal`. */
  appealBody,
  /** `GET /api/tyler/user/appeal`. */
  appealStateQuery: z.object({ story_id: id }),
};

/** `GET /api/ops/stats`'s query. */
export type OpsStatsQuery = z.input<typeof OPS_REQUESTS.statsQuery>;
/** `POST /api/ops/review/claim`. */
export type ReviewClaimRequest = z.input<typeof OPS_REQUESTS.reviewClaimBody>;
/** `POST /api/ops/review/decide`: the decision, the reasons per field, a note and the story's attributes. */
export type ReviewDecideRequest = z.input<typeof reviewDecideBody>;
/** A decision of the review. */
export type ReviewDecision = ReviewDecideRequest['decision'];
/** A reason given for one field of a story (`review/decide`). */
export type FieldReason = NonNullable<ReviewDecideRequest['reasons']>[number];
/** `POST /api/ops/story/operate`. */
export type OperateRequest = z.input<typeof operateBody>;
/** A story's attributes as an operator sets them (`story/operate`, `review/decide`). */
export type StoryOperation = Pick<OperateRequest, 'op_status' | 'visibility'>;
/** `GET /api/ops/audit/list`'s query. */
export type AuditQuery = z.input<typeof auditQuery>;
/** `POST /api/ops/permission/update`. */
export type PermissionChangeRequest = z.input<typeof OPS_REQUESTS.permissionUpdateBody>;
/** `GET /api/ops/report/queue`'s query. */
export type ReportQueueQuery = z.input<typeof OPS_REQUESTS.reportQueueQuery>;
/** `GET /api/ops/report/get`'s query. */
export type ReportCaseQuery = z.input<typeof OPS_REQUESTS.reportCaseQuery>;
/** `POST /api/ops/report/resolve`. */
export type ReportResolveRequest = z.input<typeof reportResolveBody>;
/** What an operator decides on a report case (`report/resolve` without the case). */
export type Resolution = Omit<ReportResolveRequest, 'case_id'>;
/** `GET /api/ops/user/search`'s query. */
export type UserSearchQuery = z.input<typeof OPS_REQUESTS.userSearchQuery>;
/** `GET /api/ops/user/detail`'s query. */
export type UserDetailQuery = z.input<typeof OPS_REQUESTS.userDetailQuery>;
/** `POST /api/ops/user/sanction`. */
export type SanctionRequest = z.input<typeof OPS_REQUESTS.sanctionBody>;
/** `POST /api/ops/user/lift`. */
export type LiftRequest = z.input<typeof OPS_REQUESTS.liftBody>;
/** `POST /api/ops/appeal/decide`. */
export type AppealDecideRequest = z.input<typeof appealDecideBody>;
/** `GET /api/ops/story/version`'s query. */
export type StoryVersionQuery = z.input<typeof OPS_REQUESTS.storyVersionQuery>;
/** `POST /api/tyler/user/appeal`. */
export type AppealRequest = z.input<typeof appealBody>;
/** `GET /api/tyler/user/appeal`'s query. */
export type AppealStateQuery = z.input<typeof OPS_REQUESTS.appealStateQuery>;
