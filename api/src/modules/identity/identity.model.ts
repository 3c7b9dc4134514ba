import mongoose, { type InferSchemaType } from 'mongoose';
import { IdentityCertification } from 'shared-kit';

// The identity module's collections. The identity number itself is never stored: only a keyed hash (HMAC) that
// finds the same number on another account.

const identitySchema = new mongoose.Schema(
  {
    /** The account's uid. */
    _id: { type: String, required: true },
    certification: { type: String, enum: Object.values(IdentityCertification), default: IdentityCertification.NotCertified },
    /** HMAC-SHA256 of region and number under the configured key; unique across accounts. */
    number_hmac: { type: String },
    name_masked: { type: String, default: '' },
    region: { type: String },
    certified_at: { type: Date, default: null },
    /** The parental passcode, as scrypt(salt, code). */
    passcode_hash: { type: String, default: null },
    passcode_salt: { type: String, default: null },
    /** Regional notices already shown to this account. */
    notices_seen: { type: [String], default: [] },
  },
  { collection: 'identity_records', versionKey: false },
);
identitySchema.index({ number_hmac: 1 }, { unique: true, partialFilterExpression: { number_hmac: { $type: 'string' } } });
export const IdentityRecord = mongoose.model('IdentityRecord', identitySchema);
export type IdentityRecordFields = InferSchemaType<typeof identitySchema>;

/** Verification and passcode attempts per account and UTC day: `_id` is `<kind>:<uid>:<yyyy-mm-dd>`. */
const attemptSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    uid: { type: String, required: true },
    kind: { type: String, enum: ['certify', 'passcode'], required: true },
    day: { type: String, required: true },
    count: { type: Number, default: 0 },
    expires_at: { type: Date, required: true },
  },
  { collection: 'identity_attempts', versionKey: false },
);
attemptSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
export const IdentityAttempt = mongoose.model('IdentityAttempt', attemptSchema);

/** Play time per account and local day of its region: `_id` is `<uid>:<yyyy-mm-dd>`. */
const onlineSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    uid: { type: String, required: true },
    day: { type: String, required: true },
    ms: { type: Number, default: 0 },
    last_tick_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'online_days', versionKey: false },
);
onlineSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
export const OnlineDay = mongoose.model('OnlineDay', onlineSchema);
