import mongoose from 'mongoose';
import { ShareType } from 'shared-kit';

const sub = (fields: mongoose.SchemaDefinition) => new mongoose.Schema(fields, { _id: false });

/** A line as it was when the thread was posted: a later rewind or regeneration of the play does not touch it. */
const lineSchema = sub({
  seq: Number,
  role: { type: String, enum: ['player', 'npc', 'narrator'] },
  character_id: { type: String, default: '' },
  name: { type: String, default: '' },
  portrait: { type: String, default: '' },
  emotion: { type: String, default: '' },
  content: { type: String, default: '' },
});

/**
 * A thread (spec sections 1, 3, 5): a title and the message groups a player chose from their own play, copied at
 * posting. `removed_at`: an operator took it down after a report (its owner is told); `deleted_at`: its owner deleted it.
 */
const threadSchema = new mongoose.Schema(
  {
    thread_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true },
    play_id: { type: String, required: true },
    story_id: { type: String, required: true },
    /** The story's creator (its card names them), so the page reads the people in one go. */
    story_uid: { type: String, default: '' },
    version_id: { type: String, required: true },
    title: { type: String, required: true },
    /** The story's name and cover when posted, for the thread's cards (its page reads the story as it is now). */
    story_name: { type: String, default: '' },
    logo: { type: String, default: '' },
    introduction: { type: String, default: '' },
    share_type: { type: String, enum: [ShareType.StoryDialogue, ShareType.BotDialogue], required: true },
    groups: { type: [sub({ group_id: String, lines: [lineSchema] })], required: true },
    like_count: { type: Number, default: 0 },
    removed_at: { type: Date, default: null },
    deleted_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'threads', minimize: false },
);
// A person's threads newest first (their page, the daily limit); everyone's newest first (the feed's section).
threadSchema.index({ uid: 1, created_at: -1 });
threadSchema.index({ deleted_at: 1, removed_at: 1, created_at: -1 });
export const Thread = mongoose.model('Thread', threadSchema);

export interface ThreadLineRecord {
  seq: number;
  role: 'player' | 'npc' | 'narrator';
  character_id: string;
  name: string;
  portrait: string;
  emotion: string;
  content: string;
}

export interface ThreadRecord {
  thread_id: string;
  uid: string;
  play_id: string;
  story_id: string;
  story_uid: string;
  version_id: string;
  title: string;
  story_name: string;
  logo: string;
  introduction: string;
  share_type: typeof ShareType.StoryDialogue | typeof ShareType.BotDialogue;
  groups: Array<{ group_id: string; lines: ThreadLineRecord[] }>;
  like_count: number;
  removed_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One like of one thread by one person (unique: a second like is a no-op). */
const threadLikeSchema = new mongoose.Schema(
  { thread_id: { type: String, required: true }, uid: { type: String, required: true } },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'thread_likes' },
);
threadLikeSchema.index({ thread_id: 1, uid: 1 }, { unique: true });
export const ThreadLike = mongoose.model('ThreadLike', threadLikeSchema);
