import mongoose from 'mongoose';
import { CommentStatus } from 'shared-kit';

/**
 * A comment on a story (`root_id` '') or a reply under one (`root_id` the root's id; replies are one level deep
 * whatever they answer, `parent_id` and `reply_to_uid` say which). The list keys (lib/keys.ts) are set only
 * while the comment is AllVisible, so the lists' ranges never see SelfVisible or Offline rows.
 */
const commentSchema = new mongoose.Schema(
  {
    comment_id: { type: String, required: true, unique: true },
    story_id: { type: String, required: true },
    uid: { type: String, required: true },
    text: { type: String, required: true },
    root_id: { type: String, default: '' },
    parent_id: { type: String, default: '' },
    reply_to_uid: { type: String, default: '' },
    status: { type: String, enum: Object.values(CommentStatus), required: true },
    /** The review's finding when the text failed it (kept for operators; never shown to others). */
    review_hit: { type: String, default: '' },
    like_count: { type: Number, default: 0 },
    /** Replies everyone can see, on a root. */
    reply_count: { type: Number, default: 0 },
    /** Roots, newest first: `<story_id>|<newest>|<comment_id>`. */
    newest_key: { type: String },
    /** Roots, most liked first: `<story_id>|<most likes>|<newest>|<comment_id>`. */
    top_key: { type: String },
    /** Replies, oldest first: `<root_id>|<oldest>|<comment_id>`. */
    thread_key: { type: String },
    deleted_by: { type: String, default: '' },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'comments' },
);
// Each list is one run of a compound index: the owner fixed, its key bounded by the cursor, walked in order and cut at
// the page size (on MongoDB and on the embedded database alike).
commentSchema.index({ story_id: 1, newest_key: 1 });
commentSchema.index({ story_id: 1, top_key: 1 });
commentSchema.index({ root_id: 1, thread_key: 1 });
/** One's own comments (the held-back ones are read by it). */
commentSchema.index({ uid: 1 });
export const Comment = mongoose.model('Comment', commentSchema);

export interface CommentRecord {
  comment_id: string;
  story_id: string;
  uid: string;
  text: string;
  root_id: string;
  parent_id: string;
  reply_to_uid: string;
  status: CommentStatus;
  like_count: number;
  reply_count: number;
  newest_key?: string;
  top_key?: string;
  thread_key?: string;
  created_at?: Date;
}

/** One row per (comment, user). */
const commentLikeSchema = new mongoose.Schema(
  {
    comment_id: { type: String, required: true },
    uid: { type: String, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'comment_likes' },
);
commentLikeSchema.index({ comment_id: 1, uid: 1 }, { unique: true });
commentLikeSchema.index({ uid: 1 });
export const CommentLike = mongoose.model('CommentLike', commentLikeSchema);
