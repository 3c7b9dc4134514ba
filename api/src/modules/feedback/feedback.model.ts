import mongoose from 'mongoose';
import { HoldReason } from 'shared-kit';
import { FeedbackStatus } from 'shared-kit/areas';

/** A person's feedback to the team (settings' feedback page) and the team's answers. */
const feedbackSchema = new mongoose.Schema(
  {
    feedback_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    text: { type: String, required: true },
    /** A picture the sender uploaded (use `screenshot`), or ''. */
    screenshot_id: { type: String, default: '' },
    app_version: { type: String, default: '' },
    device: { type: String, default: '' },
    status: { type: String, enum: Object.values(FeedbackStatus), default: FeedbackStatus.Open },
    answers: {
      type: [{ _id: false, text: { type: String, required: true }, operator_uid: { type: String, required: true }, created_at: { type: Date, required: true } }],
      default: [],
    },
    closed_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
  },
  { collection: 'feedback', minimize: false },
);
// The sender's history, newest first; the console's queue by status, oldest first.
feedbackSchema.index({ uid: 1, created_at: -1 });
feedbackSchema.index({ status: 1, created_at: 1 });
export const Feedback = mongoose.model('Feedback', feedbackSchema);

export interface FeedbackRecord {
  feedback_id: string;
  uid: string;
  text: string;
  screenshot_id: string;
  app_version: string;
  device: string;
  status: FeedbackStatus;
  answers: { text: string; operator_uid: string; created_at: Date }[];
  closed_at: Date | null;
  created_at: Date;
}

/** A player's "not interested" on a story of the feed: one row per (player, story), the newest reason kept. */
const storyHoldSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    story_id: { type: String, required: true },
    reason: { type: String, enum: Object.values(HoldReason), required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'story_holds' },
);
storyHoldSchema.index({ uid: 1, story_id: 1 }, { unique: true });
// The feed reads a player's newest holds.
storyHoldSchema.index({ uid: 1, created_at: -1 });
export const StoryHold = mongoose.model('StoryHold', storyHoldSchema);

/** A story's signals from the feed: how many players hold it, by reason (moved only after the hold row changed). */
const storySignalsSchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true, unique: true },
    NotInterested: { type: Number, default: 0 },
    PoorContentQuality: { type: Number, default: 0 },
    Clickbait: { type: Number, default: 0 },
  },
  { collection: 'story_signals', minimize: false },
);
export const StorySignals = mongoose.model('StorySignals', storySignalsSchema);
