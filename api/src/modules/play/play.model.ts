import mongoose, { type HydratedDocument } from 'mongoose';
import { DialogueType, PlayStatus } from 'shared-kit';

const endingSchema = new mongoose.Schema(
  {
    type: { type: String, enum: [DialogueType.HappyEnding, DialogueType.BadEnding], required: true },
    content: { type: String, default: '' },
    reason: { type: String, default: '' },
    at: { type: Date, required: true },
    /** Graph plays: the Success or Fail node reached. */
    node_id: { type: String, default: undefined },
  },
  { _id: false },
);

/** A memory the player pinned (memory/pins.ts): a line of the play, or a note. Kept on the play, read with it. */
const pinSchema = new mongoose.Schema(
  {
    pin_id: { type: String, required: true },
    kind: { type: String, enum: ['line', 'note'], required: true },
    dialogue_id: { type: String, default: '' },
    seq: { type: Number, default: 0 },
    speaker: { type: String, default: '' },
    content: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const playSchema = new mongoose.Schema(
  {
    play_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    story_id: { type: String, required: true },
    /** The published version played, or the draft's version id for an owner's test play. */
    version_id: { type: String, required: true },
    is_draft: { type: Boolean, default: false },
    /** The draft's content at start, so edits in the editor do not change a play under way. */
    draft_snapshot: { type: mongoose.Schema.Types.Mixed, default: null },
    node_id: { type: String, required: true },
    chapter_index: { type: Number, required: true, default: 0 },
    status: { type: String, enum: Object.values(PlayStatus), required: true, default: PlayStatus.Start },
    /** The running summary of turns folded out of the prompt, and the last sequence number it covers. */
    summary: { type: String, default: '' },
    summary_upto_seq: { type: Number, default: 0 },
    /** Sequence numbers handed out so far; the next dialogue gets `next_seq + 1` (allocated with $inc). */
    next_seq: { type: Number, default: 0 },
    turns: { type: Number, default: 0 },
    turns_in_chapter: { type: Number, default: 0 },
    /** The sequence number of the current chapter's ChapterTarget: its turns are the ones after it. */
    chapter_start_seq: { type: Number, default: 0 },
    /** The turn whose reply is being written, or null: one reply at a time per play. */
    pending_group_id: { type: String, default: null },
    /**
     * The revision of the play's rows: the write that ends every hold of the play (a turn's release, a backtrack's,
     * a stopped process's reply reaped) adds one, so a copy of the rows kept in a process knows when it is stale.
     */
    history_rev: { type: Number, default: 0 },
    /** Which opening the play began with: 0 the opening line, n the speaker's n-th other opening line. */
    greeting: { type: Number, default: 0 },
    ending: { type: endingSchema, default: null },
    /** The player's pinned memories, oldest first (at most MEMORY_PIN_MAX); a rewind past a pinned line drops it. */
    pins: { type: [pinSchema], default: undefined },
    /** Hidden from the player's history (`del_played_story`); the play stays for its dialogues. */
    hidden: { type: Boolean, default: false },
    /** Graph plays only (absent on a line of chapters): the variables' values, and 'choice' while a choice is on offer. */
    vars: { type: mongoose.Schema.Types.Mixed, default: undefined },
    awaiting: { type: String, default: undefined },
    /** Graph plays: the ending nodes this play reached and was rewound away from (they stay found). */
    endings_found: { type: [String], default: undefined },
    last_played_at: { type: Date, required: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'plays' },
);

// A player's history and their latest play of a story.
playSchema.index({ uid: 1, last_played_at: -1 });
playSchema.index({ uid: 1, story_id: 1, last_played_at: -1 });
// A story's plays active since a time (the creator's weekly report).
playSchema.index({ story_id: 1, last_played_at: -1 });

export interface PinFields {
  pin_id: string;
  kind: 'line' | 'note';
  dialogue_id: string;
  seq: number;
  speaker: string;
  content: string;
  at: Date;
}

/** A play as stored (and as read with `.lean()`). */
export interface PlayFields {
  play_id: string;
  uid: string;
  story_id: string;
  version_id: string;
  is_draft: boolean;
  draft_snapshot: unknown;
  node_id: string;
  chapter_index: number;
  status: PlayStatus;
  summary: string;
  summary_upto_seq: number;
  next_seq: number;
  turns: number;
  turns_in_chapter: number;
  chapter_start_seq: number;
  pending_group_id: string | null;
  /** Absent on plays stored before revisions were kept (read as 0). */
  history_rev?: number;
  /** Absent on plays stored before openings could be chosen (read as 0). */
  greeting?: number;
  ending: { type: 'HappyEnding' | 'BadEnding'; content: string; reason: string; at: Date; node_id?: string } | null;
  /** Graph plays only. */
  vars?: Record<string, string | number | boolean>;
  awaiting?: 'choice' | null;
  /** Graph plays: ending nodes reached, then rewound away from; absent until one is. */
  endings_found?: string[];
  /** Absent until the player pins something. */
  pins?: PinFields[];
  hidden: boolean;
  last_played_at: Date;
  created_at: Date;
  updated_at: Date;
}
export const Play = mongoose.model('Play', playSchema);
export type PlayDoc = HydratedDocument<PlayFields>;
