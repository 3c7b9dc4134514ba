import mongoose from 'mongoose';
import type { UgcVoiceTag } from 'shared-kit';

/** A custom voice (spec section 3 "Voice"): made from a recording, or mixed from other voices. */
export interface UgcVoiceFields {
  voice_id: string;
  uid: string;
  name: string;
  name_status: 'Normal' | 'Reviewing' | 'Reject';
  /** When the name was last changed after creation (one change a UTC day). */
  renamed_at: Date | null;
  tags: UgcVoiceTag[];
  language: string;
  /** The user's offsets in percent, round(100 * factor - 100). */
  pitch: number;
  speed: number;
  privacy: 'Privacy' | 'Public';
  status: 'Normal' | 'Deleted' | 'Reject' | 'Reviewing' | 'NoRecommend' | 'OfficialVoiceOnlineing';
  mix_type: 'NotMix' | 'Mix' | 'MixClone' | 'MixSubClone';
  mix_speakers: Array<{ voice_id: string; factor: number }>;
  /** The offline engine's voice before the user's offsets: an eSpeak NG voice, its pitch (0-99) and words a minute. */
  base: { voice: string; pitch: number; speed: number; gender: 'male' | 'female' };
  /** What the checks measured of the recording (none for a mix). */
  measures: Record<string, number> | null;
  /** The recording as a 16 kHz mono WAV (none for a mix), and what a recogniser heard in it. */
  recording: Buffer | null;
  transcript: string;
  preview_key: string;
  /** The shown text the recording reads (its id), for the recogniser's check in the review job. */
  text_id: string;
  /** The review job: how far it got, the processes that ran it, and why it refused the voice (shown to the owner). */
  review_percent: number;
  runs: string[];
  reject_reason: string;
  reject_code: string;
  created_at: Date;
  updated_at: Date;
}

const schema = new mongoose.Schema<UgcVoiceFields>(
  {
    voice_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true, index: true },
    name: { type: String, required: true },
    name_status: { type: String, default: 'Normal' },
    renamed_at: { type: Date, default: null },
    tags: { type: [{ _id: false, category: String, value: String }], default: [] },
    language: { type: String, required: true },
    pitch: { type: Number, default: 0 },
    speed: { type: Number, default: 0 },
    privacy: { type: String, default: 'Privacy' },
    status: { type: String, default: 'Normal' },
    mix_type: { type: String, default: 'NotMix' },
    mix_speakers: { type: [{ _id: false, voice_id: String, factor: Number }], default: [] },
    base: { type: new mongoose.Schema({ voice: String, pitch: Number, speed: Number, gender: String }, { _id: false }), required: true },
    measures: { type: mongoose.Schema.Types.Mixed, default: null },
    recording: { type: Buffer, default: null },
    transcript: { type: String, default: '' },
    preview_key: { type: String, default: '' },
    text_id: { type: String, default: '' },
    review_percent: { type: Number, default: 0 },
    runs: { type: [String], default: [] },
    reject_reason: { type: String, default: '' },
    reject_code: { type: String, default: '' },
    created_at: { type: Date, default: () => new Date() },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'ugc_voices', versionKey: false },
);
schema.index({ privacy: 1, status: 1, created_at: -1 });
export const UgcVoice = mongoose.model<UgcVoiceFields>('UgcVoice', schema);
