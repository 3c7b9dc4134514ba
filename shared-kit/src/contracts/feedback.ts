import { z } from 'zod';
import { HoldReason } from '../enums';
import { FEEDBACK_LIMITS, FeedbackStatus } from '../feedback';
import { idString } from '../schemas/common';
import { enumOf } from './common';

/**
 * Feedback to the team (settings: submit and history; the console: read, answer, close) and a player's feedback on a
 * story in the feed (`/api/interact/story/feedback`, the hold reasons): what clients send (FEEDBACK_REQUESTS) and
 * what the api answers (FEEDBACK_CONTRACTS).
 */

const HOLD_REASONS = Object.values(HoldReason) as [HoldReason, ...HoldReason[]];
const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(50).default(20),
});
const mediaId = z.string().regex(/^[0-9a-f]{24}$/i, 'Expected a media id of 24 hex characters');

export const FEEDBACK_REQUESTS = {
  /** `POST /api/feedback/submit`. */
  submitBody: z
    .object({
      text: z.string().trim().min(1, 'must not be empty').max(FEEDBACK_LIMITS.text, `must be at most ${FEEDBACK_LIMITS.text} characters`),
      /** An uploaded picture (`POST /api/editor/upload`, use `screenshot`) of the sender's own. */
      screenshot_id: mediaId.optional(),
      app_version: z.string().trim().max(40, 'must be at most 40 characters').default(''),
      device: z.string().trim().max(300, 'must be at most 300 characters').default(''),
    })
    .strict(),
  /** `GET /api/feedback/list`, `GET /api/ops/feedback/list`. */
  listQuery: pageQuery.extend({ status: z.enum(Object.values(FeedbackStatus) as [FeedbackStatus, ...FeedbackStatus[]]).optional() }),
  /** `POST /api/ops/feedback/answer`. */
  answerBody: z
    .object({
      feedback_id: idString,
      answer: z.string().trim().min(1, 'must not be empty').max(FEEDBACK_LIMITS.answer, `must be at most ${FEEDBACK_LIMITS.answer} characters`),
    })
    .strict(),
  /** `POST /api/ops/feedback/close`. */
  closeBody: z.object({ feedback_id: idString }).strict(),
  /** `POST /api/interact/story/feedback`: not interested (with why), or `undo` to show the story again. */
  storyFeedbackBody: z.object({ story_id: idString, hold_reason: z.enum(HOLD_REASONS), undo: z.boolean().default(false) }).strict(),
};

export type FeedbackSubmitRequest = z.input<typeof FEEDBACK_REQUESTS.submitBody>;
export type StoryFeedbackRequest = z.input<typeof FEEDBACK_REQUESTS.storyFeedbackBody>;

export const feedbackAnswerSchema = z.object({ text: z.string(), created_at: z.string() });
export const feedbackSchema = z.object({
  feedback_id: z.string(),
  text: z.string(),
  screenshot_url: z.string(),
  app_version: z.string(),
  device: z.string(),
  status: enumOf(FeedbackStatus),
  answers: z.array(feedbackAnswerSchema),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackSchema>;
const feedbackPageSchema = z.object({ list: z.array(feedbackSchema), has_more: z.boolean(), next_offset: z.number().int() });
/** What the console shows of a feedback: the sender too. */
export const opsFeedbackSchema = feedbackSchema.extend({ uid: z.string(), nickname: z.string() });
export type OpsFeedbackItem = z.infer<typeof opsFeedbackSchema>;
export const storyFeedbackSchema = z.object({ story_id: z.string(), hold_reason: enumOf(HoldReason), held: z.boolean() });

export const FEEDBACK_CONTRACTS = {
  'POST /feedback/submit': feedbackSchema,
  'GET /feedback/list': feedbackPageSchema,
  'GET /ops/feedback/list': z.object({ list: z.array(opsFeedbackSchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'POST /ops/feedback/answer': opsFeedbackSchema,
  'POST /ops/feedback/close': opsFeedbackSchema,
  'POST /interact/story/feedback': storyFeedbackSchema,
};
