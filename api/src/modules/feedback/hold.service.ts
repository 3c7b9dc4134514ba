import { ErrorCode, type HoldReason } from 'shared-kit';
import { FEEDBACK_LIMITS } from 'shared-kit/areas';
import { AppError } from '../../lib/errors';
import { isDuplicateKey } from '../users';
import { liveStoryView } from '../stories';
import { StoryHold, StorySignals } from './feedback.model';

interface HoldRow {
  story_id: string;
  reason: HoldReason;
}

async function moveSignals(storyId: string, inc: Partial<Record<HoldReason, number>>): Promise<void> {
  if (Object.keys(inc).length === 0) return;
  await StorySignals.updateOne({ story_id: storyId }, { $inc: inc }, { upsert: true });
}

/**
 * `interact/story/feedback`: the player is not interested in a story of the feed (with a hold reason): it leaves
 * their feed and counts toward the story's signals, once per player (a new reason moves the count from the old
 * one). `undo` brings it back. A story others cannot see answers its code (2001, 2003, 1201); one's own 1050003.
 */
export async function holdStory(uid: string, input: { story_id: string; hold_reason: HoldReason; undo: boolean }, now: number) {
  const story = await liveStoryView(input.story_id);
  if (story.uid === uid) throw new AppError(ErrorCode.IllegalOperation, 'Your own story stays in your feed', { data: { reason: 'own_story' } });
  if (input.undo) {
    const removed = await StoryHold.findOneAndDelete({ uid, story_id: input.story_id }).lean<HoldRow>();
    if (removed) await moveSignals(input.story_id, { [removed.reason]: -1 });
    return { story_id: input.story_id, hold_reason: input.hold_reason, held: false };
  }
  let before: HoldRow | null = null;
  try {
    before = await StoryHold.findOneAndUpdate(
      { uid, story_id: input.story_id },
      { $set: { reason: input.hold_reason, created_at: new Date(now) } },
      { upsert: true, new: false },
    ).lean<HoldRow>();
  } catch (err) {
    // Two holds of the same story at once: the other one inserted the row; this one changes its reason.
    if (!isDuplicateKey(err)) throw err;
    before = await StoryHold.findOneAndUpdate({ uid, story_id: input.story_id }, { $set: { reason: input.hold_reason } }, { new: false }).lean<HoldRow>();
  }
  if (!before) await moveSignals(input.story_id, { [input.hold_reason]: 1 });
  else if (before.reason !== input.hold_reason) await moveSignals(input.story_id, { [before.reason]: -1, [input.hold_reason]: 1 });
  return { story_id: input.story_id, hold_reason: input.hold_reason, held: true };
}

/** The stories the player put out of their feed, newest first (at most FEEDBACK_LIMITS.holdsInFeed). */
export async function heldStoryIds(uid: string | undefined): Promise<string[]> {
  if (!uid) return [];
  const rows = await StoryHold.find({ uid }, { story_id: 1, _id: 0 })
    .sort({ created_at: -1 })
    .limit(FEEDBACK_LIMITS.holdsInFeed)
    .lean<{ story_id: string }[]>();
  return rows.map((r) => r.story_id);
}

/** A story's signals from the feed, by hold reason (zeros when none). */
export async function storySignals(storyId: string): Promise<Record<HoldReason, number>> {
  const row = await StorySignals.findOne({ story_id: storyId }).lean<Record<HoldReason, number>>();
  return { NotInterested: Math.max(0, row?.NotInterested ?? 0), PoorContentQuality: Math.max(0, row?.PoorContentQuality ?? 0), Clickbait: Math.max(0, row?.Clickbait ?? 0) };
}

