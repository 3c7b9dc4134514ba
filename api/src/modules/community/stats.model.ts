import mongoose from 'mongoose';
import { StoryCommentStatus } from 'shared-kit';
import type { EventBus } from '../../realtime/events';

/**
 * The social counters of a story, one document per story, kept apart from the editor's story so that a like never
 * touches the creator's working copy. Counters move with `$inc` only after the row they count was written (or
 * removed), so concurrent likes never count twice; a read never shows below zero.
 */
const storyStatsSchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true, unique: true },
    like_count: { type: Number, default: 0 },
    /** Comments everyone can see (AllVisible roots and replies). */
    comment_count: { type: Number, default: 0 },
    comment_status: { type: String, enum: Object.values(StoryCommentStatus), default: StoryCommentStatus.Open },
    pinned_comment_id: { type: String, default: '' },
  },
  { collection: 'story_stats', minimize: false },
);
export const StoryStats = mongoose.model('StoryStats', storyStatsSchema);

export interface StoryStatsRecord {
  story_id: string;
  like_count: number;
  comment_count: number;
  comment_status: StoryCommentStatus;
  pinned_comment_id: string;
}

/** Followers, following and likes received of a person. */
const userStatsSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true, unique: true },
    follower_count: { type: Number, default: 0 },
    following_count: { type: Number, default: 0 },
    likes_received: { type: Number, default: 0 },
  },
  { collection: 'user_stats', minimize: false },
);
export const UserStats = mongoose.model('UserStats', userStatsSchema);

export function clampCount(n: number | undefined | null): number {
  return Math.max(0, Math.trunc(n ?? 0));
}

let bus: EventBus | null = null;

/** The bus a story's new counts are announced on (the realtime module pushes them to everyone on its page). */
export function useStatsBus(events: EventBus): void {
  bus = events;
}

/**
 * Moves a story's counters and announces the counts after the move; `comment_id` names a comment that just became
 * visible, so pages showing the story can fetch it.
 */
export async function bumpStory(
  storyId: string,
  inc: Partial<Record<'like_count' | 'comment_count', number>>,
  cause: { comment_id?: string } = {},
): Promise<void> {
  const after = await StoryStats.findOneAndUpdate({ story_id: storyId }, { $inc: inc }, { upsert: true, new: true }).lean<StoryStatsRecord>();
  bus?.emit('story.stats_changed', {
    story_id: storyId,
    like_count: clampCount(after?.like_count),
    comment_count: clampCount(after?.comment_count),
    comment_id: cause.comment_id ?? '',
  });
}

export async function bumpUser(uid: string, inc: Partial<Record<'follower_count' | 'following_count' | 'likes_received', number>>): Promise<void> {
  await UserStats.updateOne({ uid }, { $inc: inc }, { upsert: true });
}

/** Counters of each story (zeros for a story nobody touched yet). */
export async function storyStatsOf(storyIds: string[]): Promise<Map<string, StoryStatsRecord>> {
  const unique = [...new Set(storyIds)];
  const rows =
    unique.length === 0 ? [] : await StoryStats.find({ story_id: mongoose.trusted({ $in: unique }) }).lean<StoryStatsRecord[]>();
  const map = new Map(rows.map((r) => [r.story_id, r]));
  return new Map(
    unique.map((id) => {
      const r = map.get(id);
      return [
        id,
        {
          story_id: id,
          like_count: clampCount(r?.like_count),
          comment_count: clampCount(r?.comment_count),
          comment_status: r?.comment_status ?? StoryCommentStatus.Open,
          pinned_comment_id: r?.pinned_comment_id ?? '',
        },
      ];
    }),
  );
}
