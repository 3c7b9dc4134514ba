import mongoose from 'mongoose';

/** Views of a story's page, one counter per story and UTC day (a bounded number of documents, however many views). */
const storyViewDaySchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true },
    /** `YYYY-MM-DD`, UTC. */
    day: { type: String, required: true },
    /** The story's creator: the weekly report reads a creator's days. */
    uid: { type: String, required: true },
    count: { type: Number, default: 0 },
  },
  { collection: 'story_view_days' },
);
storyViewDaySchema.index({ story_id: 1, day: 1 }, { unique: true });
storyViewDaySchema.index({ uid: 1, day: 1 });
export const StoryViewDay = mongoose.model('StoryViewDay', storyViewDaySchema);

/**
 * Counts a view of a story's page by someone other than its creator: one `$inc` on the story's counter of the day
 * (UTC). The weekly report sums a creator's days.
 */
export async function recordStoryView(storyId: string, creatorUid: string, viewerUid: string | undefined, now: number): Promise<void> {
  if (viewerUid && viewerUid === creatorUid) return;
  const day = new Date(now).toISOString().slice(0, 10);
  await StoryViewDay.updateOne({ story_id: storyId, day }, { $inc: { count: 1 }, $setOnInsert: { uid: creatorUid } }, { upsert: true });
}
