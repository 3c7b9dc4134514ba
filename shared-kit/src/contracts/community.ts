import { z } from 'zod';
import { BadReason, CommentStatus, FeedbackAttitude, NoticeKind, ShareType, StoryCommentStatus } from '../enums';
import { emptyData, enumOf, isoDate } from './common';

/** A person as the social calls show them. */
export const socialUserSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  username: z.string(),
  avatar: z.string(),
});
export type SocialUser = z.infer<typeof socialUserSchema>;

/** `POST /interact/story/like`: the viewer's state and the story's count after the write. */
export const storyLikeResultSchema = z.object({ story_id: z.string(), liked: z.boolean(), like_count: z.number().int() });
export type StoryLikeResult = z.infer<typeof storyLikeResultSchema>;

export const likedStorySchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  introduction: z.string(),
  logo: z.string(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  creator: socialUserSchema,
  liked_at: isoDate.nullable(),
});
export type LikedStory = z.infer<typeof likedStorySchema>;

/** Cursor pages: `cursor` is opaque, empty when there is nothing more. */
function cursorPage<S extends z.ZodType>(item: S) {
  return z.object({ list: z.array(item), has_more: z.boolean(), cursor: z.string() });
}

export const likedStoryPageSchema = cursorPage(likedStorySchema);
export type LikedStoryPage = z.infer<typeof likedStoryPageSchema>;

export const dialogueLikeResultSchema = z.object({ dialogue_id: z.string(), liked: z.boolean(), remark: z.string() });
export const dialogueFeedbackResultSchema = z.object({
  dialogue_id: z.string(),
  attitude: z.union([z.literal(FeedbackAttitude.Satisfied), z.literal(FeedbackAttitude.Average), z.literal(FeedbackAttitude.Dissatisfied)]),
  bad_reasons: z.array(enumOf(BadReason)),
  content: z.string(),
});
/** `GET /interact/dialogue/status`: the viewer's like and feedback on the replies asked about that have either. */
export const dialogueStatusSchema = z.object({
  list: z.array(
    z.object({
      dialogue_id: z.string(),
      liked: z.boolean(),
      remark: z.string(),
      feedback: dialogueFeedbackResultSchema.omit({ dialogue_id: true }).nullable(),
    }),
  ),
});
export type DialogueStatusList = z.infer<typeof dialogueStatusSchema>;
export type DialogueFeedbackResult = z.infer<typeof dialogueFeedbackResultSchema>;

export const commentSchema = z.object({
  comment_id: z.string(),
  story_id: z.string(),
  /** '' for a comment on the story; the root comment's id for a reply. */
  root_id: z.string(),
  parent_id: z.string(),
  user: socialUserSchema,
  reply_to: socialUserSchema.nullable(),
  text: z.string(),
  status: enumOf(CommentStatus),
  like_count: z.number().int(),
  reply_count: z.number().int(),
  liked: z.boolean(),
  pinned: z.boolean(),
  /** The viewer may delete it (its author or the story's creator). */
  can_delete: z.boolean(),
  created_at: isoDate.nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = cursorPage(commentSchema).extend({
  comment_count: z.number().int(),
  comment_status: enumOf(StoryCommentStatus),
});
export type CommentPage = z.infer<typeof commentPageSchema>;
export const replyPageSchema = cursorPage(commentSchema);
export type ReplyPage = z.infer<typeof replyPageSchema>;

export const commentLikeResultSchema = z.object({ comment_id: z.string(), liked: z.boolean(), like_count: z.number().int() });
export const commentPinResultSchema = z.object({ comment_id: z.string(), pinned: z.boolean() });
export const commentSwitchResultSchema = z.object({ story_id: z.string(), comment_status: enumOf(StoryCommentStatus) });
export type CommentLikeResult = z.infer<typeof commentLikeResultSchema>;
export type CommentPinResult = z.infer<typeof commentPinResultSchema>;
export type CommentSwitchResult = z.infer<typeof commentSwitchResultSchema>;

export const followResultSchema = z.object({
  uid: z.string(),
  following: z.boolean(),
  follower_count: z.number().int(),
});
export const followStatusSchema = z.object({
  uid: z.string(),
  /** The viewer follows them. */
  following: z.boolean(),
  /** They follow the viewer. */
  followed_by: z.boolean(),
});
export const followListSchema = cursorPage(socialUserSchema.extend({ followed_at: isoDate.nullable() })).extend({ total: z.number().int() });
export type FollowResult = z.infer<typeof followResultSchema>;
export type FollowStatus = z.infer<typeof followStatusSchema>;
export type FollowList = z.infer<typeof followListSchema>;

export const authorStorySchema = z.object({
  story_id: z.string(),
  story_name: z.string(),
  introduction: z.string(),
  logo: z.string(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
});
export const authorDetailSchema = socialUserSchema.extend({
  follower_count: z.number().int(),
  following_count: z.number().int(),
  likes_received: z.number().int(),
  stories: z.array(authorStorySchema),
  is_self: z.boolean(),
  following: z.boolean(),
  blocked: z.boolean(),
});
export type AuthorDetail = z.infer<typeof authorDetailSchema>;

export const noticeSchema = z.object({
  notice_id: z.string(),
  kind: enumOf(NoticeKind),
  actor: socialUserSchema.nullable(),
  story_id: z.string(),
  story_name: z.string(),
  comment_id: z.string(),
  text: z.string(),
  /** For sanction notices: the end date of the ban (null otherwise, and for warnings). */
  until: isoDate.nullable(),
  /** Operators' mail: its title and link (a path in the app), '' otherwise. */
  title: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: isoDate.nullable(),
  /** Receipt notices only: what was paid, renewed or refunded (amount in the currency's minor unit). */
  receipt: z
    .object({ event: z.enum(['paid', 'renewed', 'refunded']), order_no: z.string(), goods_id: z.string(), amount: z.number().int(), currency: z.string() })
    .optional(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticePageSchema = cursorPage(noticeSchema).extend({ unread: z.number().int() });
export type NoticePage = z.infer<typeof noticePageSchema>;

export const shareInfoSchema = z.object({
  code: z.string(),
  share_type: enumOf(ShareType),
  story_id: z.string(),
  play_id: z.string(),
  /** A shared collection's id (its links have no story). */
  collection_id: z.string().optional(),
  /** A shared thread's id (share type StoryDialogue or BotDialogue). */
  thread_id: z.string().optional(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  /** The landing page's path (`/s/<code>`). */
  path: z.string(),
  /** Where the landing page leads: the story's page in the player. */
  play_path: z.string(),
  /** A play shared as a video (share type Video): the file, for the page's player and its `og:video` tags. */
  video: z
    .object({ url: z.string(), path: z.string(), mime: z.string(), width: z.number().int(), height: z.number().int(), duration_ms: z.number().int() })
    .optional(),
});
export type ShareInfo = z.infer<typeof shareInfoSchema>;
export const sharableCheckSchema = z.object({ story_id: z.string(), sharable: z.boolean(), reason: z.string() });

export const COMMUNITY_CONTRACTS = {
  'POST /interact/story/like': storyLikeResultSchema,
  'GET /interact/story/like_list': likedStoryPageSchema,
  'POST /interact/dialogue/like': dialogueLikeResultSchema,
  'POST /interact/dialogue/like_remark': dialogueLikeResultSchema,
  'POST /interact/dialogue/feedback': dialogueFeedbackResultSchema,
  'GET /interact/dialogue/status': dialogueStatusSchema,
  'POST /interact/comment/post': z.object({ comment: commentSchema }),
  'POST /interact/comment/delete': emptyData,
  'GET /interact/comment/list': commentPageSchema,
  'GET /interact/comment/list_root_children_data': replyPageSchema,
  'GET /interact/comment/get': commentSchema,
  'POST /interact/comment/pin': commentPinResultSchema,
  'POST /interact/comment/like': commentLikeResultSchema,
  'POST /interact/comment/switch': commentSwitchResultSchema,
  'POST /interact/user/follow': followResultSchema,
  'GET /interact/user/follow_status': followStatusSchema,
  'GET /interact/user/follow_list': followListSchema,
  'GET /tyler/user/author_detail': authorDetailSchema,
  'POST /share/story/create_info': shareInfoSchema,
  'GET /share/story/get_info': shareInfoSchema,
  'GET /share/story/sharable_check': sharableCheckSchema,
  'GET /notice_box/list': noticePageSchema,
  'GET /notice_box/unread': z.object({ unread: z.number().int() }),
  'POST /notice_box/read': z.object({ unread: z.number().int() }),
} satisfies Record<string, z.ZodType>;
