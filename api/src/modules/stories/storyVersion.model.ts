import mongoose from 'mongoose';
import type { StoryContent, StoryReviewResult } from 'shared-kit';
import { contentSchema } from './story.model';

/**
 * One published version of a story. Its content never changes after it is written; the review fills in its
 * outcome once (only while it is still ToVerify), so a version's record is written twice at most.
 */
const storyVersionSchema = new mongoose.Schema(
  {
    version_id: { type: String, required: true, unique: true },
    story_id: { type: String, required: true, index: true },
    uid: { type: String, required: true, index: true },
    content: { type: contentSchema, required: true },
    status: { type: Number, required: true },
    review_result: { type: mongoose.Schema.Types.Mixed, default: null },
    /** What fired, for operators: listed words or moderation categories per item. Never shown to players. */
    review_notes: { type: [String], default: [] },
    reviewed_at: { type: Date, default: null },
    /** When an operator decided on it (the console's dashboard). */
    decided_at: { type: Date, default: null },
    /**
     * When it left the review queue: passed by the automated review, decided by an operator, or replaced by a later
     * save of its story. Null while it may still wait for a person (ops/stats.service.ts).
     */
    queue_left_at: { type: Date, default: null },
  },
  {
    timestamps: { createdAt: 'created_at', updatedAt: false },
    collection: 'story_versions',
    minimize: false,
  },
);

storyVersionSchema.index({ queue_left_at: 1 });
storyVersionSchema.index({ created_at: 1 });

export const StoryVersion = mongoose.model('StoryVersion', storyVersionSchema);

export interface StoryVersionRecord {
  version_id: string;
  story_id: string;
  uid: string;
  content: StoryContent;
  status: number;
  review_result: StoryReviewResult | null;
  review_notes: string[];
  reviewed_at: Date | null;
  created_at: Date;
}
