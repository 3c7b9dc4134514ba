import { ErrorCode, PlayStatus } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import { Play, type PlayFields } from '../play.model';
import type { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { ownPlay } from '../session/plays';
import { reapOrphan } from './reap';

/** A `message/send` body as validated. */
type SendInput = z.output<typeof PLAY_REQUESTS.sendBody>;

/*
 * A turn owns its play from one conditional write (the claim) until the reply task releases it. The claim takes the
 * play's one reply slot and the turn's sequence numbers. A number that was given to a row is never given to another
 * (a backtrack leaves a gap); a send that did not go through gives back the numbers it stored nothing at. The rows
 * of a play are written only while it is held, and the write that releases a hold adds one to `history_rev`.
 */

/**
 * The write concern of the writes on a send's way to the model request (the claim and the quota): acknowledged once
 * applied, without waiting for the journal. They are durable before the send answers: the turn's rows are stored
 * with the default concern after them, and a journal (or a replica set's oplog) that holds a write holds every
 * write before it. A send that stores no rows gives both back with the default concern.
 */
export const ON_THE_WAY = { w: 1, j: false } as const;

/** What a turn takes: `seqs` sequence numbers, and one turn of the play unless it writes a failed reply again. */
export interface ClaimShape {
  groupId: string;
  seqs: number;
  countsAsTurn: boolean;
  now: number;
}

/**
 * Claims `input.play_id` for the turn in one write whose filter carries every check a read would make (the
 * caller's play, idle, not ended, the story and version the client names, and `nextSeq` when given). Returns the play as it was before the
 * claim (with the revision of its rows, `history_rev`: see rowCache.ts), or null when the filter did not match
 * (`whyNotClaimed` then says why).
 */
export async function claimPlay(uid: string, input: SendInput, shape: ClaimShape, nextSeq?: number): Promise<PlayFields | null> {
  // Through the collection: the ids are validated numeric strings, and this write is on the way to the first word.
  // A graph play waiting for a choice is not taken by a plain turn: the choice has its own claim (graph/choose.ts).
  const filter: Record<string, unknown> = { play_id: input.play_id, uid, pending_group_id: null, status: { $ne: PlayStatus.Ending }, awaiting: { $ne: 'choice' } };
  if (input.story_id) filter.story_id = input.story_id;
  if (input.version_id) filter.version_id = input.version_id;
  // A regeneration was checked against the play as read: nothing may have been added since.
  if (nextSeq !== undefined) filter.next_seq = nextSeq;
  const at = new Date(shape.now);
  const turns = shape.countsAsTurn ? 1 : 0;
  return (await Play.collection.findOneAndUpdate(
    filter,
    {
      $set: { pending_group_id: shape.groupId, status: PlayStatus.Playing, last_played_at: at, updated_at: at },
      $inc: { next_seq: shape.seqs, turns, turns_in_chapter: turns },
    },
    { returnDocument: 'before', writeConcern: ON_THE_WAY },
  )) as PlayFields | null;
}

/** The play as the claim left it. */
export function afterClaim(before: PlayFields, shape: ClaimShape): PlayFields {
  const turns = shape.countsAsTurn ? 1 : 0;
  return {
    ...before,
    pending_group_id: shape.groupId,
    status: PlayStatus.Playing,
    last_played_at: new Date(shape.now),
    next_seq: before.next_seq + shape.seqs,
    turns: before.turns + turns,
    turns_in_chapter: before.turns_in_chapter + turns,
  };
}

/**
 * Gives a claimed play back as it was, with the last `unused` of the turn's numbers (no row was ever stored at them;
 * while the claim holds, no one else takes numbers). Like every release, it bumps the rows' revision.
 */
export async function releaseClaim(before: PlayFields, shape: ClaimShape, unused: number): Promise<void> {
  const turns = shape.countsAsTurn ? -1 : 0;
  await Play.updateOne(
    { play_id: before.play_id, pending_group_id: shape.groupId },
    {
      $set: { pending_group_id: null, status: before.status, last_played_at: before.last_played_at },
      $inc: { next_seq: -unused, turns, turns_in_chapter: turns, history_rev: 1 },
    },
  );
}

/**
 * Why a claim did not match, read from the play: 1050001, the story or version the client named, an ended play,
 * or 1050002 while a reply is written. A reply left behind by a stopped process is released after its grace period
 * (and so is a play that turned idle since the claim): true then, and the send may try once more. An idle graph play
 * waiting for a choice: the play as read (the send is a choice, graph/choose.ts).
 */
export async function whyNotClaimed(ctx: PlayContext, uid: string, input: SendInput): Promise<boolean | PlayFields> {
  const play = await ownPlay(input.play_id, uid);
  if (input.story_id && input.story_id !== play.story_id) throw new AppError(ErrorCode.PlayIdMismatch);
  if (input.version_id && input.version_id !== play.version_id) {
    throw new AppError(ErrorCode.InvalidVersion, 'The play runs on another version; sync_latest_play first');
  }
  if (play.status === PlayStatus.Ending) throw new AppError(ErrorCode.BusinessError, 'The story has ended', { data: { reason: 'play_ended' } });
  if (!play.pending_group_id) return play.awaiting === 'choice' ? play : true;
  const chat = ctx.config.chat;
  return reapOrphan(play.play_id, ctx.live, chat.timeoutMs * (chat.retries + 2) + 5000, ctx.now());
}

