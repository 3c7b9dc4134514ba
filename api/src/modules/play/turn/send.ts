import { DialogueStatus, DialogueType, ErrorCode, PlayStatus, UserIdentity } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import type { Account } from '../../../lib/context';
import { afterClaim, claimPlay, releaseClaim, whyNotClaimed, type ClaimShape } from './claim';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { lastDialogue, newGroupId, numbered, replyPlaceholder, type NewDialogue } from '../dialogues';
import { spendMessage } from './limits';
import { materialOf } from './material';
import type { TextCheck } from './moderation';
import type { OpenedReply } from './opening';
import type { PlayFields } from '../play.model';
import { presentDialogue } from '../stories/play.presenter';
import type { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { ownPlay, storyOfPlay } from '../session/plays';
import { chooseSpeaker, NARRATOR } from '../stories/story.view';
import { openReply, startTurn, turnDeps } from './task';
import { TurnRows } from './rowCache';
import { checkKeepTalking } from './keepTalking';
import { applyEdit, editedView, planEdit, type EditPlan } from './edit';
import { regenerateReply, regenerationTarget } from './regenerate';
import { sendChoice } from '../graph/choose';
import { inputProblem, type SendAnswer } from './answer';

export type { SendAnswer };
import { refuseChangedDraft } from '../graph/state';

/** A `message/send` body as validated. */
type SendInput = z.output<typeof PLAY_REQUESTS.sendBody>;

const REPLY_TYPES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration]);
const CLEAN: TextCheck = { flagged: false, detail: '' };

/**
 * `message/send`, the one way a turn is sent (a new message, a choice, or `is_loop`: the latest failed reply
 * written again):
 *   1. check the message (size), without reading anything;
 *   2. claim the play in one conditional write, while the day's quota is spent (one conditional write, so
 *      several api processes never pass the limit) and the message is moderated; the prompt's rows are taken as
 *      soon as the claim is back: from this process's copy when it is at the revision the claim returned, else
 *      read from MongoDB (rowCache.ts);
 *   3. start the model request as soon as the play is claimed, its material read and the message passed the
 *      moderation (the quota's write is not needed for it: a send refused for the quota cancels it at once); its
 *      words are held until step 4;
 *   4. once the quota is spent too, store the Input row and the reply's placeholder;
 *   5. hand the reply to its task (task.ts), which streams it, stores it and releases the play; answer.
 * Whatever fails before step 5 goes through the one `undo`: the request is cancelled, the quota given back, the
 * turn's rows removed and the play released as it was. A flagged message is stored as SecurityFail and nothing
 * else of it stays.
 */
export async function sendTurn(ctx: PlayContext, user: Account, input: SendInput, again = false): Promise<SendAnswer> {
  const chat = ctx.config.chat;
  const regenerate = input.is_loop;
  // A finished reply of the latest turn is written again with its texts kept (regenerate.ts).
  if (regenerate && input.dialogue_id) {
    const target = await regenerationTarget(user.uid, input.play_id, input.dialogue_id);
    if (target) return regenerateReply(ctx, user, input, target);
  }
  const keepTalking = input.keep_talking && !regenerate;
  const noInput = regenerate || keepTalking;
  const message = noInput ? '' : (input.option_contents?.[0] ?? input.message).trim();
  const badInput = noInput ? null : inputProblem(message, ctx);
  if (badInput) {
    // The play's own errors come first: read it (only on this rare path).
    await whyNotClaimed(ctx, user.uid, input);
    throw badInput;
  }

  // A regeneration answers the latest failed reply's Input, in its group; the claim holds the play to that state.
  let answering: DialogueFields | null = null;
  let seenSeq: number | undefined;
  let edit: EditPlan | null = null;
  if (regenerate) {
    const seen = await ownPlay(input.play_id, user.uid);
    if (seen.pending_group_id === null && seen.status !== PlayStatus.Ending) {
      answering = await loopTarget(seen, input.dialogue_id);
      seenSeq = seen.next_seq;
    } else return refused(ctx, user, input, again);
  } else if (keepTalking || input.edit_dialogue_id) {
    // Keep talking: no Input row, at most KEEP_TALKING_MAX in a row. An edit: the latest message is replaced (edit.ts).
    // Either way the claim holds the play as it was read.
    // Keep talking's count is read beside the play; the play's own errors come first.
    const [owned, counted] = await Promise.allSettled([ownPlay(input.play_id, user.uid), keepTalking ? checkKeepTalking(input.play_id) : null]);
    if (owned.status === 'rejected') throw owned.reason;
    const seen = owned.value;
    if (seen.pending_group_id !== null || seen.status === PlayStatus.Ending) return refused(ctx, user, input, again);
    if (counted.status === 'rejected') throw counted.reason;
    if (!keepTalking) edit = await planEdit(seen, input.edit_dialogue_id!);
    seenSeq = seen.next_seq;
  }

  const now = ctx.now();
  const shape: ClaimShape = { groupId: answering?.group_id ?? newGroupId(input.play_id, now), seqs: noInput ? 1 : 2, countsAsTurn: !noInput, now };
  const claim = claimPlay(user.uid, input, shape, seenSeq);
  const spend = spendMessage(user, chat, ctx.config.guestChatTurns, now);
  const check = noInput ? Promise.resolve(CLEAN) : ctx.checkText(message);
  // The turn is planned (its rows, and the prompt's material read from MongoDB) once the claim is back, while the
  // quota and the moderation answer.
  const planning = claim.then((taken) => (taken ? planTurn(afterClaim(taken, shape), shape, message, answering, noInput, edit) : null));
  let opened: OpenedReply | undefined;
  let undone = false;
  // The model request opens once the turn is planned and the message passed the moderation, without waiting for
  // the quota's write; nothing of it is shown or stored before the quota is spent and the rows are stored. Without
  // material the task reads it again, and a failure there ends the reply as Fail.
  const opening = Promise.all([planning, check]).then(([plan, checked]) => {
    if (!undone && plan?.material && !checked.flagged) opened = openReply(turnDeps(ctx, user), plan.material);
  });
  opening.catch(() => undefined);
  const [claiming, spending, checking] = await Promise.allSettled([claim, spend, check]);
  const before = claiming.status === 'fulfilled' ? claiming.value : null;
  const spent = spending.status === 'fulfilled' ? spending.value : null;
  /** The turn's rows once they may be stored, or the flagged Input kept for the record. */
  let written: string[] = [];
  let kept = 0;
  /** The one undo: gives back everything this send took. */
  const undo = async () => {
    // A request not opened yet never will be.
    undone = true;
    opened?.cancel();
    if (spent) await spent.refund();
    if (!before) return;
    if (written.length > 0) await Dialogue.collection.deleteMany({ dialogue_id: { $in: written } });
    await releaseClaim(before, shape, written.length > 0 ? 0 : shape.seqs - kept);
  };

  if (!before) {
    await undo();
    if (claiming.status === 'rejected') throw claiming.reason;
    return refused(ctx, user, input, again);
  }
  const claimed = afterClaim(before, shape);
  try {
    if (spending.status === 'rejected') throw spending.reason;
    if (checking.status === 'rejected') throw checking.reason;
    if (checking.value.flagged) {
      kept = 1;
      await refuseInput(claimed, shape, message, checking.value);
    }
    const { story, speakerId, rows, history, view } = (await planning)!;
    await opening;
    const firstSeq = rows[0]!.seq;
    const reply = rows[rows.length - 1]!;
    // An edit: the old turn goes now, every check passed.
    if (edit) await applyEdit(claimed.play_id, shape.groupId, edit, firstSeq);
    written = rows.map((d) => d.dialogue_id);
    await Dialogue.collection.insertMany(rows.map((d) => ({ ...d })));
    history?.wrote(rows);

    const answer: SendAnswer = {
      play_id: claimed.play_id,
      group_id: shape.groupId,
      input_dialogue: noInput ? null : presentDialogue(rows[0]!, story.content),
      reply_dialogue_ids: [reply.dialogue_id],
      seq_st: firstSeq,
      seq_ed: reply.seq,
      send_limit: spent!.limit,
      guest: user.identity === UserIdentity.Tour,
      ...(edit ? { removed_from_seq: edit.fromSeq } : {}),
    };
    startTurn(turnDeps(ctx, user), { play: view, story, groupId: shape.groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId, rows, history }, opened);
    return answer;
  } catch (err) {
    await undo();
    throw err;
  }
}


/**
 * The turn on the claimed play: its story, the speaker, its rows (the Input unless it writes a failed reply again,
 * and the reply's placeholder), the play's rows before the turn's (`history`, which then follows what the turn
 * writes) and the prompt's material from them; both null when the rows could not be read.
 */
async function planTurn(held: PlayFields, shape: ClaimShape, message: string, answering: DialogueFields | null, noInput: boolean, edit: EditPlan | null) {
  // An edit plays from the state before the edited message.
  const claimed = edit ? editedView(held, edit) : held;
  const story = await storyOfPlay(claimed);
  if (claimed.is_draft) await refuseChangedDraft(claimed, story);
  const speaker = chooseSpeaker(story.content, claimed.chapter_index, answering?.content ?? message, claimed.turns);
  const items: NewDialogue[] = noInput ? [] : [{ type: DialogueType.Input, role: 'player', content: message, node_id: claimed.node_id }];
  items.push(replyPlaceholder(speaker.character_id, speaker === NARRATOR, claimed.node_id));
  const firstSeq = claimed.next_seq - shape.seqs + 1;
  const rows = numbered(claimed.play_id, shape.groupId, firstSeq, items, shape.now);
  const history = await TurnRows.at(claimed, (edit ? edit.fromSeq : firstSeq) - 1).catch(() => null);
  const material = history ? materialOf(claimed, story, speaker.character_id, noInput ? history.known : [...history.known, rows[0]!]) : null;
  return { story, speakerId: speaker.character_id, rows, history, material, view: claimed };
}

/** A claim that did not match: the precise error, or (a reply left behind was released) one more try. */
async function refused(ctx: PlayContext, user: Account, input: SendInput, again: boolean): Promise<SendAnswer> {
  const why = await whyNotClaimed(ctx, user.uid, input);
  if (typeof why === 'object') return sendChoice(ctx, user, input, why);
  if (why && !again) return sendTurn(ctx, user, input, true);
  throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
}


/** Stores a flagged message as SecurityFail at the turn's first number and throws 1050003 (the undo follows). */
async function refuseInput(claimed: PlayFields, shape: ClaimShape, message: string, check: TextCheck): Promise<never> {
  const item: NewDialogue = { type: DialogueType.Input, role: 'player', content: message, node_id: claimed.node_id, status: DialogueStatus.SecurityFail };
  const [row] = numbered(claimed.play_id, shape.groupId, claimed.next_seq - shape.seqs + 1, [item], shape.now);
  await Dialogue.create({ ...row!, error_code: ErrorCode.SecurityFail, error_reason: check.detail });
  throw new AppError(ErrorCode.SecurityFail, 'Content violation, edit and retry', { data: { dialogue_id: row!.dialogue_id, seq: row!.seq } });
}

/** The Input a regeneration answers: the newest dialogue must be a failed reply to it. */
async function loopTarget(play: PlayFields, dialogueId: string | undefined): Promise<DialogueFields> {
  const last = await lastDialogue(play.play_id);
  const failed = last && REPLY_TYPES.has(last.type) && (last.status === DialogueStatus.Fail || last.status === DialogueStatus.SecurityFail);
  if (!last || !failed || (dialogueId && last.dialogue_id !== dialogueId)) {
    throw new AppError(ErrorCode.RegenerateUnsupported, 'dialogue_id: only a reply of the latest turn can be written again');
  }
  const input = await Dialogue.findOne({ play_id: play.play_id, group_id: last.group_id, type: DialogueType.Input }).lean<DialogueFields>();
  if (!input || input.status !== DialogueStatus.Normal) throw new AppError(ErrorCode.RegenerateUnsupported, 'dialogue_id: the reply answers no message');
  return input;
}

