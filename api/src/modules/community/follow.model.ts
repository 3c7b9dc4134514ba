import mongoose from 'mongoose';

/** `uid` follows `target_uid`; one row per pair. Both lists are ranges of their own key (keys.ts). */
const followSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    target_uid: { type: String, required: true },
    /** The target's followers, newest first: `<target_uid>|<newest>`. */
    follower_key: { type: String, required: true },
    /** Whom `uid` follows, newest first: `<uid>|<newest>`. */
    following_key: { type: String, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'follows' },
);
followSchema.index({ uid: 1, target_uid: 1 }, { unique: true });
followSchema.index({ target_uid: 1, follower_key: 1 });
followSchema.index({ uid: 1, following_key: 1 });
export const Follow = mongoose.model('Follow', followSchema);

export interface FollowRecord {
  uid: string;
  target_uid: string;
  follower_key: string;
  following_key: string;
  created_at?: Date;
}
