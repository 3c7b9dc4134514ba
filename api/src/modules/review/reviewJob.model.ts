import mongoose from 'mongoose';

export const REVIEW_JOB_STATES = ['queued', 'running', 'done', 'cancelled'] as const;
export type ReviewJobState = (typeof REVIEW_JOB_STATES)[number];

/**
 * The durable review queue: one job per published version. A job survives a restart in the database; a job left
 * `running` by a process that died is taken again once its lock expires.
 */
const reviewJobSchema = new mongoose.Schema(
  {
    version_id: { type: String, required: true, unique: true },
    /** What is reviewed: a story's version, or another subject's revision (review.subjects.ts). */
    kind: { type: String, default: 'story' },
    story_id: { type: String, required: true, index: true },
    uid: { type: String, required: true },
    state: { type: String, enum: REVIEW_JOB_STATES, required: true, default: 'queued' },
    attempts: { type: Number, default: 0 },
    run_after: { type: Date, required: true },
    locked_until: { type: Date, default: null },
    last_error: { type: String, default: null },
    finished_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'review_jobs' },
);
reviewJobSchema.index({ state: 1, run_after: 1 });

export const ReviewJob = mongoose.model('ReviewJob', reviewJobSchema);

export interface ReviewJobRecord {
  version_id: string;
  kind?: string;
  story_id: string;
  uid: string;
  state: ReviewJobState;
  attempts: number;
  run_after: Date;
  locked_until: Date | null;
  last_error: string | null;
}
