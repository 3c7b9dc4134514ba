import { EventEmitter } from 'node:events';
import type { Emotion } from 'shared-kit';
import type { DialogueFields } from '../dialogue.model';
import type { PlayFields } from '../play.model';
import type { PlayableStory } from '../stories/story.source';

export type LiveEvent =
  | { type: 'delta'; dialogue_id: string; offset: number; text: string }
  | { type: 'emotion'; dialogue_id: string; emotion: Emotion }
  /** A turn began: its rows are stored and its reply is being written (first seq of the turn, the reply's id). */
  | { type: 'turn'; dialogue_id: string; seq: number }
  /**
   * Something was stored (a dialogue finished or was added): `rows`, as MongoDB acknowledged them, oldest first. The
   * turn writing in this process sends every row it stores so, and a stream following it needs no read; without
   * `rows`, read the database again.
   */
  | { type: 'stored'; rows?: DialogueFields[] }
  /** The turn is over: every dialogue of it is stored. `play`: the play as the turn's release left it (absent: read it). */
  | { type: 'end'; play?: PlayFields };

interface LiveReply {
  /** The play the reply belongs to, so a stream can listen before it has read anything. */
  playId: string;
  /** The reply's sequence number. */
  seq: number;
  content: string;
  emotion: Emotion | undefined;
  /** The turn as stored when it started, until anything more is stored: a stream can attach without reading. */
  turn?: LiveTurn;
}

export interface LiveTurn {
  uid: string;
  play: PlayFields;
  story: PlayableStory;
  /** The rows the send stored, oldest first (the reply among them), then those the turn stored since. */
  rows: DialogueFields[];
}

/** `known` with `rows` (newer) put in by their number, oldest first. */
export function mergeRows(known: readonly DialogueFields[], rows: readonly DialogueFields[]): DialogueFields[] {
  const bySeq = new Map(known.map((d) => [d.seq, d]));
  for (const d of rows) bySeq.set(d.seq, d);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The replies being written in this process. The database is the record; this only lets a stream in the same
 * process forward each token at once instead of waiting for the next flush.
 */
export class LiveReplies {
  private readonly replies = new Map<string, LiveReply>();
  private readonly bus = new EventEmitter();

  constructor() {
    // One listener per open stream of a play; many plays stream at once.
    this.bus.setMaxListeners(0);
  }

  open(playId: string, dialogueId: string, seq: number, turn?: LiveTurn): void {
    this.replies.set(dialogueId, { playId, seq, content: '', emotion: undefined, turn });
  }

  get(dialogueId: string): LiveReply | undefined {
    return this.replies.get(dialogueId);
  }

  /** The reply being written in this process for `playId` at `fromSeq` or later, if any. */
  replyOfPlay(playId: string, fromSeq: number): string | undefined {
    for (const [id, reply] of this.replies) if (reply.playId === playId && reply.seq >= fromSeq) return id;
    return undefined;
  }

  close(dialogueId: string): void {
    this.replies.delete(dialogueId);
  }

  append(playId: string, dialogueId: string, text: string): void {
    const reply = this.replies.get(dialogueId);
    if (!reply) return;
    const offset = reply.content.length;
    reply.content += text;
    this.emit(playId, { type: 'delta', dialogue_id: dialogueId, offset, text });
  }

  setEmotion(playId: string, dialogueId: string, emotion: Emotion): void {
    const reply = this.replies.get(dialogueId);
    if (reply) reply.emotion = emotion;
    this.emit(playId, { type: 'emotion', dialogue_id: dialogueId, emotion });
  }

  emit(playId: string, event: LiveEvent): void {
    if (event.type === 'stored' || event.type === 'end') {
      // The turn's rows follow what it stored; anything else puts them out of date.
      for (const reply of this.replies.values()) {
        if (reply.playId !== playId || !reply.turn) continue;
        reply.turn = event.type === 'stored' && event.rows ? { ...reply.turn, rows: mergeRows(reply.turn.rows, event.rows) } : undefined;
      }
    }
    this.bus.emit(playId, event);
  }

  subscribe(playId: string, listener: (event: LiveEvent) => void): () => void {
    this.bus.on(playId, listener);
    return () => this.bus.off(playId, listener);
  }
}
