import { z } from 'zod';
import { AppealStatus, BanStatus, SanctionKind } from '../enums';
import { enumOf, isoDate } from './common';
import { storyReviewResultSchema } from './editor';
import { reportCaseSchema } from './report';

/** Sanctions and their appeals: the console's user pages and appeal queue, and the user's own view. */

export const sanctionAppealSchema = z.object({
  status: enumOf(AppealStatus),
  text: z.string(),
  at: isoDate.nullable(),
  decided_at: isoDate.nullable(),
  decided_by: z.string(),
  reason: z.string(),
});
export type SanctionAppeal = z.infer<typeof sanctionAppealSchema>;

export const sanctionSchema = z.object({
  sanction_id: z.string(),
  uid: z.string(),
  kind: enumOf(SanctionKind),
  days: z.number().int(),
  reason: z.string(),
  operator_uid: z.string(),
  created_at: isoDate,
  /** Null for a warning. */
  ends_at: isoDate.nullable(),
  /** Banned, Appealing, AppealFail while in force; Normal once ended or lifted; PreBan for a warning. */
  status: enumOf(BanStatus),
  /** In force now: not lifted and its end date still ahead (computed when read). */
  active: z.boolean(),
  lifted_at: isoDate.nullable(),
  lifted_by: z.string(),
  lift_reason: z.string(),
  appeal: sanctionAppealSchema,
  /** Whether its user may still appeal it (in force, never appealed). */
  can_appeal: z.boolean(),
});
export type Sanction = z.infer<typeof sanctionSchema>;

/** `GET /tyler/user/sanction`: the account's own standing and the sanctions that concern it now. */
export const mySanctionsSchema = z.object({
  status: enumOf(BanStatus),
  login_until: isoDate.nullable(),
  creation_until: isoDate.nullable(),
  list: z.array(sanctionSchema),
});
export type MySanctions = z.infer<typeof mySanctionsSchema>;

export const opsUserRowSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  avatar: z.string(),
  roles: z.array(z.string()),
  ban_status: enumOf(BanStatus),
  login_until: isoDate.nullable(),
  creation_until: isoDate.nullable(),
  created_at: isoDate.nullable(),
});
export type OpsUserRow = z.infer<typeof opsUserRowSchema>;

export const opsUserStorySchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  status: z.number().int(),
  updated_at: isoDate.nullable(),
});

/** `GET /ops/user/detail`: one account with its sanctions and its stories. */
export const opsUserDetailSchema = z.object({
  user: opsUserRowSchema,
  sanctions: z.array(sanctionSchema),
  stories: z.array(opsUserStorySchema),
  /** Report queue items about the account or its content, newest report first. */
  reports: z.array(reportCaseSchema),
});
export type OpsUserDetail = z.infer<typeof opsUserDetailSchema>;

export const opsAppealItemSchema = sanctionSchema.extend({ user: opsUserRowSchema.nullable() });
export type OpsAppealItem = z.infer<typeof opsAppealItemSchema>;

/**
 * The creator's one appeal of the story version an operator rejected (Failed / Unqualified). `kind` is always
 * `Story`, telling it apart from a sanction (whose kind is Warning, CreationBan or LoginBan) in the appeal queue.
 */
export const storyAppealSchema = z.object({
  appeal_id: z.string(),
  kind: z.literal('Story'),
  story_id: z.string(),
  /** The judged version: the one made live if the appeal is approved. */
  version_id: z.string(),
  uid: z.string(),
  story_name: z.string(),
  text: z.string(),
  /** The operator's rejection reasons, field by field ("summary: ..."). */
  reasons: z.array(z.string()),
  status: enumOf(AppealStatus),
  at: isoDate,
  decided_at: isoDate.nullable(),
  decided_by: z.string(),
  reason: z.string(),
});
export type StoryAppeal = z.infer<typeof storyAppealSchema>;

/** `GET /tyler/user/appeal?story_id=`: the appeal of the story's judged version, while its content is unedited. */
export const storyAppealStateSchema = z.object({
  story_id: z.string(),
  can_appeal: z.boolean(),
  appeal: storyAppealSchema.nullable(),
});
export type StoryAppealState = z.infer<typeof storyAppealStateSchema>;

export const opsStoryAppealItemSchema = storyAppealSchema.extend({ user: opsUserRowSchema.nullable() });
export type OpsStoryAppealItem = z.infer<typeof opsStoryAppealItemSchema>;

/**
 * `GET /ops/story/version`: one version of a story as it was judged, read only: its content as players get it
 * (`StoryContent`), the review result (the operator's per-field reasons once one decided), the operator's decision
 * from the audit log, the appeal of that version, and whether the creator saved the story since.
 */
export const opsStoryVersionSchema = z.object({
  story_id: z.string(),
  version_id: z.string(),
  uid: z.string(),
  user: opsUserRowSchema.nullable(),
  /** The version's StoryStatus: Passed, Failed, Unqualified, or ToVerify while it waits. */
  status: z.number().int(),
  content: z.unknown(),
  review_result: storyReviewResultSchema.nullable(),
  review_notes: z.array(z.string()),
  created_at: isoDate,
  story: z.object({
    status: z.number().int(),
    version_id: z.string(),
    live_version_id: z.string().nullable(),
    deleted: z.boolean(),
    updated_at: isoDate.nullable(),
  }),
  edited_since: z.boolean(),
  decision: z
    .object({
      operator_uid: z.string(),
      operator_nickname: z.string(),
      status: z.number().int(),
      reasons: z.array(z.object({ field: z.string(), reason: z.string() })),
      reason: z.string(),
      at: isoDate,
    })
    .nullable(),
  appeal: storyAppealSchema.nullable(),
});
export type OpsStoryVersion = z.infer<typeof opsStoryVersionSchema>;

export const SANCTION_CONTRACTS = {
  'GET /ops/story/version': opsStoryVersionSchema,
  'GET /ops/user/search': z.object({ list: z.array(opsUserRowSchema) }),
  'GET /ops/user/detail': opsUserDetailSchema,
  'POST /ops/user/sanction': sanctionSchema,
  'POST /ops/user/lift': sanctionSchema,
  'GET /ops/appeal/queue': z.object({ list: z.array(z.union([opsAppealItemSchema, opsStoryAppealItemSchema])) }),
  'POST /ops/appeal/decide': z.union([sanctionSchema, storyAppealSchema]),
  'GET /tyler/user/sanction': mySanctionsSchema,
  'POST /tyler/user/appeal': z.union([sanctionSchema, storyAppealSchema]),
  'GET /tyler/user/appeal': storyAppealStateSchema,
};

