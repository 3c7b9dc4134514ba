import { z } from 'zod';
import { storyReviewResultSchema } from './editor';

/** The operators' console (`/api/ops/`): the review queue and the audit log. */

export const opsQueueItemSchema = z.object({
  story_id: z.string(),
  uid: z.string(),
  version_id: z.string(),
  story_name: z.string(),
  status: z.number().int(),
  review_result: storyReviewResultSchema.nullable(),
  review_notes: z.array(z.string()),
  claimed_by: z.string().nullable(),
  locked_until: z.string().nullable(),
  updated_at: z.string(),
});
export type OpsQueueItem = z.infer<typeof opsQueueItemSchema>;

export const opsClaimSchema = z.object({
  story_id: z.string(),
  version_id: z.string(),
  status: z.number().int(),
  locked_until: z.string(),
  content: z.unknown(),
  review_result: storyReviewResultSchema.nullable(),
  review_notes: z.array(z.string()),
});

export const opsAuditEntrySchema = z.object({
  audit_id: z.string(),
  operator_uid: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  at: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntrySchema>;

export const OPS_CONTRACTS = {
  'GET /ops/review/queue': z.object({ list: z.array(opsQueueItemSchema) }),
  'POST /ops/review/claim': opsClaimSchema,
  'POST /ops/review/decide': z.object({ story_id: z.string(), version_id: z.string(), status: z.number().int() }),
  'GET /ops/audit/list': z.object({ list: z.array(opsAuditEntrySchema), has_more: z.boolean(), cursor: z.string() }),
};
