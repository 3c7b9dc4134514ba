import mongoose from 'mongoose';
import { ErrorCode, NoticeKind } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { creatorLiveStoryViews } from '../stories';
import { notify } from '../notice';
import { userByUid, userExists } from '../users';
import { isDuplicateKey } from '../users';
import { Follow, type FollowRecord } from './follow.model';
import { newestById, pageRange, sequentialId, sortKey } from '../../lib/keys';
import { blockedAround, nobody, peopleOf, refuseIfBlocked } from '../users';
import { bumpUser, clampCount, UserStats } from './stats.model';

async function followerCount(uid: string): Promise<number> {
  const s = await UserStats.findOne({ uid }, { follower_count: 1 }).lean<{ follower_count?: number }>();
  return clampCount(s?.follower_count);
}

async function requirePerson(uid: string): Promise<void> {
  if (!(await userExists(uid))) throw new AppError(ErrorCode.UserNotExist);
}

/**
 * Follows (`follow` true, the default) or unfollows. Following oneself 1050003, an unknown person 1020001, across a
 * block 1201. Counters move only when the row was really written or removed. A new follower is notified (Follow).
 */
export async function follow(uid: string, targetUid: string, want: boolean, now: Date) {
  if (targetUid === uid) throw new AppError(ErrorCode.IllegalOperation, 'You cannot follow yourself');
  await requirePerson(targetUid);
  if (want) {
    await refuseIfBlocked(uid, targetUid);
    const id = newestById(sequentialId(now.getTime()));
    let inserted = false;
    try {
      await Follow.create({
        uid,
        target_uid: targetUid,
        follower_key: sortKey(targetUid, id, uid),
        following_key: sortKey(uid, id, targetUid),
        created_at: now,
      });
      inserted = true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    if (inserted) {
      await Promise.all([bumpUser(targetUid, { follower_count: 1 }), bumpUser(uid, { following_count: 1 })]);
      await notify({ uid: targetUid, kind: NoticeKind.Follow, actor_uid: uid });
    }
  } else {
    await unfollowPair(uid, targetUid);
  }
  return { uid: targetUid, following: want, follower_count: await followerCount(targetUid) };
}

async function unfollowPair(uid: string, targetUid: string): Promise<void> {
  const removed = await Follow.deleteOne({ uid, target_uid: targetUid });
  if (removed.deletedCount === 1) {
    await Promise.all([bumpUser(targetUid, { follower_count: -1 }), bumpUser(uid, { following_count: -1 })]);
  }
}

/** A block ends following in both directions (called by the user module's block). */
export async function severFollows(a: string, b: string): Promise<void> {
  await Promise.all([unfollowPair(a, b), unfollowPair(b, a)]);
}

export async function followStatus(uid: string, targetUid: string) {
  await requirePerson(targetUid);
  const [following, followedBy] = await Promise.all([
    Follow.exists({ uid, target_uid: targetUid }),
    Follow.exists({ uid: targetUid, target_uid: uid }),
  ]);
  return { uid: targetUid, following: !!following, followed_by: !!followedBy };
}

export type FollowListType = 'followers' | 'following';

/** Someone's followers or the people they follow, newest first; people across a block with the viewer left out. */
export async function followList(viewerUid: string, ownerUid: string, type: FollowListType, cursor: string | undefined, count: number) {
  await requirePerson(ownerUid);
  const field = type === 'followers' ? 'follower_key' : 'following_key';
  const other = type === 'followers' ? 'uid' : 'target_uid';
  const blocked = viewerUid ? await blockedAround(viewerUid) : new Set<string>();
  const owner = type === 'followers' ? 'target_uid' : 'uid';
  const filter: Record<string, unknown> = { [owner]: ownerUid, [field]: mongoose.trusted(pageRange(ownerUid, cursor)) };
  if (blocked.size > 0) filter[other] = mongoose.trusted({ $nin: [...blocked] });
  const rows = await Follow.find(filter).sort({ [field]: 1 }).limit(count + 1).lean<FollowRecord[]>();
  const page = rows.slice(0, count);
  const hasMore = rows.length > count;
  const people = await peopleOf(page.map((r) => r[other]));
  const stats = await UserStats.findOne({ uid: ownerUid }).lean<{ follower_count?: number; following_count?: number }>();
  return {
    list: page.map((r) => ({ ...(people.get(r[other]) ?? nobody(r[other])), followed_at: r.created_at?.toISOString() ?? null })),
    has_more: hasMore,
    cursor: hasMore ? page[page.length - 1]![field] : '',
    total: clampCount(type === 'followers' ? stats?.follower_count : stats?.following_count),
  };
}

const AUTHOR_STORIES = 50;

/**
 * A creator's public page: who they are, their counts and their published stories. Across a block it answers
 * with `blocked: true` and no stories.
 */
export async function authorDetail(viewerUid: string, uid: string) {
  const user = await userByUid(uid, ['uid', 'nickname', 'username', 'avatar']);
  if (!user) throw new AppError(ErrorCode.UserNotExist);
  const blocked = viewerUid && viewerUid !== uid ? (await blockedAround(viewerUid)).has(uid) : false;
  const [stats, following, stories] = await Promise.all([
    UserStats.findOne({ uid }).lean<{ follower_count?: number; following_count?: number; likes_received?: number }>(),
    viewerUid && viewerUid !== uid ? Follow.exists({ uid: viewerUid, target_uid: uid }) : null,
    // The live (reviewed) versions only: a creator's unreviewed edits are not shown here, not even to themselves.
    blocked ? [] : creatorLiveStoryViews(uid, viewerUid, AUTHOR_STORIES),
  ]);
  return {
    uid: user.uid,
    nickname: user.nickname,
    username: user.username ?? '',
    avatar: user.avatar ?? '',
    follower_count: clampCount(stats?.follower_count),
    following_count: clampCount(stats?.following_count),
    likes_received: clampCount(stats?.likes_received),
    stories: stories.map((s) => ({
      story_id: s.story_id,
      story_name: s.story_name,
      introduction: s.introduction,
      logo: s.logo,
      like_count: s.like_count,
      comment_count: s.comment_count,
    })),
    is_self: viewerUid === uid,
    following: !!following,
    blocked,
  };
}
