import mongoose from 'mongoose';
import { AppealStatus } from 'shared-kit';
import { registerStoryEditedHook } from '../stories';

/**
 * A creator's appeal of the story version an operator rejected (spec section 4): one per judged version (the unique
 * index), Pending until an operator approves (the version goes live) or rejects it, Cancelled if the creator edits
 * the story while it waits.
 */
const storyAppealSchema = new mongoose.Schema(
  {
    appeal_id: { type: String, required: true, unique: true },
    story_id: { type: String, required: true },
    version_id: { type: String, required: true },
    uid: { type: String, required: true },
    story_name: { type: String, default: '' },
    text: { type: String, required: true },
    reasons: { type: [String], default: [] },
    status: { type: String, enum: Object.values(AppealStatus), required: true },
    at: { type: Date, required: true },
    decided_at: { type: Date, default: null },
    decided_by: { type: String, default: '' },
    reason: { type: String, default: '' },
  },
  { collection: 'story_appeals', versionKey: false },
);
storyAppealSchema.index({ story_id: 1, version_id: 1 }, { unique: true });
storyAppealSchema.index({ status: 1, at: 1 });
/** The dashboard's appeal queue over the last days. */
storyAppealSchema.index({ at: 1 });
storyAppealSchema.index({ decided_at: 1 });

export const StoryAppealModel = mongoose.model('StoryAppeal', storyAppealSchema);

export interface StoryAppealRecord {
  appeal_id: string;
  story_id: string;
  version_id: string;
  uid: string;
  story_name: string;
  text: string;
  reasons: string[];
  status: AppealStatus;
  at: Date;
  decided_at: Date | null;
  decided_by: string;
  reason: string;
}

/** A save of the story's content cancels its appeal waiting for an operator (the appealed version is gone). */
export async function cancelStoryAppeal(storyId: string, now: number): Promise<void> {
  await StoryAppealModel.updateMany(
    { story_id: storyId, status: AppealStatus.Pending },
    { $set: { status: AppealStatus.Cancelled, decided_at: new Date(now) } },
  );
}

registerStoryEditedHook({ name: 'appeals', run: cancelStoryAppeal });
