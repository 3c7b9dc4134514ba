import { z } from 'zod';
import { PlanStatus } from '../enums';
import { storyIdString } from '../story/schema';

/** The brainstorm generation plans (spec sections 3 and 7): `plan/*` and `brain_storm/*` of the editor. */

const planStatus = z.union(
  Object.values(PlanStatus).map((v) => z.literal(v)) as unknown as [z.ZodLiteral<PlanStatus>, z.ZodLiteral<PlanStatus>],
);

export const planGenerateSchema = z.object({
  plan_id: z.string(),
  pieces_enough: z.boolean(),
  balance_pieces: z.number().int(),
  total_pieces: z.number().int(),
  estimated_pieces: z.number().int(),
});

/** `plan_info` of `story/get`, and the timing part of a plan: seconds. */
export const planInfoSchema = z.object({
  estimated_time: z.number(),
  duration: z.number(),
  estimated_pieces: z.number(),
});
export type PlanInfo = z.infer<typeof planInfoSchema>;

/** A character a plan left without a picture: none of its drawings showed a face (the face error, 1010120). */
export const missingPictureSchema = z.object({ character_id: z.string(), code: z.number().int(), msg: z.string() });
export type MissingPicture = z.infer<typeof missingPictureSchema>;

export const planSchema = z.object({
  plan_id: z.string(),
  story_id: z.string(),
  status: planStatus,
  /** 0-100. */
  percent: z.number(),
  /** Seconds the plan is expected to take, and has taken so far. */
  estimated_time: z.number(),
  duration: z.number(),
  estimated_pieces: z.number().int(),
  /** Pictures drawn so far. */
  finished_pieces: z.number().int(),
  fail_msg: z.object({ code: z.number(), msg: z.string() }).nullable(),
  /** Characters left without a picture because no drawing of them showed a face (the creator adds one). */
  missing_pictures: z.array(missingPictureSchema),
  /** 'model' or 'offline': who wrote the story. */
  writer: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ plans: z.array(planSchema), has_unread: z.boolean() });

/** `brain_storm/check`: today's brainstorm quota (count used, remain, total; max repeats total). */
export const brainstormQuotaSchema = z.object({
  count: z.number().int(),
  remain: z.number().int(),
  total: z.number().int(),
  max: z.number().int(),
});
export type BrainstormQuota = z.infer<typeof brainstormQuotaSchema>;

export const PLAN_CONTRACTS = {
  'POST /editor/plan/generate': z.object({ story_id: z.string(), status: z.number().int(), plan_generate: planGenerateSchema }),
  'GET /editor/plan/list': planListSchema,
  'GET /editor/plan/generate_detail': planSchema,
  'POST /editor/plan/read': z.object({ plan_id: z.string(), read: z.literal(true) }),
  'GET /editor/brain_storm/check': brainstormQuotaSchema,
  'POST /editor/brain_storm/cancel': z.object({ story_id: z.string(), plan_id: z.string(), status: planStatus }),
} as const;

/** A plan named by its id, or by its story's (the story's latest plan). */
const planRef = z
  .object({ plan_id: storyIdString.optional(), story_id: storyIdString.optional() })
  .refine((v) => v.plan_id !== undefined || v.story_id !== undefined, { message: 'plan_id or story_id is required', path: ['plan_id'] });

/** What the brainstorm sends to `/api/editor/plan/*`, as the api validates it, by the part of the call it checks. */
export const PLAN_REQUESTS = {
  generateBody: z.object({ story_id: storyIdString }),
  listQuery: z.object({ story_id: storyIdString.optional() }),
  detailQuery: planRef,
  readBody: z.object({ plan_id: storyIdString }),
  cancelBody: planRef,
};
/** `GET /api/editor/plan/generate_detail`'s query, `POST /api/editor/plan/cancel`. */
export type PlanRefQuery = z.input<typeof planRef>;
/** `POST /api/editor/plan/read`. */
export type PlanReadRequest = z.input<typeof PLAN_REQUESTS.readBody>;
