import type { DialogueFields } from '../dialogue.model';
import type { PlayFields } from '../play.model';
import { rowsBetween, type PromptRow } from './rows';

/*
 * A per-process copy of the rows a play's next prompt takes, so a send need not read them again from MongoDB.
 *
 * It is never used stale, by a revision read with the data: the play's `history_rev`. A play's rows are written
 * only by whoever holds the play (`pending_group_id`: a turn from its claim to its release, a backtrack while it
 * runs, the release of a reply left by a stopped process), and every such hold bumps `history_rev` in the write
 * that releases it. A claim only matches a free play, so the revision it returns (with the play, in the same
 * write) names the rows exactly as they stand: a copy made at that revision is the rows, a copy at any other
 * revision is not used. A copy is stored only by the turn that wrote the rows after it, when its release returns
 * the revision its claim read plus one (no one else wrote in between); every other way out (an undo, a failed
 * write, a hold taken away by the reaper) stores nothing, and the revision has moved on anyway.
 */

/** At most this many plays are kept, least recently used first out. */
export const CACHED_PLAYS = 1000;
/** And at most this many characters of rows' content across all of them (about 8 MB of strings). */
export const CACHED_CHARS = 4_000_000;

interface Entry {
  rev: number;
  /** The copy holds every row with seq in (fromSeq, uptoSeq]. */
  fromSeq: number;
  uptoSeq: number;
  rows: PromptRow[];
  chars: number;
}

const entries = new Map<string, Entry>();
let chars = 0;
const counts = { hits: 0, misses: 0 };

/** Hits and misses since the process started (or the last `clearRowCache`), for tests and benches. */
export function rowCacheCounts(): { hits: number; misses: number; plays: number; chars: number } {
  return { ...counts, plays: entries.size, chars };
}

export function clearRowCache(): void {
  entries.clear();
  chars = 0;
  counts.hits = 0;
  counts.misses = 0;
}

function forget(playId: string): void {
  const old = entries.get(playId);
  if (!old) return;
  entries.delete(playId);
  chars -= old.chars;
}

function remember(playId: string, entry: Entry): void {
  forget(playId);
  if (entry.chars > CACHED_CHARS) return;
  entries.set(playId, entry);
  chars += entry.chars;
  // A Map iterates in insertion order: the first key is the least recently used.
  for (const oldest of entries.keys()) {
    if (entries.size <= CACHED_PLAYS && chars <= CACHED_CHARS) break;
    forget(oldest);
  }
}

/** The play's rows with seq in (fromSeq, uptoSeq] at revision `rev`, when this process holds them. */
function lookUp(playId: string, rev: number, fromSeq: number, uptoSeq: number): PromptRow[] | null {
  const entry = entries.get(playId);
  if (!entry || entry.rev !== rev || entry.fromSeq > fromSeq || entry.uptoSeq < uptoSeq) return null;
  // Most recently used last.
  entries.delete(playId);
  entries.set(playId, entry);
  return entry.rows.filter((d) => d.seq > fromSeq && d.seq <= uptoSeq);
}

const promptRow = (d: PromptRow): PromptRow => ({ seq: d.seq, type: d.type, status: d.status, done: d.done, content: d.content, character_id: d.character_id });
const charsOf = (rows: PromptRow[]) => rows.reduce((n, d) => n + d.content.length, 0);

/** A play's revision as read with it (a play stored before revisions were kept is at 0). */
export const revisionOf = (play: Pick<PlayFields, 'history_rev'>): number => play.history_rev ?? 0;

/**
 * The prompt rows of a play a turn holds: the rows since the running summary as the claim found them (from this
 * process's copy when it is at the claim's revision, else read from MongoDB), then every row the turn writes.
 */
export class TurnRows {
  private lost = false;

  private constructor(
    readonly playId: string,
    /** The revision the claim read. */
    readonly rev: number,
    private fromSeq: number,
    private uptoSeq: number,
    private rows: PromptRow[],
  ) {}

  /** The rows of `claimed` (the play as its claim returned it) with seq in (its summary, uptoSeq]. */
  static async at(claimed: PlayFields, uptoSeq: number): Promise<TurnRows> {
    const rev = revisionOf(claimed);
    const fromSeq = claimed.summary_upto_seq;
    let rows = lookUp(claimed.play_id, rev, fromSeq, uptoSeq);
    if (rows) counts.hits += 1;
    else {
      counts.misses += 1;
      rows = await rowsBetween(claimed.play_id, fromSeq, uptoSeq);
    }
    return new TurnRows(claimed.play_id, rev, fromSeq, Math.max(uptoSeq, fromSeq), rows);
  }

  /** The rows known now, oldest first. */
  get known(): readonly PromptRow[] {
    return this.rows;
  }

  /**
   * Every row of the play with seq above `fromSeq` as stored now, when the turn knows them all (the claim's rows
   * reach back that far and every write of the turn was acknowledged), else null.
   */
  since(fromSeq: number): PromptRow[] | null {
    if (this.lost || fromSeq < this.fromSeq) return null;
    return this.rows.filter((d) => d.seq > fromSeq);
  }

  /** A row the turn stored or changed (acknowledged by MongoDB). */
  wrote(rows: readonly Pick<DialogueFields, keyof PromptRow>[]): void {
    for (const row of rows) {
      const copy = promptRow(row);
      const at = this.rows.findIndex((d) => d.seq === copy.seq);
      if (at >= 0) this.rows[at] = copy;
      else {
        this.rows.push(copy);
        if (this.rows.length > 1 && this.rows[this.rows.length - 2]!.seq > copy.seq) this.rows.sort((x, y) => x.seq - y.seq);
      }
      this.uptoSeq = Math.max(this.uptoSeq, copy.seq);
    }
  }

  /** The running summary now covers rows up to `uptoSeq`: they leave the copy. */
  folded(uptoSeq: number): void {
    this.fromSeq = Math.max(this.fromSeq, uptoSeq);
    this.rows = this.rows.filter((d) => d.seq > this.fromSeq);
  }

  /** A write whose outcome is not known: nothing of this turn is kept. */
  lose(): void {
    this.lost = true;
  }

  /** The play was released at `rev` (null: not by this turn): the copy is kept when that is the claim's plus one. */
  released(rev: number | null): void {
    if (this.lost || rev !== this.rev + 1) return;
    remember(this.playId, { rev, fromSeq: this.fromSeq, uptoSeq: this.uptoSeq, rows: this.rows, chars: charsOf(this.rows) });
  }
}
