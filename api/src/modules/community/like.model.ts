import mongoose from 'mongoose';

/** One row per (story, user): the unique index is what makes a like count once however often it is sent. */
const storyLikeSchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true },
    uid: { type: String, required: true },
    /** The viewer's "liked" tab, newest first (see keys.ts). */
    list_key: { type: String, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'story_likes' },
);
storyLikeSchema.index({ story_id: 1, uid: 1 }, { unique: true });
storyLikeSchema.index({ uid: 1, list_key: 1 });
export const StoryLike = mongoose.model('StoryLike', storyLikeSchema);
