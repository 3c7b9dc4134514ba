import mongoose from 'mongoose';
import { BadReason } from 'shared-kit';

/** A like of one reply in the player's own play, with an optional remark. */
const dialogueLikeSchema = new mongoose.Schema(
  {
    dialogue_id: { type: String, required: true },
    uid: { type: String, required: true },
    liked: { type: Boolean, default: true },
    remark: { type: String, default: '' },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'dialogue_likes' },
);
dialogueLikeSchema.index({ dialogue_id: 1, uid: 1 }, { unique: true });
dialogueLikeSchema.index({ uid: 1 });
export const DialogueLike = mongoose.model('DialogueLike', dialogueLikeSchema);

/** The player's verdict on one reply: attitude (spec section 3) and, when not satisfied, the reasons. */
const dialogueFeedbackSchema = new mongoose.Schema(
  {
    dialogue_id: { type: String, required: true },
    uid: { type: String, required: true },
    story_id: { type: String, default: '' },
    attitude: { type: Number, required: true },
    bad_reasons: { type: [{ type: String, enum: Object.values(BadReason) }], default: [] },
    content: { type: String, default: '' },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'dialogue_feedback' },
);
dialogueFeedbackSchema.index({ dialogue_id: 1, uid: 1 }, { unique: true });
dialogueFeedbackSchema.index({ uid: 1 });
export const DialogueFeedback = mongoose.model('DialogueFeedback', dialogueFeedbackSchema);
