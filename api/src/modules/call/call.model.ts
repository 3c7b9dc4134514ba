import mongoose from 'mongoose';
import type { AudioCallStatus, DialogueType } from 'shared-kit';

/** A call's life: Active while it runs (or waits for its socket to come back), then one of the ends. */
export type CallState = 'Active' | 'Ended' | 'Rejected' | 'Ignored';

/** What happened in a call, in order: the spec's dialogue types for audio events. */
export interface CallEvent {
  type: typeof DialogueType.AudioStart | typeof DialogueType.AudioEnd | typeof DialogueType.AudioReject | typeof DialogueType.AudioIgnore | typeof DialogueType.AudioReconnection;
  at: Date;
}

/** One utterance that became the player's line: the play's Input row and the reply rows it got. */
export interface SpokenLine {
  input_dialogue_id: string;
  reply_dialogue_ids: string[];
  text: string;
  at: Date;
}

export interface CallFields {
  call_id: string;
  uid: string;
  play_id: string;
  story_id: string;
  state: CallState;
  /** Why it ended (the spec's audio call status); Normal while it runs and when the player ended it. */
  status: AudioCallStatus;
  started_at: Date;
  ended_at: Date | null;
  /** Seconds of the call counted so far (against CALL_MAX_SECONDS and the day's CALL_DAILY_SECONDS). */
  seconds: number;
  /** When its socket went away; the call ends 30 s later unless a socket joins it again. */
  dropped_at: Date | null;
  /** How many times a socket joined it (the first join connects it; later ones are reconnections). */
  joins: number;
  events: CallEvent[];
  lines: SpokenLine[];
}

const callSchema = new mongoose.Schema<CallFields>(
  {
    call_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    play_id: { type: String, required: true },
    story_id: { type: String, required: true },
    state: { type: String, required: true },
    status: { type: String, required: true },
    started_at: { type: Date, required: true },
    ended_at: { type: Date, default: null },
    seconds: { type: Number, default: 0 },
    dropped_at: { type: Date, default: null },
    joins: { type: Number, default: 0 },
    events: { type: [{ _id: false, type: { type: String }, at: Date }], default: [] },
    lines: { type: [{ _id: false, input_dialogue_id: String, reply_dialogue_ids: [String], text: String, at: Date }], default: [] },
  },
  { collection: 'calls', versionKey: false },
);
callSchema.index({ uid: 1, state: 1 });
callSchema.index({ play_id: 1, started_at: -1 });
export const Call = mongoose.model<CallFields>('Call', callSchema);

/** A user's use of calls in one UTC day, counted by every api process with conditional increments. */
export interface CallUsageFields {
  uid: string;
  day: string;
  /** Seconds of calls. */
  seconds: number;
  /** Seconds of speech recognised. */
  asr_seconds: number;
  calls: number;
  /** The day's "reached" push for recognition was sent. */
  asr_reached: boolean;
}

const usageSchema = new mongoose.Schema<CallUsageFields>(
  {
    uid: { type: String, required: true },
    day: { type: String, required: true },
    seconds: { type: Number, default: 0 },
    asr_seconds: { type: Number, default: 0 },
    calls: { type: Number, default: 0 },
    asr_reached: { type: Boolean, default: false },
  },
  { collection: 'call_usage', versionKey: false },
);
usageSchema.index({ uid: 1, day: 1 }, { unique: true });
export const CallUsage = mongoose.model<CallUsageFields>('CallUsage', usageSchema);
