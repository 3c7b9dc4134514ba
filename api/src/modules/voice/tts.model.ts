import mongoose from 'mongoose';

/** A synthesized sentence, kept by (engine, voice, text): the same line in the same voice is synthesized once. */
export interface TtsClipFields {
  /** sha256 of engine, voice and text (hex): the clip's id in its URL too. */
  key: string;
  voice: string;
  engine: string;
  mime: string;
  data: Buffer;
  bytes: number;
  created_at: Date;
}

const clipSchema = new mongoose.Schema<TtsClipFields>(
  {
    key: { type: String, required: true, unique: true },
    voice: { type: String, required: true },
    engine: { type: String, required: true },
    mime: { type: String, required: true },
    data: { type: Buffer, required: true },
    bytes: { type: Number, required: true },
    created_at: { type: Date, default: () => new Date() },
  },
  { collection: 'tts_clips', versionKey: false },
);
export const TtsClip = mongoose.model<TtsClipFields>('TtsClip', clipSchema);

/** Sentences spoken for a user on a UTC day; `reached` once a sentence was refused that day. */
export interface TtsQuotaFields {
  uid: string;
  day: string;
  count: number;
  reached: boolean;
}

const quotaSchema = new mongoose.Schema<TtsQuotaFields>(
  {
    uid: { type: String, required: true },
    day: { type: String, required: true },
    count: { type: Number, default: 0 },
    reached: { type: Boolean, default: false },
  },
  { collection: 'tts_quota', versionKey: false },
);
quotaSchema.index({ uid: 1, day: 1 }, { unique: true });
export const TtsQuota = mongoose.model<TtsQuotaFields>('TtsQuota', quotaSchema);
