import mongoose from 'mongoose';

/** Tracking events from the web clients (spec section 7, "Outgoing events"). Kept 90 days. */
const trackEventSchema = new mongoose.Schema(
  {
    name: { type: String, required: true },
    params: { type: mongoose.Schema.Types.Mixed, default: {} },
    /** The signed-in user, or null for visitors. */
    uid: { type: String, default: null },
    device_platform: { type: String, default: null },
    created_at: { type: Date, required: true },
  },
  { collection: 'events', minimize: false },
);
trackEventSchema.index({ name: 1, created_at: -1 });
trackEventSchema.index({ created_at: 1 }, { expireAfterSeconds: 90 * 86_400 });

export const TrackEvent = mongoose.model('TrackEvent', trackEventSchema);
