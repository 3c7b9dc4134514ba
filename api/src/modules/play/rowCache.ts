import mongoose from 'mongoose';
import { DialogueStatus, DialogueType } from 'shared-kit';
import { Dialogue, type DialogueFields } from './dialogue.model';

/*
 * Each turn's prompt needs the play's unfolded conversation and the chapter's inputs. Read whole, that is a range
 * read of every row since the last summary, twice per send (once for the early model request, once to confirm it)
 * and again for the director: the cost grows with the play and sits on the send's path. Finished rows never change
 * (only backtrack and deletion remove them, and both forget the play here), so they are kept per play and only
 * rows newer than the kept ones are read.
 */

interface Kept {
  /** Rows with seq in (floor, upto], every one finished, in seq order. */
  floor: number;
  upto: number;
  rows: DialogueFields[];
}

const MAX_PLAYS = 500;
const kept = new Map<string, Kept>();
/** Bumped by every forget: a read that overlapped one must not store what it read. */
let epoch = 0;

/** Forgets what is kept for a play: call on anything that removes or rewrites its rows. */
export function forgetRows(playId: string): void {
  epoch += 1;
  kept.delete(playId);
}

/** The play's rows with seq in (fromSeq, uptoSeq], oldest first, reading only the rows not kept. */
export async function rowsBetween(playId: string, fromSeq: number, uptoSeq: number): Promise<DialogueFields[]> {
  const startEpoch = epoch;
  const entry = kept.get(playId);
  const base = entry && entry.floor <= fromSeq ? entry : { floor: fromSeq, upto: fromSeq, rows: [] as DialogueFields[] };
  const readFrom = Math.max(fromSeq, Math.min(base.upto, uptoSeq));
  const old = base.rows.filter((d) => d.seq > fromSeq && d.seq <= readFrom);
  const fresh =
    readFrom < uptoSeq
      ? await Dialogue.find({ play_id: playId, seq: mongoose.trusted({ $gt: readFrom, $lte: uptoSeq }) })
          .sort({ seq: 1 })
          .lean<DialogueFields[]>()
      : [];
  if (epoch === startEpoch && readFrom === base.upto) {
    // Only the unbroken run of finished rows right after the kept ones is kept: a missing or unfinished row may
    // still change, so nothing past it is.
    let upto = base.upto;
    const added: DialogueFields[] = [];
    for (const d of fresh) {
      if (d.seq !== upto + 1 || !d.done) break;
      added.push(d);
      upto = d.seq;
    }
    const current = kept.get(playId);
    // Another read may have extended the entry meanwhile; the longer one stays.
    if (!current || current === entry || current.upto < upto) {
      kept.delete(playId);
      kept.set(playId, { floor: base.floor, upto, rows: added.length > 0 ? [...base.rows, ...added] : base.rows });
      if (kept.size > MAX_PLAYS) kept.delete(kept.keys().next().value as string);
    }
  }
  return [...old, ...fresh];
}

/** The clean Input rows among `rows`. */
export function inputsOf(rows: DialogueFields[]): DialogueFields[] {
  return rows.filter((d) => d.type === DialogueType.Input && d.status === DialogueStatus.Normal);
}
