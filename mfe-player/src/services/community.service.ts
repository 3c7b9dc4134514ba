import {
  unwrap,
  type AuthorDetail,
  type BlockRequest,
  type Comment,
  type CommentGetQuery,
  type CommentIdRequest,
  type CommentLikeRequest,
  type CommentLikeResult,
  type CommentListQuery,
  type CommentPage,
  type CommentPinRequest,
  type CommentPinResult,
  type CommentPostRequest,
  type CommentRepliesQuery,
  type CommentSwitchRequest,
  type CommentSwitchResult,
  type CursorQuery,
  type Envelope,
  type FollowList,
  type FollowListQuery,
  type FollowRequest,
  type FollowResult,
  type LikedStoryPage,
  type ReplyPage,
  type ShareCreateRequest,
  type ShareInfo,
  type StoryCommentStatus,
  type StoryLikeRequest,
  type StoryLikeResult,
  type UidQuery,
} from 'shared-kit';
import { apiClient } from '../api/client';

// The community calls of the api (docs/api.md, Community); answers are the shared-kit contracts' types.

export type CommentSort = NonNullable<CommentListQuery['sort']>;
export type FollowListType = FollowListQuery['type'];

const I = '/interact';

export function likeStory(storyId: string, like: boolean): Promise<StoryLikeResult> {
  return unwrap(apiClient.post<Envelope<StoryLikeResult>>(`${I}/story/like`, { story_id: storyId, like } satisfies StoryLikeRequest, { silent: true }));
}

export function listComments(storyId: string, sort: CommentSort, cursor: string, count: number): Promise<CommentPage> {
  const params: CommentListQuery = { story_id: storyId, sort, count };
  if (cursor) params.cursor = cursor;
  return unwrap(apiClient.get<Envelope<CommentPage>>(`${I}/comment/list`, { params, silent: true }));
}

export function listReplies(commentId: string, cursor: string, count: number): Promise<ReplyPage> {
  const params: CommentRepliesQuery = { comment_id: commentId, count };
  if (cursor) params.cursor = cursor;
  return unwrap(apiClient.get<Envelope<ReplyPage>>(`${I}/comment/list_root_children_data`, { params, silent: true }));
}

/** Posts a comment, or a reply when `replyTo` names the comment answered. A held-back text fails with 9005 and `data.comment`. */
export async function postComment(storyId: string, text: string, replyTo?: string): Promise<Comment> {
  const body: CommentPostRequest = { story_id: storyId, text };
  if (replyTo) body.reply_to_comment_id = replyTo;
  const result = await unwrap(apiClient.post<Envelope<{ comment: Comment }>>(`${I}/comment/post`, body, { silent: true }));
  return result.comment;
}

export async function deleteComment(commentId: string): Promise<void> {
  await unwrap(apiClient.post<Envelope<unknown>>(`${I}/comment/delete`, { comment_id: commentId } satisfies CommentIdRequest, { silent: true }));
}

export function likeComment(commentId: string, like: boolean): Promise<CommentLikeResult> {
  return unwrap(apiClient.post<Envelope<CommentLikeResult>>(`${I}/comment/like`, { comment_id: commentId, like } satisfies CommentLikeRequest, { silent: true }));
}

export function pinComment(commentId: string, pin: boolean): Promise<CommentPinResult> {
  return unwrap(apiClient.post<Envelope<CommentPinResult>>(`${I}/comment/pin`, { comment_id: commentId, pin } satisfies CommentPinRequest, { silent: true }));
}

export function switchComments(storyId: string, status: StoryCommentStatus): Promise<CommentSwitchResult> {
  return unwrap(
    apiClient.post<Envelope<CommentSwitchResult>>(`${I}/comment/switch`, { story_id: storyId, comment_status: status } satisfies CommentSwitchRequest, { silent: true }),
  );
}

export function authorDetail(uid: string): Promise<AuthorDetail> {
  return unwrap(apiClient.get<Envelope<AuthorDetail>>('/tyler/user/author_detail', { params: { uid } satisfies UidQuery, silent: true }));
}

export function follow(uid: string, on: boolean): Promise<FollowResult> {
  return unwrap(apiClient.post<Envelope<FollowResult>>(`${I}/user/follow`, { uid, follow: on } satisfies FollowRequest, { silent: true }));
}

export function followList(uid: string, type: FollowListType, cursor: string, count: number): Promise<FollowList> {
  const params: FollowListQuery = { uid, type, count };
  if (cursor) params.cursor = cursor;
  return unwrap(apiClient.get<Envelope<FollowList>>(`${I}/user/follow_list`, { params, silent: true }));
}

export async function setBlocked(uid: string, blocked: boolean): Promise<boolean> {
  const path = blocked ? '/tyler/user/block' : '/tyler/user/unblock';
  const result = await unwrap(apiClient.post<Envelope<{ uid: string; blocked: boolean }>>(path, { uid } satisfies BlockRequest, { silent: true }));
  return result.blocked;
}

export function shareStory(storyId: string, options: { playId?: string; bot?: boolean } = {}): Promise<ShareInfo> {
  // With a play: the link to that play's ending (share type PlayEnding), whose landing page shows the ending's text;
  // a bot is shared as a bot (its landing page says it is a character chat).
  const body: ShareCreateRequest = options.playId
    ? { share_type: 'PlayEnding', story_id: storyId, play_id: options.playId }
    : { share_type: options.bot ? 'Bot' : 'Story', story_id: storyId };
  return unwrap(apiClient.post<Envelope<ShareInfo>>('/share/story/create_info', body, { silent: true }));
}

export function getComment(commentId: string): Promise<Comment> {
  return unwrap(apiClient.get<Envelope<Comment>>(`${I}/comment/get`, { params: { comment_id: commentId } satisfies CommentGetQuery, silent: true }));
}

/** The viewer's liked stories, newest like first (the feed's Liked tab). */
export function likedStories(cursor: string, count: number): Promise<LikedStoryPage> {
  const params: CursorQuery = { count };
  if (cursor) params.cursor = cursor;
  return unwrap(apiClient.get<Envelope<LikedStoryPage>>(`${I}/story/like_list`, { params, silent: true }));
}
