import { z } from 'zod';

/** Where operators let a story appear (`storyReach`). */
export const storyReachSchema = z.object({
  removed: z.boolean(),
  open: z.boolean(),
  search: z.boolean(),
  feed: z.boolean(),
  share: z.boolean(),
  rank: z.union([z.literal(1), z.literal(0), z.literal(-1)]),
});

export const opsOperateResultSchema = z.object({
  story_id: z.string(),
  op_status: z.string().nullable(),
  visibility: z.string().nullable(),
  reach: storyReachSchema,
});
export type OpsOperateResult = z.infer<typeof opsOperateResultSchema>;

/** Operation status and visibility, operator permissions, reports: the moderation calls beside the review queue. */
export const MODERATION_CONTRACTS = {
  'POST /ops/story/operate': opsOperateResultSchema,
};
