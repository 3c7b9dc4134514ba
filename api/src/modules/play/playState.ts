import { PlayStatus } from 'shared-kit';
import type { PlayFields } from './play.model';

/*
 * The last state of each recently played play seen by this process, so a send can open its model request before
 * its claim has come back from the database. It is only ever a guess: the send checks, once the claim returns the
 * play as it really was, that the guess would have given the same prompt, and starts over from the real state when
 * it would not (another process played meanwhile, a backtrack, a chapter change not seen here). Drafts are not
 * kept: their plays carry a snapshot of the whole story.
 */

const MAX_PLAYS = 1000;
const known = new Map<string, PlayFields>();

/** Keeps `play` as the newest state of its play (a copy: callers may go on changing theirs). */
export function rememberPlay(play: PlayFields | null | undefined): void {
  if (!play || play.is_draft) return;
  known.delete(play.play_id);
  known.set(play.play_id, { ...play });
  if (known.size > MAX_PLAYS) known.delete(known.keys().next().value as string);
}

export function forgetPlay(playId: string): void {
  known.delete(playId);
}

/** The kept state of `playId` when it belongs to `uid` and looked ready for a new turn, else null. */
export function recallIdlePlay(playId: string, uid: string): Readonly<PlayFields> | null {
  const play = known.get(playId);
  if (!play || play.uid !== uid || play.pending_group_id !== null || play.status === PlayStatus.Ending) return null;
  return play;
}

/** The owner of a play this process has seen (a play never changes hands), or undefined. */
export function knownOwner(playId: string): string | undefined {
  return known.get(playId)?.uid;
}
