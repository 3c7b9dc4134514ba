import mongoose, { type HydratedDocument } from 'mongoose';
import { DialogueStatus, DialogueType, Emotion } from 'shared-kit';
import type { GraphState } from './graph/model';

export const DIALOGUE_ROLES = ['player', 'npc', 'narrator', 'system'] as const;
export type DialogueRole = (typeof DIALOGUE_ROLES)[number];

const dialogueSchema = new mongoose.Schema(
  {
    dialogue_id: { type: String, required: true, unique: true },
    play_id: { type: String, required: true },
    /** Position in the play, from 1, increasing; a number is never given to another row (a backtrack or a send that
     *  did not go through leaves a gap). */
    seq: { type: Number, required: true },
    type: { type: String, enum: Object.values(DialogueType), required: true },
    status: { type: String, enum: Object.values(DialogueStatus), required: true, default: DialogueStatus.Normal },
    role: { type: String, enum: DIALOGUE_ROLES, required: true },
    character_id: { type: String, default: '' },
    emotion: { type: String, enum: Object.values(Emotion), default: Emotion.Neutral },
    content: { type: String, default: '' },
    /** One player turn: the Input and everything answering it share a group. */
    group_id: { type: String, required: true },
    node_id: { type: String, default: '' },
    /** False while the reply is being written; content grows until then. */
    done: { type: Boolean, default: true },
    /** For status Fail or SecurityFail: the spec's code and why. */
    error_code: { type: Number, default: 0 },
    error_reason: { type: String, default: '' },
    /** A Summary dialogue: the last sequence number it covers. */
    covers_upto_seq: { type: Number, default: 0 },
    /** A regenerated reply: every finished text it had, oldest first, never removed; absent until the first
     *  regeneration. `content` (and `emotion`) always hold `alternatives[shown]` once the reply is finished. */
    alternatives: {
      type: [{ _id: false, content: { type: String, default: '' }, emotion: { type: String, enum: Object.values(Emotion), default: Emotion.Neutral }, created_at: Date }],
      default: undefined,
    },
    shown: { type: Number, default: undefined },
    /** The player asked to stop the reply being written (seen by the process writing it; see turn/stop.ts). */
    stop_requested: { type: Boolean, default: undefined },
    /** Graph plays (graph/walk.ts): the option an Option row offers or an Input chose, a fixed choice's options, and
     *  the play's graph state after the row (node, variables, awaiting a choice, nodes passed), which a rewind restores. */
    option_id: { type: String, default: undefined },
    options: { type: [{ _id: false, option_id: String, text: String }], default: undefined },
    state: { type: mongoose.Schema.Types.Mixed, default: undefined },
    /** A player's line said on a call (recognised speech) rather than typed; set by the call module. */
    spoken: { type: Boolean, default: undefined },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'dialogues' },
);

// Paging, the tail read by message/send, and backtrack's range delete all walk this index.
dialogueSchema.index({ play_id: 1, seq: 1 }, { unique: true });

/** One text a regenerated reply had. */
export interface ReplyAlternative {
  content: string;
  emotion: Emotion;
  created_at: Date;
}

/** A dialogue as stored (and as read with `.lean()`). */
export interface DialogueFields {
  dialogue_id: string;
  play_id: string;
  seq: number;
  type: DialogueType;
  status: DialogueStatus;
  role: DialogueRole;
  character_id: string;
  emotion: Emotion;
  content: string;
  group_id: string;
  node_id: string;
  done: boolean;
  error_code: number;
  error_reason: string;
  covers_upto_seq: number;
  alternatives?: ReplyAlternative[];
  shown?: number;
  option_id?: string;
  options?: Array<{ option_id: string; text: string }>;
  state?: GraphState;
  spoken?: boolean;
  created_at: Date;
  updated_at: Date;
}
export const Dialogue = mongoose.model('Dialogue', dialogueSchema);
export type DialogueDoc = HydratedDocument<DialogueFields>;
