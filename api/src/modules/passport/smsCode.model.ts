import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';

const smsCodeSchema = new mongoose.Schema(
  {
    phone: { type: String, required: true, index: true },
    /** HMAC of phone and code under a key derived from SESSION_SECRET; the code itself is never stored. */
    code_hash: { type: String, required: true },
    expires_at: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
    used: { type: Boolean, default: false },
    sent_at: { type: Date, required: true },
    /** Kept past expiry so "code expired" can be told from "code not sent"; removed a day after sending. */
    purge_at: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { collection: 'sms_codes' },
);

export type SmsCodeDoc = HydratedDocument<InferSchemaType<typeof smsCodeSchema>>;
export const SmsCode = mongoose.model('SmsCode', smsCodeSchema);

const phoneFailureSchema = new mongoose.Schema(
  {
    phone: { type: String, required: true },
    /** Start of the hour window this counter covers. */
    window_start: { type: Date, required: true },
    count: { type: Number, default: 0 },
    purge_at: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { collection: 'sms_phone_failures' },
);
phoneFailureSchema.index({ phone: 1, window_start: 1 }, { unique: true });

export const PhoneFailure = mongoose.model('PhoneFailure', phoneFailureSchema);

/**
 * When `phone` may be sent its next code. Taken by one conditional upsert, so two api processes asked at the same
 * moment send one code, not two.
 */
const sendSlotSchema = new mongoose.Schema(
  {
    phone: { type: String, required: true, unique: true },
    next_at: { type: Date, required: true },
    purge_at: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { collection: 'sms_send_slots' },
);

export const SendSlot = mongoose.model('SendSlot', sendSlotSchema);
