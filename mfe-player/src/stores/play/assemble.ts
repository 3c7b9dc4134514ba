import { DialogueStatus, DialogueType, Emotion } from 'shared-kit';
import type { Dialogue } from '../../api/types';

/*
 * Pure functions over the dialogue list: the play store applies stream events and page loads through these, so
 * the list stays ordered by sequence number with one entry per dialogue whatever order events arrive in.
 */

/** A reply's stand-in until the stream names its speaker: an empty, unfinished bubble. */
export function placeholder(playId: string, dialogueId: string, seq: number, groupId: string): Dialogue {
  return {
    dialogue_id: dialogueId,
    play_id: playId,
    seq,
    type: DialogueType.NpcDialogue,
    status: DialogueStatus.Normal,
    role: 'npc',
    character_id: '',
    character_name: '',
    emotion: Emotion.Neutral,
    content: '',
    group_id: groupId,
    node_id: '',
    done: false,
    error_code: 0,
    covers_upto_seq: 0,
    created_at: null,
  };
}

/** Inserts or replaces (by id, else by sequence number) and keeps the list ordered. */
export function upsertDialogues(list: readonly Dialogue[], incoming: readonly Dialogue[]): Dialogue[] {
  if (incoming.length === 0) return [...list];
  const bySeq = new Map<number, Dialogue>();
  for (const d of list) bySeq.set(d.seq, d);
  for (const d of incoming) {
    const current = bySeq.get(d.seq);
    // An unfinished copy of a finished dialogue (a snapshot read before it ended, a send's stand-in that came after
    // the stream) changes nothing.
    if (current && current.dialogue_id === d.dialogue_id && current.done && !d.done) continue;
    // A stored copy that is shorter than what the stream already showed is an older snapshot: keep the text.
    if (current && current.dialogue_id === d.dialogue_id && !d.done && current.content.length > d.content.length && current.content.startsWith(d.content)) {
      bySeq.set(d.seq, { ...d, content: current.content });
    } else bySeq.set(d.seq, d);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export type DeltaOutcome = { list: Dialogue[]; applied: true } | { list: readonly Dialogue[]; applied: false; reason: 'unknown' | 'gap' };

/**
 * Applies a streamed piece of text at its character offset. A piece that overlaps what is shown (a resumed stream
 * repeating itself) replaces the overlap; a piece beyond the end means text was missed and is refused, so the
 * caller reloads the dialogue instead of showing a hole.
 */
export function applyDelta(list: readonly Dialogue[], delta: { dialogue_id: string; offset: number; text: string }): DeltaOutcome {
  const index = list.findIndex((d) => d.dialogue_id === delta.dialogue_id);
  if (index < 0) return { list, applied: false, reason: 'unknown' };
  const d = list[index]!;
  if (delta.offset > d.content.length) return { list, applied: false, reason: 'gap' };
  const content = d.content.slice(0, delta.offset) + delta.text;
  // Never shrink: a stale piece wholly inside the shown text changes nothing.
  if (content.length < d.content.length && d.content.startsWith(content)) return { list: [...list], applied: true };
  const next = [...list];
  next[index] = { ...d, content };
  return { list: next, applied: true };
}

/** Everything up to and including `seq`: what remains after a backtrack to the dialogue at `seq`. */
export function trimAfter(list: readonly Dialogue[], seq: number): Dialogue[] {
  return list.filter((d) => d.seq <= seq);
}

/**
 * The shown list after the server said where the play ends (`last_seq`, the last sequence number it used): a row past
 * it belongs to a turn the server did not keep (its words were streamed, then taken back), and goes.
 */
export function trimRetracted(list: readonly Dialogue[], lastSeq: number | undefined): Dialogue[] {
  return typeof lastSeq === 'number' && list.some((d) => d.seq > lastSeq) ? trimAfter(list, lastSeq) : [...list];
}

/**
 * The shown list settled against the stored rows from `fromSeq` on, read once a turn is over: the server's record
 * replaces what was streamed. A row past the play's last sequence number, or an unfinished one the page should hold
 * and does not, was taken back and goes; the page's rows are upserted (a finished row replaces the streamed text,
 * whatever it was).
 */
export function settleFrom(list: readonly Dialogue[], fromSeq: number, page: { dialogues: readonly Dialogue[]; has_more_after: boolean; last_seq: number }): Dialogue[] {
  const stored = new Set(page.dialogues.map((d) => d.dialogue_id));
  // Past the page's last row, when more follow, nothing was read: those rows stand until they are.
  const reach = page.has_more_after ? (page.dialogues[page.dialogues.length - 1]?.seq ?? fromSeq - 1) : Infinity;
  const kept = trimRetracted(list, page.last_seq).filter((d) => d.seq < fromSeq || stored.has(d.dialogue_id) || d.seq > reach || d.done);
  return upsertDialogues(kept, page.dialogues);
}

/** Where a dropped stream picks up: the first unfinished dialogue at the length shown, else after the last one. */
export function resumePoint(list: readonly Dialogue[], fromSeq: number): { seqSt: number; offset: number } {
  const open = list.find((d) => d.seq >= fromSeq && !d.done);
  if (open) return { seqSt: open.seq, offset: open.content.length };
  const last = list[list.length - 1];
  return { seqSt: Math.max(fromSeq, (last?.seq ?? 0) + 1), offset: 0 };
}

/** The dialogue to backtrack to when rewinding from one of the player's messages: the one just before it. */
export function rewindTarget(list: readonly Dialogue[], inputSeq: number): Dialogue | undefined {
  let best: Dialogue | undefined;
  for (const d of list) if (d.seq < inputSeq && d.done) best = d;
  return best;
}

/** Types the play screen shows; the rest (summaries, audio and transport events) are bookkeeping. */
const VISIBLE: ReadonlySet<string> = new Set([
  DialogueType.OpeningRemark,
  DialogueType.ChapterTarget,
  DialogueType.NpcDialogue,
  DialogueType.Narration,
  DialogueType.Input,
  DialogueType.FixedOptions,
  DialogueType.SwitchChapter,
  DialogueType.HappyEnding,
  DialogueType.BadEnding,
]);

export function isVisible(d: Dialogue): boolean {
  return VISIBLE.has(d.type);
}

export function isHidden(d: Dialogue): boolean {
  return d.status === DialogueStatus.SecurityFail || d.status === DialogueStatus.SecurityNotShow;
}

/**
 * Whether the dialogue takes a row of the log: a visible one, except what shows elsewhere or not at all (a choice's
 * options are buttons above the input, an objective without words is nothing); a hidden one says so in its row.
 */
export function isLogRow(d: Dialogue): boolean {
  if (!isVisible(d)) return false;
  if (isHidden(d)) return true;
  if (d.type === DialogueType.FixedOptions) return false;
  return d.type !== DialogueType.ChapterTarget || d.content !== '';
}

/** Options of a FixedOptions dialogue: a JSON array of strings, or one option per line. */
export function optionsOf(d: Dialogue): string[] {
  const text = d.content.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.filter((o): o is string => typeof o === 'string' && o.trim() !== '');
    } catch {
      // Not JSON after all: read it as lines.
    }
  }
  return text.split(/\n+/).map((o) => o.trim()).filter((o) => o !== '');
}
