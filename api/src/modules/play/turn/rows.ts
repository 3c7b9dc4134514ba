import { DialogueStatus, DialogueType } from 'shared-kit';
import { Dialogue, type DialogueFields } from '../dialogue.model';

/*
 * A play's rows for a prompt are read from MongoDB through the (play_id, seq) index. A send reads them only when
 * its process holds no copy at the revision its claim returned (rowCache.ts): another api process may rewind or
 * play the same play at any time, and only the revision tells a copy is stale.
 */

/** A batch size above any range read here (MongoDB still caps a batch at 16 MB). */
const ALL = 1_000_000;

/** What a prompt takes of a row. */
export type PromptRow = Pick<DialogueFields, 'seq' | 'type' | 'status' | 'done' | 'content' | 'character_id'>;
const PROMPT_FIELDS = { _id: 0, seq: 1, type: 1, status: 1, done: 1, content: 1, character_id: 1 };

/**
 * The play's rows with seq in (fromSeq, uptoSeq], oldest first: only what a prompt takes of them, all in the
 * first batch (a getMore would be one more round trip on the way to the model request), through the driver (no
 * mongoose query to build: the read is on every send's way to the first word).
 */
export function rowsBetween(playId: string, fromSeq: number, uptoSeq: number): Promise<PromptRow[]> {
  if (uptoSeq <= fromSeq) return Promise.resolve([]);
  return Dialogue.collection
    .find<PromptRow>({ play_id: playId, seq: { $gt: fromSeq, $lte: uptoSeq } }, { projection: PROMPT_FIELDS, sort: { seq: 1 }, batchSize: ALL })
    .toArray();
}

/** The clean Input rows among `rows`. */
export function inputsOf<T extends Pick<DialogueFields, 'type' | 'status'>>(rows: T[]): T[] {
  return rows.filter((d) => d.type === DialogueType.Input && d.status === DialogueStatus.Normal);
}
