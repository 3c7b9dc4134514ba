import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, REPLY_ALTERNATIVES_MAX, UserIdentity } from 'shared-kit';
import type { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { AppError } from '../../../lib/errors';
import type { Account } from '../../../lib/context';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import type { Regeneration } from './alternatives';
import { Play, type PlayFields } from '../play.model';
import { backtrack } from '../session/history';
import { ownPlay, storyOfPlay } from '../session/plays';
import { presentDialogue } from '../stories/play.presenter';
import { afterClaim, claimPlay, releaseClaim, type ClaimShape } from './claim';
import { spendMessage } from './limits';
import { materialOf } from './material';
import type { OpenedReply } from './opening';
import { TurnRows } from './rowCache';
import { openReply, startTurn, turnDeps } from './task';

type SendInput = z.output<typeof PLAY_REQUESTS.sendBody>;

/** Rows a player or a character speaks: the latest of them names the play's latest turn. */
const TURN_ROWS = [DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration];
const REPLY_TYPES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration]);

const unsupported = (why: string) => new AppError(ErrorCode.RegenerateUnsupported, `dialogue_id: ${why}`);

/** The reads that place a reply in its play: the row, the newest spoken row and the newest row (in parallel). */
function readReply(playId: string, dialogueId: string) {
  return Promise.all([
    Dialogue.findOne({ dialogue_id: dialogueId, play_id: playId }).lean<DialogueFields>(),
    Dialogue.findOne({ play_id: playId, type: mongoose.trusted({ $in: TURN_ROWS }) }, { seq: 1, group_id: 1 }).sort({ seq: -1 }).lean<DialogueFields>(),
    Dialogue.findOne({ play_id: playId }, { seq: 1 }).sort({ seq: -1 }).lean<DialogueFields>(),
  ]);
}

/**
 * The reply `dialogueId` of the caller's play, when it is a finished, clean reply of the play's latest turn (the
 * newest spoken row, or the reply it ends with); else the regenerate-unsupported code naming `dialogue_id`. Also
 * says whether rows (the director's move, a summary) were stored after it.
 */
export async function latestReply(play: PlayFields, dialogueId: string, read?: Awaited<ReturnType<typeof readReply>>): Promise<{ reply: DialogueFields; rowsAfter: boolean }> {
  const [reply, newestSpoken, newest] = read ?? (await readReply(play.play_id, dialogueId));
  if (!reply) throw unsupported('not a reply of this play');
  if (!REPLY_TYPES.has(reply.type)) throw unsupported('only a character’s or the narrator’s reply can be regenerated');
  if (!reply.done) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  if (reply.status !== DialogueStatus.Normal) throw unsupported('only a finished reply can be regenerated');
  if (!newestSpoken || newestSpoken.seq !== reply.seq) throw unsupported('only a reply of the latest turn can be regenerated');
  return { reply, rowsAfter: (newest?.seq ?? 0) > reply.seq };
}

/**
 * `message/send` with `is_loop` on a finished reply of the latest turn: the reply is written again in its own row.
 * Its texts are kept (`alternatives`, oldest first, at most REPLY_ALTERNATIVES_MAX) and the new one is shown once it
 * is finished; a regeneration that fails or is refused puts the text shown before back (task.ts). A reply after
 * which the director moved the story (rows stored after it) has that move undone first, as a rewind to it would.
 * The play is claimed (no new sequence number, not a turn of the play) and the day's quota counts it as a turn.
 */
export interface RegenerationTarget {
  play: PlayFields;
  reply: DialogueFields;
  rowsAfter: boolean;
}

/**
 * What `is_loop` with `dialogueId` regenerates: the caller's play (else 1050001) and the reply, read together in one
 * round trip; null when the row is not a finished, clean reply (a failed reply is written again the older way).
 */
export async function regenerationTarget(uid: string, playId: string, dialogueId: string): Promise<RegenerationTarget | null> {
  const [play, read] = await Promise.all([ownPlay(playId, uid), readReply(playId, dialogueId)]);
  const row = read[0];
  if (!row || !REPLY_TYPES.has(row.type) || !row.done || row.status !== DialogueStatus.Normal) return null;
  if (play.pending_group_id !== null) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  return { play, ...(await latestReply(play, dialogueId, read)) };
}

export async function regenerateReply(ctx: PlayContext, user: Account, input: SendInput, target: RegenerationTarget) {
  let { play } = target;
  const { reply, rowsAfter } = target;
  const kept = reply.alternatives && reply.alternatives.length > 0 ? reply.alternatives : [{ content: reply.content, emotion: reply.emotion, created_at: reply.created_at }];
  if (kept.length >= REPLY_ALTERNATIVES_MAX) {
    throw new AppError(ErrorCode.RegenerateMaximum, `dialogue_id: a reply keeps at most ${REPLY_ALTERNATIVES_MAX} texts`, { data: { max: REPLY_ALTERNATIVES_MAX } });
  }
  if (rowsAfter) {
    await backtrack(ctx, user.uid, play.play_id, reply.dialogue_id);
    play = await ownPlay(play.play_id, user.uid);
  }
  const regen: Regeneration = { alternatives: kept, shown: reply.shown ?? 0 };

  const now = ctx.now();
  const shape: ClaimShape = { groupId: reply.group_id, seqs: 0, countsAsTurn: false, now };
  const claim = claimPlay(user.uid, input, shape, play.next_seq);
  const spend = spendMessage(user, ctx.config.chat, ctx.config.guestChatTurns, now);
  let opened: OpenedReply | undefined;
  // Once the play is held: the row is marked as being written again, beside the prompt's material.
  let marking: Promise<boolean> | null = null;
  const planning = claim.then(async (taken) => {
    if (!taken) return null;
    const claimed = afterClaim(taken, shape);
    marking = Dialogue.updateOne(
      { dialogue_id: reply.dialogue_id, done: true, status: DialogueStatus.Normal },
      { $set: { content: '', done: false, alternatives: kept, shown: regen.shown, error_code: 0, error_reason: '', updated_at: new Date(now) } },
    ).then((r) => r.modifiedCount > 0);
    const [story, history] = await Promise.all([storyOfPlay(claimed), TurnRows.at(claimed, reply.seq - 1).catch(() => null)]);
    if (history) opened = openReply(turnDeps(ctx, user), { ...materialOf(claimed, story, reply.character_id, history.known), take: kept.length });
    return { claimed, story, history };
  });
  const [claiming, spending, planned] = await Promise.allSettled([claim, spend, planning]);
  const before = claiming.status === 'fulfilled' ? claiming.value : null;
  const spent = spending.status === 'fulfilled' ? spending.value : null;
  let started = false;
  try {
    if (!before) {
      if (claiming.status === 'rejected') throw claiming.reason;
      throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
    }
    if (spending.status === 'rejected') throw spending.reason;
    if (planned.status === 'rejected') throw planned.reason;
    const { claimed, story, history } = planned.value!;
    const row: DialogueFields = { ...reply, content: '', done: false, alternatives: kept, shown: regen.shown, error_code: 0, error_reason: '' };
    if (!(await marking!)) throw unsupported('the reply changed meanwhile');
    started = true;
    startTurn(
      turnDeps(ctx, user),
      { play: claimed, story, groupId: reply.group_id, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId: reply.character_id, rows: [row], history, regen },
      opened,
    );
    return {
      play_id: claimed.play_id,
      group_id: reply.group_id,
      input_dialogue: null,
      reply_dialogue_ids: [reply.dialogue_id],
      seq_st: reply.seq,
      seq_ed: reply.seq,
      send_limit: spent!.limit,
      guest: user.identity === UserIdentity.Tour,
    };
  } finally {
    if (!started) {
      opened?.cancel();
      if (spent) await spent.refund();
      // The row as it was (it was marked only if the play was held).
      const wasMarked = await ((marking as Promise<boolean> | null)?.catch(() => true) ?? false);
      if (wasMarked) await Dialogue.updateOne({ dialogue_id: reply.dialogue_id, done: false }, { $set: { content: reply.content, done: true, error_code: reply.error_code, error_reason: reply.error_reason } });
      if (before) await releaseClaim(before, shape, 0);
    }
  }
}

/**
 * `message/show_alternative` (ours): shows text `index` of a regenerated reply of the latest turn; the next prompt
 * takes it. The play is held while the row changes and its release moves the rows' revision (rowCache.ts).
 */
export async function showAlternative(ctx: PlayContext, uid: string, body: { play_id: string; dialogue_id: string; index: number }) {
  const play = await ownPlay(body.play_id, uid);
  if (play.pending_group_id !== null) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  const { reply } = await latestReply(play, body.dialogue_id);
  const texts = reply.alternatives ?? [];
  const chosen = texts[body.index];
  if (!chosen) throw new AppError(ErrorCode.ClientParamError, `index: the reply has ${Math.max(1, texts.length)} text(s)`);
  const lockId = `alternative-${reply.seq}-${ctx.now()}`;
  const locked = await Play.findOneAndUpdate({ play_id: play.play_id, uid, pending_group_id: null }, { $set: { pending_group_id: lockId } }, { new: true }).lean<PlayFields>();
  if (!locked) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  try {
    await Dialogue.updateOne(
      { dialogue_id: reply.dialogue_id, done: true },
      { $set: { content: chosen.content, emotion: chosen.emotion, shown: body.index, error_code: 0, error_reason: '', updated_at: new Date(ctx.now()) } },
    );
  } finally {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: lockId }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
  }
  const story = await storyOfPlay(play);
  const after = await Dialogue.findOne({ dialogue_id: reply.dialogue_id }).lean<DialogueFields>();
  return { dialogue: presentDialogue(after!, story.content) };
}
