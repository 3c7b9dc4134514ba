import mongoose from 'mongoose';

/**
 * The embedded default's text messages (development and test only), in the database so that every api process
 * lists what any of them sent. Removed a day after sending.
 */
const smsOutboxSchema = new mongoose.Schema(
  {
    to: { type: String, required: true },
    text: { type: String, required: true },
    sent_at: { type: Date, required: true },
    purge_at: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { collection: 'sms_outbox' },
);
smsOutboxSchema.index({ to: 1, sent_at: -1 });

export const SmsOutbox = mongoose.model('SmsOutbox', smsOutboxSchema);
