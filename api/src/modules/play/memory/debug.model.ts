import mongoose from 'mongoose';

/**
 * The creator's debug record of one reply of a test play of a draft (`start_play_draft`): the prompt's parts and
 * their tokens, the director's verdict, the model and the time to its first token. Written only for draft plays,
 * once per reply; kept a week.
 */
const playDebugSchema = new mongoose.Schema(
  {
    play_id: { type: String, required: true },
    dialogue_id: { type: String, required: true },
    seq: { type: Number, required: true },
    parts: {
      system: Number,
      story: Number,
      summary: Number,
      pins: Number,
      lorebook: Number,
      recent_lines: Number,
      total: Number,
    },
    recent_line_count: { type: Number, default: 0 },
    lorebook_entries: { type: [String], default: [] },
    verdict: { type: new mongoose.Schema({ met: Boolean, failed: Boolean, reason: String }, { _id: false }), default: null },
    model: { type: String, default: '' },
    ttft_ms: { type: Number, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'play_debug' },
);
playDebugSchema.index({ play_id: 1, seq: -1 });
playDebugSchema.index({ at: 1 }, { expireAfterSeconds: 7 * 86_400 });

export interface PlayDebugFields {
  play_id: string;
  dialogue_id: string;
  seq: number;
  parts: { system: number; story: number; summary: number; pins: number; lorebook: number; recent_lines: number; total: number };
  recent_line_count: number;
  lorebook_entries: string[];
  verdict: { met: boolean; failed: boolean; reason: string } | null;
  model: string;
  ttft_ms: number | null;
  at: Date;
}

export const PlayDebug = mongoose.model('PlayDebug', playDebugSchema);
