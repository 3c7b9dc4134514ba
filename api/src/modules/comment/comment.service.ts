import mongoose from 'mongoose';
import { CommentStatus, ErrorCode, NoticeKind, StoryCommentStatus, type ForbiddenWords } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { isDuplicateKey } from '../users';
import { mostPart, newestById, pageRange, sequentialId, sortKey } from '../../lib/keys';
import { blockedAround, nobody, peopleOf, refuseIfBlocked } from '../users';
import { bumpStory, StoryStats, storyStatsOf } from '../community';
import { commentSubject, type CommentSubject } from './comment.subjects';
import { notify } from '../notice';
import { Comment, CommentLike, type CommentRecord } from './comment.model';

export type CommentSort = 'newest' | 'top';

/** The ids are `sequentialId`s, so they order the comments by time themselves. */
export function keysFor(c: Pick<CommentRecord, 'story_id' | 'root_id' | 'comment_id' | 'like_count'>) {
  if (c.root_id === '') {
    return {
      newest_key: sortKey(c.story_id, newestById(c.comment_id)),
      top_key: sortKey(c.story_id, mostPart(c.like_count), newestById(c.comment_id)),
    };
  }
  return { thread_key: sortKey(c.root_id, c.comment_id) };
}

interface Viewer {
  uid: string;
  blocked: Set<string>;
  liked: Set<string>;
  /** The story's creator, who may delete any comment on it. */
  creatorUid: string;
  pinnedId: string;
}

async function present(rows: CommentRecord[], viewer: Viewer) {
  const people = await peopleOf(rows.flatMap((r) => [r.uid, r.reply_to_uid]));
  return rows.map((r) => ({
    comment_id: r.comment_id,
    story_id: r.story_id,
    root_id: r.root_id,
    parent_id: r.parent_id,
    user: people.get(r.uid) ?? nobody(r.uid),
    reply_to: r.reply_to_uid ? (people.get(r.reply_to_uid) ?? nobody(r.reply_to_uid)) : null,
    text: r.text,
    status: r.status,
    like_count: Math.max(0, r.like_count ?? 0),
    reply_count: Math.max(0, r.reply_count ?? 0),
    liked: viewer.liked.has(r.comment_id),
    pinned: r.root_id === '' && r.comment_id === viewer.pinnedId,
    can_delete: viewer.uid !== '' && (viewer.uid === r.uid || viewer.uid === viewer.creatorUid),
    created_at: r.created_at?.toISOString() ?? null,
  }));
}

async function viewerOf(uid: string, story: CommentSubject, rows: CommentRecord[]): Promise<Viewer> {
  const ids = rows.map((r) => r.comment_id);
  const [blocked, likes, stats] = await Promise.all([
    uid ? blockedAround(uid) : new Set<string>(),
    uid && ids.length > 0 ? CommentLike.find({ comment_id: mongoose.trusted({ $in: ids }), uid }, { comment_id: 1 }).lean() : [],
    storyStatsOf([story.story_id]),
  ]);
  return {
    uid,
    blocked,
    liked: new Set(likes.map((l) => l.comment_id)),
    creatorUid: story.uid,
    pinnedId: stats.get(story.story_id)!.pinned_comment_id,
  };
}

/** A comment that exists and is not taken down: 1020401 otherwise (also for a hostile but well-formed id). */
async function liveComment(commentId: string): Promise<CommentRecord> {
  const c = await Comment.findOne({ comment_id: commentId }).lean<CommentRecord>();
  if (!c || c.status === CommentStatus.Offline) throw new AppError(ErrorCode.CommentDeleted);
  return c;
}

/** What `uid` may see: AllVisible comments of people not blocked either way, and their own SelfVisible ones. */
function visibleTo(c: CommentRecord, uid: string, blocked: Set<string>): boolean {
  if (c.status === CommentStatus.Offline) return false;
  if (c.status === CommentStatus.SelfVisible) return c.uid === uid;
  return !blocked.has(c.uid);
}

/**
 * The viewer's own held-back (SelfVisible) comments that `where` picks, newest first. Read by the viewer's index
 * alone: a condition on the story would make the embedded database gather every comment of the story first.
 */
async function heldBack(uid: string, where: (c: CommentRecord) => boolean): Promise<CommentRecord[]> {
  const rows = await Comment.find({ uid, status: CommentStatus.SelfVisible }).limit(500).lean<CommentRecord[]>();
  return rows
    .filter(where)
    .sort((a, b) => (b.created_at?.getTime() ?? 0) - (a.created_at?.getTime() ?? 0))
    .slice(0, 20);
}

export interface PostInput {
  story_id: string;
  text: string;
  reply_to_comment_id?: string;
}

/**
 * Posts a comment or a reply. Closed comments 1020402; a block between the commenter and the story's creator, or
 * the author replied to, 1020405; a reply to a removed comment 1020401. Text that fails the safety review is kept
 * visible to its author only and answered with 9005 (the comment is in `data.comment`).
 */
export async function postComment(uid: string, input: PostInput, forbidden: ForbiddenWords, now: Date) {
  const story = await commentSubject(input.story_id, uid);
  const stats = (await storyStatsOf([story.story_id])).get(story.story_id)!;
  if (stats.comment_status === StoryCommentStatus.Closed) throw new AppError(ErrorCode.CommentClosed);
  await refuseIfBlocked(uid, story.uid, ErrorCode.CommentBlocked);

  let root_id = '';
  let parent_id = '';
  let reply_to_uid = '';
  if (input.reply_to_comment_id) {
    const target = await liveComment(input.reply_to_comment_id);
    if (target.story_id !== story.story_id) throw new AppError(ErrorCode.CommentReplyNotAllowed, 'That comment is on another story');
    if (target.status !== CommentStatus.AllVisible && target.uid !== uid) throw new AppError(ErrorCode.CommentDeleted);
    if (target.status !== CommentStatus.AllVisible) throw new AppError(ErrorCode.CommentReplyNotAllowed, 'That comment is not public');
    await refuseIfBlocked(uid, target.uid, ErrorCode.CommentBlocked);
    root_id = target.root_id || target.comment_id;
    parent_id = target.comment_id;
    reply_to_uid = target.uid;
  }

  const hit = forbidden.find(input.text);
  const status = hit ? CommentStatus.SelfVisible : CommentStatus.AllVisible;
  let row: CommentRecord | undefined;
  for (let attempt = 0; attempt < 3 && !row; attempt += 1) {
    const comment_id = sequentialId(now.getTime());
    const base = { comment_id, story_id: story.story_id, root_id, like_count: 0 };
    try {
      const created = await Comment.create({
        ...base,
        uid,
        text: input.text,
        parent_id,
        reply_to_uid,
        status,
        review_hit: hit ?? '',
        created_at: now,
        ...(status === CommentStatus.AllVisible ? keysFor(base) : {}),
      });
      row = created.toObject() as unknown as CommentRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
  if (!row) throw new AppError(ErrorCode.ConcurrentOperation);

  const viewer = await viewerOf(uid, story, [row]);
  const [presented] = await present([row], viewer);
  if (status === CommentStatus.SelfVisible) {
    throw new AppError(ErrorCode.ReviewCommentContent, 'This comment breaks the community guidelines; only you can see it', {
      data: { comment: presented },
    });
  }
  await bumpStory(story.story_id, { comment_count: 1 }, { comment_id: row.comment_id });
  if (root_id) {
    await Comment.updateOne({ comment_id: root_id }, { $inc: { reply_count: 1 } });
    if (reply_to_uid !== uid) {
      await notify({
        uid: reply_to_uid,
        kind: NoticeKind.Reply,
        actor_uid: uid,
        story_id: story.story_id,
        story_name: story.story_name,
        comment_id: row.comment_id,
        text: input.text,
      });
    }
  }
  return { comment: presented! };
}

/** Takes a comment down (Offline): its author or the story's creator; others 1201. */
export async function deleteComment(uid: string, commentId: string) {
  const c = await liveComment(commentId);
  const story = await commentSubject(c.story_id).catch(() => null);
  const creator = story?.uid ?? '';
  if (c.uid !== uid && creator !== uid) throw new AppError(ErrorCode.NoPermission, 'Only its author or the story\'s creator can delete a comment');
  await takeDownComment(c, uid);
  return {};
}

/**
 * Takes a comment down (Offline) on behalf of `by` (its author, the story's creator, or an operator resolving a
 * report), keeping the story's counts and pin true. Answers whether this call took it down.
 */
export async function takeDownComment(c: CommentRecord, by: string): Promise<boolean> {
  const commentId = c.comment_id;
  const res = await Comment.updateOne(
    { comment_id: commentId, status: mongoose.trusted({ $ne: CommentStatus.Offline }) },
    { $set: { status: CommentStatus.Offline, deleted_by: by }, $unset: { newest_key: 1, top_key: 1, thread_key: 1 } },
  );
  if (res.modifiedCount === 1 && c.status === CommentStatus.AllVisible) {
    // A root takes its visible replies with it.
    const gone = 1 + (c.root_id === '' ? Math.max(0, c.reply_count ?? 0) : 0);
    await bumpStory(c.story_id, { comment_count: -gone });
    if (c.root_id) await Comment.updateOne({ comment_id: c.root_id }, { $inc: { reply_count: -1 } });
    await StoryStats.updateOne({ story_id: c.story_id, pinned_comment_id: commentId }, { $set: { pinned_comment_id: '' } });
  }
  return res.modifiedCount === 1;
}

/**
 * A story's comments, a cursor page: the pinned comment and the viewer's own comments awaiting nobody (SelfVisible)
 * come first on the first page; people on either side of a block with the viewer are left out.
 */
export async function listComments(viewerUid: string, storyId: string, sort: CommentSort, cursor: string | undefined, count: number) {
  const story = await commentSubject(storyId, viewerUid);
  const stats = (await storyStatsOf([storyId])).get(storyId)!;
  const blocked = viewerUid ? await blockedAround(viewerUid) : new Set<string>();
  const field = sort === 'top' ? 'top_key' : 'newest_key';
  const filter: Record<string, unknown> = { story_id: storyId, [field]: mongoose.trusted(pageRange(storyId, cursor)) };
  if (blocked.size > 0) filter.uid = mongoose.trusted({ $nin: [...blocked] });
  if (stats.pinned_comment_id) filter.comment_id = mongoose.trusted({ $ne: stats.pinned_comment_id });
  const rows = await Comment.find(filter).sort({ [field]: 1 }).limit(count + 1).lean<CommentRecord[]>();
  const page = rows.slice(0, count);
  const hasMore = rows.length > count;

  let first: CommentRecord[] = [];
  if (!cursor) {
    const [pinned, own] = await Promise.all([
      stats.pinned_comment_id ? Comment.findOne({ comment_id: stats.pinned_comment_id }).lean<CommentRecord>() : null,
      viewerUid ? heldBack(viewerUid, (c) => c.story_id === storyId && c.root_id === '') : [],
    ]);
    if (pinned && visibleTo(pinned, viewerUid, blocked)) first.push(pinned);
    first = first.concat(own);
  }
  const all = [...first, ...page];
  const viewer = await viewerOf(viewerUid, story, all);
  return {
    list: await present(all, viewer),
    has_more: hasMore,
    cursor: hasMore ? (page[page.length - 1]![field] ?? '') : '',
    comment_count: stats.comment_count,
    comment_status: stats.comment_status,
  };
}

/** The replies under a root comment, oldest first (two levels: a reply to a reply is listed under the root). */
export async function listReplies(viewerUid: string, rootId: string, cursor: string | undefined, count: number) {
  const root = await liveComment(rootId);
  if (root.root_id !== '') throw new AppError(ErrorCode.ClientParamError, 'comment_id: not a root comment');
  const story = await commentSubject(root.story_id, viewerUid);
  const blocked = viewerUid ? await blockedAround(viewerUid) : new Set<string>();
  if (!visibleTo(root, viewerUid, blocked)) throw new AppError(ErrorCode.CommentDeleted);
  const filter: Record<string, unknown> = { root_id: rootId, thread_key: mongoose.trusted(pageRange(rootId, cursor)) };
  if (blocked.size > 0) filter.uid = mongoose.trusted({ $nin: [...blocked] });
  const rows = await Comment.find(filter).sort({ thread_key: 1 }).limit(count + 1).lean<CommentRecord[]>();
  const page = rows.slice(0, count);
  const hasMore = rows.length > count;
  // One's own held-back replies follow the public ones, on the last page.
  const own =
    !hasMore && viewerUid
      ? await heldBack(viewerUid, (c) => c.root_id === rootId)
      : [];
  const all = [...page, ...own];
  const viewer = await viewerOf(viewerUid, story, all);
  return { list: await present(all, viewer), has_more: hasMore, cursor: hasMore ? (page[page.length - 1]!.thread_key ?? '') : '' };
}

export async function getComment(viewerUid: string, commentId: string) {
  const c = await liveComment(commentId);
  const story = await commentSubject(c.story_id, viewerUid);
  const blocked = viewerUid ? await blockedAround(viewerUid) : new Set<string>();
  if (!visibleTo(c, viewerUid, blocked)) throw new AppError(ErrorCode.CommentDeleted);
  const [presented] = await present([c], await viewerOf(viewerUid, story, [c]));
  return presented!;
}

/** Pins (or unpins) a root comment: the story's creator only (1020404 for others and for replies). */
export async function pinComment(uid: string, commentId: string, pin: boolean) {
  const c = await liveComment(commentId);
  const story = await commentSubject(c.story_id, uid);
  if (story.uid !== uid) throw new AppError(ErrorCode.CommentPinNotAllowed, 'Only the story\'s creator can pin');
  if (c.root_id !== '' || c.status !== CommentStatus.AllVisible) {
    throw new AppError(ErrorCode.CommentPinNotAllowed, 'Only a public comment on the story can be pinned');
  }
  if (pin) {
    const res = await StoryStats.findOneAndUpdate(
      { story_id: c.story_id },
      { $set: { pinned_comment_id: commentId } },
      { upsert: true, new: false },
    ).lean<{ pinned_comment_id?: string }>();
    if (res?.pinned_comment_id !== commentId && c.uid !== uid) {
      await notify({ uid: c.uid, kind: NoticeKind.Pin, actor_uid: uid, story_id: c.story_id, story_name: story.story_name, comment_id: commentId, text: c.text });
    }
  } else {
    await StoryStats.updateOne({ story_id: c.story_id, pinned_comment_id: commentId }, { $set: { pinned_comment_id: '' } });
  }
  return { comment_id: commentId, pinned: pin };
}

/** Likes or unlikes a public comment; a block with its author 1020405. */
export async function likeComment(uid: string, commentId: string, like: boolean | undefined) {
  const c = await liveComment(commentId);
  if (c.status !== CommentStatus.AllVisible) throw new AppError(ErrorCode.CommentDeleted);
  const story = await commentSubject(c.story_id, uid);
  const want = like ?? !(await CommentLike.exists({ comment_id: commentId, uid }));
  let delta = 0;
  if (want) {
    await refuseIfBlocked(uid, c.uid, ErrorCode.CommentBlocked);
    try {
      await CommentLike.create({ comment_id: commentId, uid });
      delta = 1;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  } else {
    const removed = await CommentLike.deleteOne({ comment_id: commentId, uid });
    if (removed.deletedCount === 1) delta = -1;
  }
  let likeCount = Math.max(0, c.like_count ?? 0);
  if (delta !== 0) {
    const after = await Comment.findOneAndUpdate({ comment_id: commentId }, { $inc: { like_count: delta } }, { new: true }).lean<CommentRecord>();
    likeCount = Math.max(0, after?.like_count ?? 0);
    if (after && after.root_id === '' && after.status === CommentStatus.AllVisible) {
      // Re-sorts the "top" list; a later change with another count overwrites it, so the last count wins.
      await Comment.updateOne(
        { comment_id: commentId, like_count: after.like_count, status: CommentStatus.AllVisible },
        { $set: { top_key: keysFor(after).top_key } },
      );
    }
    if (delta === 1 && c.uid !== uid) {
      await notify({ uid: c.uid, kind: NoticeKind.Like, actor_uid: uid, story_id: c.story_id, story_name: story.story_name, comment_id: commentId, text: c.text });
    }
  }
  return { comment_id: commentId, liked: want, like_count: likeCount };
}

/** Opens or closes a story's comments: its creator only (1201). */
export async function switchComments(uid: string, storyId: string, status: StoryCommentStatus) {
  const story = await commentSubject(storyId, uid);
  if (story.uid !== uid) throw new AppError(ErrorCode.NoPermission, 'Only the story\'s creator can open or close comments');
  await StoryStats.updateOne({ story_id: storyId }, { $set: { comment_status: status } }, { upsert: true });
  return { story_id: storyId, comment_status: status };
}
