import { z } from 'zod';
import { COMMUNITY_LIMITS } from '../constants';
import { BadReason, FeedbackAttitude, ShareType, StoryCommentStatus } from '../enums';
import { idString } from '../schemas/common';

/**
 * What the player sends to `/api/interact/*` (likes, feedback on replies, follows, comments) and the inbox's list,
 * as the api validates it: the api parses each call's query or body with these, the player types what it sends.
 */

/** A page of a cursor list: `cursor` is the opaque string the previous page answered (empty or absent: the first). */
const cursorQuery = z.object({
  cursor: z.string().max(300).optional(),
  count: z
    .union([z.number().int(), z.string().regex(/^\d{1,4}$/, 'must be an integer')])
    .transform(Number)
    .pipe(z.number().int().min(1).max(COMMUNITY_LIMITS.pageMax))
    .default(COMMUNITY_LIMITS.pageDefault),
});

const commentText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(COMMUNITY_LIMITS.comment, `must be at most ${COMMUNITY_LIMITS.comment} characters`);

const dialogueFeedbackBody = z
  .object({
    dialogue_id: idString,
    attitude: z.union([z.literal(FeedbackAttitude.Satisfied), z.literal(FeedbackAttitude.Average), z.literal(FeedbackAttitude.Dissatisfied)]),
    bad_reasons: z.array(z.enum(Object.values(BadReason) as [BadReason, ...BadReason[]])).max(5).default([]),
    content: z.string().trim().max(COMMUNITY_LIMITS.remark, `must be at most ${COMMUNITY_LIMITS.remark} characters`).default(''),
  })
  .strict();

/** What the web shares: a story, a bot, a play's ending. */
export const WEB_SHARE_TYPES = [ShareType.Story, ShareType.Bot, ShareType.PlayEnding] as const;

/** The request schemas of the community calls, by the part of the call they check. */
export const COMMUNITY_REQUESTS = {
  /** Any cursor list (liked stories, the inbox). */
  cursorQuery,
  storyLikeBody: z.object({ story_id: idString, like: z.boolean().optional() }).strict(),
  dialogueLikeBody: z.object({ dialogue_id: idString, like: z.boolean().default(true) }).strict(),
  dialogueRemarkBody: z
    .object({ dialogue_id: idString, remark: z.string().trim().max(COMMUNITY_LIMITS.remark, `must be at most ${COMMUNITY_LIMITS.remark} characters`) })
    .strict(),
  dialogueFeedbackBody,
  /** `dialogue/status`: up to 100 reply ids, comma-separated. */
  dialogueStatusQuery: z.object({
    dialogue_ids: z
      .string()
      .max(100 * 65)
      .transform((v) => [...new Set(v.split(',').filter((x) => x !== ''))])
      .pipe(z.array(idString).min(1, 'at least one id').max(100, 'at most 100 ids')),
  }),
  followBody: z.object({ uid: idString, follow: z.boolean().default(true) }).strict(),
  uidQuery: z.object({ uid: idString }),
  followListQuery: cursorQuery.extend({
    /** Whose list; the viewer's own when absent. */
    uid: idString.optional(),
    type: z.enum(['followers', 'following']),
  }),
  commentPostBody: z.object({ story_id: idString, text: commentText, reply_to_comment_id: idString.optional() }).strict(),
  commentIdBody: z.object({ comment_id: idString }).strict(),
  commentPinBody: z.object({ comment_id: idString, pin: z.boolean().default(true) }).strict(),
  commentLikeBody: z.object({ comment_id: idString, like: z.boolean().optional() }).strict(),
  commentSwitchBody: z.object({ story_id: idString, comment_status: z.enum([StoryCommentStatus.Open, StoryCommentStatus.Closed]) }).strict(),
  commentListQuery: cursorQuery.extend({ story_id: idString, sort: z.enum(['newest', 'top']).default('newest') }),
  commentRepliesQuery: cursorQuery.extend({ comment_id: idString }),
  commentGetQuery: z.object({ comment_id: idString }),
  /** `POST /api/share/story/create_info`. */
  shareCreateBody: z.object({ share_type: z.enum(WEB_SHARE_TYPES), story_id: idString, play_id: idString.optional() }).strict(),
  /** `GET /api/share/story/get_info`. */
  shareInfoQuery: z.object({ code: z.string().regex(/^[A-Za-z0-9]{6,16}$/, 'must be a share code') }),
  /** `GET /api/share/story/sharable_check`. */
  sharableCheckQuery: z.object({ story_id: idString }),
  /** `POST /api/notice_box/read`: these lines, or all of them. */
  noticeReadBody: z.object({ notice_ids: z.array(idString).max(100).optional() }),
};

/** A page of a cursor list's query. */
export type CursorQuery = z.input<typeof cursorQuery>;
/** `POST /api/share/story/create_info`. */
export type ShareCreateRequest = z.input<typeof COMMUNITY_REQUESTS.shareCreateBody>;
/** `POST /api/notice_box/read`. */
export type NoticeReadRequest = z.input<typeof COMMUNITY_REQUESTS.noticeReadBody>;
/** `POST /api/interact/story/like`. */
export type StoryLikeRequest = z.input<typeof COMMUNITY_REQUESTS.storyLikeBody>;
/** `POST /api/interact/dialogue/like`. */
export type DialogueLikeRequest = z.input<typeof COMMUNITY_REQUESTS.dialogueLikeBody>;
/** `POST /api/interact/dialogue/like_remark`. */
export type DialogueRemarkRequest = z.input<typeof COMMUNITY_REQUESTS.dialogueRemarkBody>;
/** `POST /api/interact/dialogue/feedback`. */
export type DialogueFeedbackRequest = z.input<typeof dialogueFeedbackBody>;
/** What a player says of a reply, every field filled (`dialogue/feedback` without the reply). */
export type FeedbackDraft = Required<Omit<DialogueFeedbackRequest, 'dialogue_id'>>;
/** `GET /api/interact/dialogue/status`'s query. */
export type DialogueStatusQuery = z.input<typeof COMMUNITY_REQUESTS.dialogueStatusQuery>;
/** `POST /api/interact/user/follow`. */
export type FollowRequest = z.input<typeof COMMUNITY_REQUESTS.followBody>;
/** `GET /api/interact/user/follow_list`'s query. */
export type FollowListQuery = z.input<typeof COMMUNITY_REQUESTS.followListQuery>;
/** `GET /api/tyler/user/author_detail`'s query. */
export type UidQuery = z.input<typeof COMMUNITY_REQUESTS.uidQuery>;
/** `POST /api/interact/comment/post`. */
export type CommentPostRequest = z.input<typeof COMMUNITY_REQUESTS.commentPostBody>;
/** `POST /api/interact/comment/delete`. */
export type CommentIdRequest = z.input<typeof COMMUNITY_REQUESTS.commentIdBody>;
/** `POST /api/interact/comment/pin`. */
export type CommentPinRequest = z.input<typeof COMMUNITY_REQUESTS.commentPinBody>;
/** `POST /api/interact/comment/like`. */
export type CommentLikeRequest = z.input<typeof COMMUNITY_REQUESTS.commentLikeBody>;
/** `POST /api/interact/comment/switch`. */
export type CommentSwitchRequest = z.input<typeof COMMUNITY_REQUESTS.commentSwitchBody>;
/** `GET /api/interact/comment/list`'s query. */
export type CommentListQuery = z.input<typeof COMMUNITY_REQUESTS.commentListQuery>;
/** `GET /api/interact/comment/list_root_children_data`'s query. */
export type CommentRepliesQuery = z.input<typeof COMMUNITY_REQUESTS.commentRepliesQuery>;
/** `GET /api/interact/comment/get`'s query. */
export type CommentGetQuery = z.input<typeof COMMUNITY_REQUESTS.commentGetQuery>;
