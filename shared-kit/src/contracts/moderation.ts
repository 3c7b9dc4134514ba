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

export const opsOperatorSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  is_operator: z.boolean(),
  permissions: z.array(z.string()),
});
export type OpsOperator = z.infer<typeof opsOperatorSchema>;

export const opsMeSchema = z.object({ uid: z.string(), nickname: z.string(), permissions: z.array(z.string()) });
export type OpsMe = z.infer<typeof opsMeSchema>;

/** Operation status and visibility, operator permissions, reports: the moderation calls beside the review queue. */
export const MODERATION_CONTRACTS = {
  'POST /ops/story/operate': opsOperateResultSchema,
  'GET /ops/me': opsMeSchema,
  'GET /ops/permission/list': z.object({ list: z.array(opsOperatorSchema) }),
  'POST /ops/permission/update': opsOperatorSchema,
};
