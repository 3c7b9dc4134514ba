import { COMMUNITY_LIMITS, StoryCommentStatus } from 'shared-kit';
import { idString } from 'shared-kit/schemas';
import { z } from 'zod';
import { cursorQuery } from '../community';

const text = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(COMMUNITY_LIMITS.comment, `must be at most ${COMMUNITY_LIMITS.comment} characters`);

export const postBody = z.object({ story_id: idString, text, reply_to_comment_id: idString.optional() }).strict();
export const commentIdBody = z.object({ comment_id: idString }).strict();
export const pinBody = z.object({ comment_id: idString, pin: z.boolean().default(true) }).strict();
export const likeBody = z.object({ comment_id: idString, like: z.boolean().optional() }).strict();
export const switchBody = z
  .object({ story_id: idString, comment_status: z.enum([StoryCommentStatus.Open, StoryCommentStatus.Closed]) })
  .strict();
export const listQuery = cursorQuery.extend({ story_id: idString, sort: z.enum(['newest', 'top']).default('newest') });
export const repliesQuery = cursorQuery.extend({ comment_id: idString });
export const getQuery = z.object({ comment_id: idString });
