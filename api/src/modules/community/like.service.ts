import mongoose from 'mongoose';
import { type StoryLikeResult } from 'shared-kit';
import { isDuplicateKey } from '../users';
import { newestPart, pageRange, sortKey } from '../../lib/keys';
import { StoryLike } from './like.model';
import { nobody, peopleOf, refuseIfBlocked } from '../users';
import { bumpStory, bumpUser, clampCount, StoryStats } from './stats.model';
import { liveStoryView, liveStoryViews } from '../stories';
import { notify } from '../notice';

async function likeCount(storyId: string): Promise<number> {
  const stats = await StoryStats.findOne({ story_id: storyId }, { like_count: 1 }).lean<{ like_count?: number }>();
  return clampCount(stats?.like_count);
}

/**
 * Likes or unlikes a story. `like` says which; without it the call toggles. Each counter moves only after its row
 * was really written or removed (the unique index decides between concurrent calls), so counts never double and
 * never drift below zero.
 */
export async function likeStory(uid: string, storyId: string, like: boolean | undefined, now: Date): Promise<StoryLikeResult> {
  const story = await liveStoryView(storyId);
  const want = like ?? !(await StoryLike.exists({ story_id: storyId, uid }));
  if (want) {
    await refuseIfBlocked(uid, story.uid);
    let inserted = false;
    try {
      await StoryLike.create({ story_id: storyId, uid, list_key: sortKey(uid, newestPart(now), storyId), created_at: now });
      inserted = true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    if (inserted) {
      await bumpStory(storyId, { like_count: 1 });
      await bumpUser(story.uid, { likes_received: 1 });
      if (story.uid !== uid) {
        await notify({ uid: story.uid, kind: 'Like', actor_uid: uid, story_id: storyId, story_name: story.story_name });
      }
    }
  } else {
    const removed = await StoryLike.deleteOne({ story_id: storyId, uid });
    if (removed.deletedCount === 1) {
      await bumpStory(storyId, { like_count: -1 });
      await bumpUser(story.uid, { likes_received: -1 });
    }
  }
  return { story_id: storyId, liked: want, like_count: await likeCount(storyId) };
}

/** The viewer's liked stories, newest like first; stories since deleted, taken down or hidden by an operator are left out. */
export async function likedStories(uid: string, cursor: string | undefined, count: number) {
  const rows = await StoryLike.find({ uid, list_key: mongoose.trusted(pageRange(uid, cursor)) }, { story_id: 1, list_key: 1, created_at: 1 })
    .sort({ list_key: 1 })
    .limit(count + 1)
    .lean<Array<{ story_id: string; list_key: string; created_at?: Date }>>();
  const page = rows.slice(0, count);
  const ids = page.map((r) => r.story_id);
  // What the liker may see of each story: its live (reviewed) version, never the creator's working copy.
  const byId = await liveStoryViews(ids, uid);
  const people = await peopleOf([...byId.values()].map((s) => s.uid));
  const list = page.flatMap((r) => {
    const s = byId.get(r.story_id);
    if (!s) return [];
    return [
      {
        story_id: s.story_id,
        story_name: s.story_name,
        introduction: s.introduction,
        logo: s.logo,
        like_count: s.like_count,
        comment_count: s.comment_count,
        creator: people.get(s.uid) ?? nobody(s.uid),
        liked_at: r.created_at?.toISOString() ?? null,
      },
    ];
  });
  const hasMore = rows.length > count;
  return { list, has_more: hasMore, cursor: hasMore ? page[page.length - 1]!.list_key : '' };
}
