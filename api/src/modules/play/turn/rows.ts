import mongoose from 'mongoose';
import { DialogueStatus, DialogueType } from 'shared-kit';
import { Dialogue, type DialogueFields } from '../dialogue.model';

/*
 * A play's rows for a prompt are read from MongoDB on every turn, through the (play_id, seq) index. Nothing is kept
 * in the process: another api process may rewind or play the same play at any time, and after a rewind the same
 * sequence numbers belong to new rows, so a copy kept here could not tell it is stale.
 */

/** A batch size above any range read here (MongoDB still caps a batch at 16 MB). */
const ALL = 1_000_000;

/** The play's rows with seq in (fromSeq, uptoSeq], oldest first. */
export function rowsBetween(playId: string, fromSeq: number, uptoSeq: number): Promise<DialogueFields[]> {
  if (uptoSeq <= fromSeq) return Promise.resolve([]);
  return Dialogue.find({ play_id: playId, seq: mongoose.trusted({ $gt: fromSeq, $lte: uptoSeq }) })
    .sort({ seq: 1 })
    // All in the first batch: a getMore would be one more round trip on the way to the model request.
    .batchSize(ALL)
    .lean<DialogueFields[]>()
    .exec();
}

/** The clean Input rows among `rows`. */
export function inputsOf(rows: DialogueFields[]): DialogueFields[] {
  return rows.filter((d) => d.type === DialogueType.Input && d.status === DialogueStatus.Normal);
}
