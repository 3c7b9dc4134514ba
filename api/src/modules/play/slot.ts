import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Dialogue } from './dialogue.model';
import { numbered } from './dialogues';
import type { TextCheck } from './moderation';
import { Play, type PlayFields } from './play.model';

/** A flagged message: kept for the record and for appeals, never shown and never in a prompt. Throws SecurityFail. */
export async function refuseInput(play: PlayFields, groupId: string, message: string, check: TextCheck, now: number): Promise<never> {
  const claimed = await claim(play, groupId, 1, false);
  const [doc] = numbered(play.play_id, groupId, claimed.next_seq, [{ type: DialogueType.Input, role: 'player', content: message, node_id: play.node_id, status: DialogueStatus.SecurityFail }], now);
  doc!.error_code = ErrorCode.SecurityFail;
  doc!.error_reason = check.detail;
  await Dialogue.create(doc);
  await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
  throw new AppError(ErrorCode.SecurityFail, 'Content violation, edit and retry', { data: { dialogue_id: doc!.dialogue_id, seq: doc!.seq } });
}

/**
 * Takes the play's one reply slot and `n` sequence numbers in a single update, so two sends (or a send and a
 * backtrack) can never interleave. 1050002 when a reply is already being written.
 */
export async function claim(play: PlayFields, groupId: string, n: number, countsAsTurn: boolean): Promise<PlayFields> {
  const inc: Record<string, number> = { next_seq: n };
  if (countsAsTurn) {
    inc.turns = 1;
    inc.turns_in_chapter = 1;
  }
  const claimed = await Play.findOneAndUpdate(
    { play_id: play.play_id, pending_group_id: null, status: mongoose.trusted({ $ne: PlayStatus.Ending }) },
    { $set: { pending_group_id: groupId, status: PlayStatus.Playing, last_played_at: new Date() }, $inc: inc },
    { new: true },
  ).lean<PlayFields>();
  if (!claimed) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  return claimed;
}

/** Gives back a slot taken by `claim` for a send that did not go through (the daily limit was reached meanwhile). */
export async function unclaim(play: PlayFields, groupId: string, n: number, countedAsTurn: boolean): Promise<void> {
  const inc: Record<string, number> = { next_seq: -n };
  if (countedAsTurn) {
    inc.turns = -1;
    inc.turns_in_chapter = -1;
  }
  await Play.updateOne(
    { play_id: play.play_id, pending_group_id: groupId },
    { $set: { pending_group_id: null, status: play.status, last_played_at: play.last_played_at }, $inc: inc },
  );
}
