import mongoose from 'mongoose';
import { ErrorCode, NoticeKind, ShareType, type Thread as ThreadView, type ThreadCard } from 'shared-kit';
import { isThreadId } from 'shared-kit/areas';
import { AppError } from '../../lib/errors';
import { registerCommentSubject } from '../comment';
import { storyStatsOf } from '../community';
import { notify } from '../notice';
import { writeAudit } from '../staff';
import { openStoryCreator } from '../stories';
import { blockedAround, isBlockedBetween, isDuplicateKey, nobody, peopleOf } from '../users';
import { threadNotFound } from './thread.errors';
import { Thread, ThreadLike, type ThreadRecord } from './thread.model';

const person = (p: { uid: string; nickname: string; avatar: string }) => ({ uid: p.uid, nickname: p.nickname, avatar: p.avatar });
const live = { deleted_at: null, removed_at: null };

/** The thread `viewerUid` ('' a visitor) may see: not deleted, not removed, not across a block with its owner (1050001). */
export async function visibleThread(threadId: string, viewerUid: string): Promise<ThreadRecord> {
  const [t, blocked] = await Promise.all([
    Thread.findOne({ thread_id: threadId, ...live }).lean<ThreadRecord>(),
    viewerUid ? blockedAround(viewerUid) : new Set<string>(),
  ]);
  if (!t || blocked.has(t.uid)) throw threadNotFound();
  return t;
}

// Comments on a thread are the comment module's, kept under the thread's id; its owner may delete, pin and close them.
registerCommentSubject(isThreadId, async (id, viewerUid) => {
  const t = await visibleThread(id, viewerUid);
  return { story_id: t.thread_id, uid: t.uid, story_name: t.title };
});

/**
 * `GET /api/tyler/thread/get`: the thread with its lines, the story's card, likes and the comment count. Two round
 * trips: the thread, then everything else at once (the block check, the story, the counts, the like, the people).
 */
export async function getThread(threadId: string, viewerUid: string): Promise<ThreadView> {
  const t = await Thread.findOne({ thread_id: threadId, ...live }).lean<ThreadRecord>();
  if (!t) throw threadNotFound();
  const [blocked, storyUid, stats, liked, people] = await Promise.all([
    viewerUid && viewerUid !== t.uid ? isBlockedBetween(viewerUid, t.uid) : false,
    openStoryCreator(t.story_id),
    storyStatsOf([t.thread_id]),
    viewerUid ? ThreadLike.exists({ thread_id: t.thread_id, uid: viewerUid }) : null,
    peopleOf([t.uid, t.story_uid]),
  ]);
  if (blocked) throw threadNotFound();
  // The story's card: its words as the thread copied them, while players can still open it.
  const story = storyUid
    ? { story_id: t.story_id, uid: storyUid, story_name: t.story_name, introduction: t.introduction, logo: t.logo, is_bot: t.share_type === ShareType.BotDialogue }
    : null;
  return {
    thread_id: t.thread_id,
    uid: t.uid,
    title: t.title,
    share_type: t.share_type,
    story_id: t.story_id,
    groups: t.groups.map((g) => ({ group_id: g.group_id, lines: g.lines.map((l) => ({ ...l })) })),
    like_count: Math.max(0, t.like_count),
    liked: !!liked,
    comment_count: Math.max(0, stats.get(t.thread_id)?.comment_count ?? 0),
    is_owner: viewerUid === t.uid,
    creator: person(people.get(t.uid) ?? nobody(t.uid)),
    story: story
      ? {
          story_id: story.story_id,
          story_name: story.story_name,
          introduction: story.introduction,
          logo: story.logo,
          is_bot: story.is_bot,
          creator: person(people.get(story.uid) ?? nobody(story.uid)),
        }
      : null,
    created_at: t.created_at.toISOString(),
  };
}

async function cards(rows: ThreadRecord[]): Promise<ThreadCard[]> {
  const people = await peopleOf(rows.map((t) => t.uid));
  return rows.map((t) => ({
    thread_id: t.thread_id,
    uid: t.uid,
    title: t.title,
    share_type: t.share_type,
    story_id: t.story_id,
    story_name: t.story_name,
    logo: t.logo,
    like_count: Math.max(0, t.like_count),
    creator: person(people.get(t.uid) ?? nobody(t.uid)),
    first_line: t.groups[0]?.lines[0]?.content.slice(0, 120) ?? '',
    groups_count: t.groups.length,
    created_at: t.created_at.toISOString(),
  }));
}

function page(rows: ThreadRecord[], offset: number, count: number) {
  return { has_more: rows.length > count, next_offset: offset + Math.min(rows.length, count), rows: rows.slice(0, count) };
}

/** `GET /api/tyler/thread/user_list`: a person's threads, newest first (nothing across a block). */
export async function userThreads(uid: string, viewerUid: string, offset: number, count: number) {
  if (viewerUid && viewerUid !== uid && (await isBlockedBetween(uid, viewerUid))) return { list: [], has_more: false, next_offset: offset };
  const rows = await Thread.find({ uid, ...live }).sort({ created_at: -1 }).skip(offset).limit(count + 1).lean<ThreadRecord[]>();
  const p = page(rows, offset, count);
  return { list: await cards(p.rows), has_more: p.has_more, next_offset: p.next_offset };
}

/** `GET /api/tyler/thread/list`: everyone's threads, newest first, for the feed's Threads tab (no one across a block). */
export async function feedThreads(viewerUid: string, offset: number, count: number) {
  const blocked = viewerUid ? await blockedAround(viewerUid) : new Set<string>();
  const filter: Record<string, unknown> = { ...live };
  if (blocked.size > 0) filter.uid = mongoose.trusted({ $nin: [...blocked] });
  const rows = await Thread.find(filter).sort({ created_at: -1 }).skip(offset).limit(count + 1).lean<ThreadRecord[]>();
  const p = page(rows, offset, count);
  return { list: await cards(p.rows), has_more: p.has_more, next_offset: p.next_offset };
}

/** `POST /api/tyler/thread/like`: like or unlike a thread one can see; a block with its owner 1201. */
export async function likeThread(uid: string, threadId: string, like: boolean) {
  const t = await Thread.findOne({ thread_id: threadId, ...live }).lean<ThreadRecord>();
  if (!t) throw threadNotFound();
  if (t.uid !== uid && (await isBlockedBetween(uid, t.uid))) throw new AppError(ErrorCode.NoPermission, 'Not available: one of you has blocked the other', { data: { reason: 'blocked' } });
  let delta = 0;
  if (like) {
    try {
      await ThreadLike.create({ thread_id: threadId, uid });
      delta = 1;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  } else if ((await ThreadLike.deleteOne({ thread_id: threadId, uid })).deletedCount === 1) delta = -1;
  const after = delta ? await Thread.findOneAndUpdate({ thread_id: threadId }, { $inc: { like_count: delta } }, { new: true }).lean<ThreadRecord>() : t;
  return { thread_id: threadId, liked: like, like_count: Math.max(0, after?.like_count ?? 0) };
}

/** `POST /api/tyler/thread/del`: its owner deletes it (others 1050001, as if it were not there). */
export async function deleteThread(uid: string, threadId: string, now: number) {
  const t = await Thread.findOneAndUpdate({ thread_id: threadId, uid, deleted_at: null }, { $set: { deleted_at: new Date(now) } }).lean<ThreadRecord>();
  if (!t) throw threadNotFound();
  return { thread_id: threadId };
}

/** An operator takes a reported thread down: others no longer see it, its owner is told in the inbox, audited. */
export async function removeThread(threadId: string, operatorUid: string, reason: string, now: number) {
  const at = new Date(now);
  const before = await Thread.findOneAndUpdate({ thread_id: threadId, ...live }, { $set: { removed_at: at } }).lean<ThreadRecord>();
  if (!before) return null;
  await notify({ uid: before.uid, kind: NoticeKind.ThreadRemoved, actor_uid: '', story_id: before.story_id, story_name: before.story_name, title: before.title, text: reason });
  await writeAudit({ operator_uid: operatorUid, action: 'report.remove', target_type: 'thread', target_id: threadId, before: { removed_at: null }, after: { removed_at: at.toISOString() }, reason, at });
  return { thread_id: threadId };
}

/** The thread as players see it now, for the operator judging its reports. */
export async function threadTargetView(threadId: string) {
  const t = await Thread.findOne({ thread_id: threadId }).lean<ThreadRecord>();
  if (!t) return null;
  return {
    exists: !t.deleted_at && !t.removed_at,
    uid: t.uid,
    title: t.title,
    text: t.story_name,
    image: t.logo,
    parts: t.groups.flatMap((g) => g.lines.map((l) => ({ label: l.role === 'player' ? l.name || 'player' : l.name || l.role, text: l.content }))),
    link: `/play/thread/${t.thread_id}`,
  };
}

/** What a share link shows of a thread. */
export async function threadShareView(threadId: string, viewerUid: string) {
  const t = await visibleThread(threadId, viewerUid);
  return { thread_id: t.thread_id, uid: t.uid, title: t.title, share_type: t.share_type, story_id: t.story_id, first_line: t.groups[0]?.lines[0]?.content ?? '', logo: t.logo, story_name: t.story_name };
}

/** How many threads a person holds (the account deletion's count). */
export function countUserThreads(uid: string): Promise<number> {
  return Thread.countDocuments({ uid, deleted_at: null });
}

/** Deletes a person's threads and their likes of threads, taking each like off the thread's count (account deletion). */
export async function removeUserThreads(uid: string): Promise<void> {
  await Thread.deleteMany({ uid });
  const likes = await ThreadLike.find({ uid }, { thread_id: 1 }).lean<Array<{ thread_id: string }>>();
  for (const l of likes) {
    if ((await ThreadLike.deleteOne({ thread_id: l.thread_id, uid })).deletedCount === 1) await Thread.updateOne({ thread_id: l.thread_id }, { $inc: { like_count: -1 } });
  }
}
