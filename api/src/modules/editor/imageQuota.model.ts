import mongoose from 'mongoose';

/**
 * Pictures generated per user per UTC day (IMAGE_DAILY_QUOTA). One small document per user and day; a picture is
 * counted before it is drawn and given back when drawing fails, so two requests at once cannot both take the last
 * one.
 */
const imageQuotaSchema = new mongoose.Schema(
  {
    uid: { type: String, required: true },
    /** `YYYY-MM-DD`, UTC. */
    day: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'image_quotas' },
);
imageQuotaSchema.index({ uid: 1, day: 1 }, { unique: true });

export const ImageQuota = mongoose.model('ImageQuota', imageQuotaSchema);
