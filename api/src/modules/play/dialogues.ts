import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, Emotion } from 'shared-kit';
import { newNumericId } from '../../lib/ids';
import { Dialogue, type DialogueFields, type DialogueRole } from './dialogue.model';
import { Play, type PlayFields } from './play.model';
import type { GraphState } from './graph/model';

export interface NewDialogue {
  type: DialogueType;
  role: DialogueRole;
  content: string;
  character_id?: string;
  emotion?: Emotion;
  status?: DialogueStatus;
  done?: boolean;
  node_id: string;
  covers_upto_seq?: number;
  /** Graph plays: an Option row's (or a chosen Input's) option, a FixedOptions choice's options, the state after the row. */
  option_id?: string;
  options?: Array<{ option_id: string; text: string }>;
  state?: GraphState;
}

/** The row of a reply about to be written (the narrator's is Narration): empty and unfinished. */
export function replyPlaceholder(characterId: string, isNarrator: boolean, nodeId: string): NewDialogue {
  return {
    type: isNarrator ? DialogueType.Narration : DialogueType.NpcDialogue,
    role: isNarrator ? 'narrator' : 'npc',
    character_id: characterId,
    content: '',
    done: false,
    node_id: nodeId,
  };
}

/** A new turn's group id: the play, the time and a random part, so two turns of a play never share one. */
export function newGroupId(playId: string, now: number): string {
  return `${playId}-${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Builds dialogue documents numbered from `firstSeq`. */
export function numbered(playId: string, groupId: string, firstSeq: number, items: NewDialogue[], now: number): DialogueFields[] {
  return items.map((item, i) => ({
    dialogue_id: newNumericId(now + i),
    play_id: playId,
    seq: firstSeq + i,
    type: item.type,
    status: item.status ?? DialogueStatus.Normal,
    role: item.role,
    character_id: item.character_id ?? '',
    emotion: item.emotion ?? Emotion.Neutral,
    content: item.content,
    group_id: groupId,
    node_id: item.node_id,
    done: item.done ?? true,
    error_code: 0,
    error_reason: '',
    covers_upto_seq: item.covers_upto_seq ?? 0,
    ...(item.option_id !== undefined ? { option_id: item.option_id } : {}),
    ...(item.options !== undefined ? { options: item.options } : {}),
    ...(item.state !== undefined ? { state: item.state } : {}),
    created_at: new Date(now),
    updated_at: new Date(now),
  }));
}

/**
 * Appends dialogues to a play the turn `groupId` holds, after its last row `play.next_seq` (the play as the turn
 * left it), with `set` in the same write. One write conditional on the hold and that number takes the numbers and
 * sets the fields; null when it did not match (the hold was taken away, or the play moved on): nothing is written.
 */
export async function appendDialogues(
  play: Pick<PlayFields, 'play_id' | 'next_seq'>,
  groupId: string,
  items: NewDialogue[],
  now: number,
  set: Record<string, unknown> = {},
): Promise<DialogueFields[] | null> {
  if (items.length === 0) return [];
  const held = await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId, next_seq: play.next_seq }, { $inc: { next_seq: items.length }, $set: set });
  if (held.matchedCount === 0) return null;
  const docs = numbered(play.play_id, groupId, play.next_seq + 1, items, now);
  await Dialogue.insertMany(docs);
  return docs;
}

/** Dialogues of a play from `fromSeq` up, oldest first. */
export function dialoguesFrom(playId: string, fromSeq: number, limit: number) {
  return Dialogue.find({ play_id: playId, seq: mongoose.trusted({ $gte: fromSeq }) })
    .sort({ seq: 1 })
    .limit(limit)
    .lean<DialogueFields[]>();
}

/** The newest dialogue of a play, through the (play_id, seq) index. */
export function lastDialogue(playId: string) {
  return Dialogue.findOne({ play_id: playId }).sort({ seq: -1 }).lean<DialogueFields>();
}
