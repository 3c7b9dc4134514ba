import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';

/** One row per (blocker, blocked): a collection rather than an array on the user, so long lists stay cheap. */
const blockSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    blocked_uid: { type: String, required: true, index: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'user_blocks' },
);
blockSchema.index({ uid: 1, blocked_uid: 1 }, { unique: true });
blockSchema.index({ uid: 1, created_at: -1 });

export const Block = mongoose.model('Block', blockSchema);
export type BlockDoc = HydratedDocument<InferSchemaType<typeof blockSchema>>;
