import { BadReason, COMMUNITY_LIMITS, FeedbackAttitude } from 'shared-kit';
import { idString } from 'shared-kit/schemas';
import { z } from 'zod';

/** A page of a cursor list: `cursor` is the opaque string the previous page answered (empty or absent: the first). */
export const cursorQuery = z.object({
  cursor: z.string().max(300).optional(),
  count: z
    .union([z.number().int(), z.string().regex(/^\d{1,4}$/, 'must be an integer')])
    .transform(Number)
    .pipe(z.number().int().min(1).max(COMMUNITY_LIMITS.pageMax))
    .default(COMMUNITY_LIMITS.pageDefault),
});

export const storyLikeBody = z.object({ story_id: idString, like: z.boolean().optional() }).strict();

export const dialogueLikeBody = z.object({ dialogue_id: idString, like: z.boolean().default(true) }).strict();

export const dialogueRemarkBody = z
  .object({ dialogue_id: idString, remark: z.string().trim().max(COMMUNITY_LIMITS.remark, `must be at most ${COMMUNITY_LIMITS.remark} characters`) })
  .strict();

export const dialogueFeedbackBody = z
  .object({
    dialogue_id: idString,
    attitude: z.union([z.literal(FeedbackAttitude.Satisfied), z.literal(FeedbackAttitude.Average), z.literal(FeedbackAttitude.Dissatisfied)]),
    bad_reasons: z.array(z.enum(Object.values(BadReason) as [BadReason, ...BadReason[]])).max(5).default([]),
    content: z.string().trim().max(COMMUNITY_LIMITS.remark, `must be at most ${COMMUNITY_LIMITS.remark} characters`).default(''),
  })
  .strict();

/** `dialogue/status`: up to 100 reply ids, comma-separated. */
export const dialogueStatusQuery = z.object({
  dialogue_ids: z
    .string()
    .max(100 * 65)
    .transform((v) => [...new Set(v.split(',').filter((x) => x !== ''))])
    .pipe(z.array(idString).min(1, 'at least one id').max(100, 'at most 100 ids')),
});

export const followBody = z.object({ uid: idString, follow: z.boolean().default(true) }).strict();
export const uidQuery = z.object({ uid: idString });
export const followListQuery = cursorQuery.extend({
  /** Whose list; the viewer's own when absent. */
  uid: idString.optional(),
  type: z.enum(['followers', 'following']),
});
