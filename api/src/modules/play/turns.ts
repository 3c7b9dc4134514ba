import { DialogueStatus, DialogueType, ErrorCode, PlayStatus, UserIdentity } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { Account } from '../../lib/context';
import type { PlayContext } from './context';
import { Dialogue, type DialogueFields } from './dialogue.model';
import { lastDialogue, newGroupId, numbered, replyPlaceholder, type NewDialogue } from './dialogues';
import { checkInputSize, spendMessage } from './limits';
import type { TextCheck } from './moderation';
import { Play, type PlayFields } from './play.model';
import { presentDialogue } from './play.presenter';
import type { SendInput } from './play.schema';
import { ownPlay, storyOfPlay } from './plays';
import { chooseSpeaker, NARRATOR } from './story.view';
import { buildMaterial } from './material';
import type { OpenedReply } from './opening';
import { openReply, reapOrphan, startTurn, turnDeps } from './task';
import { quickSend } from './quickSend';
import { claim, refuseInput, unclaim } from './slot';

const REPLY_TYPES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration]);

/** The Input a regeneration answers: the newest dialogue must be a failed reply to it. */
async function loopTarget(play: PlayFields, dialogueId: string | undefined): Promise<DialogueFields> {
  const last = await lastDialogue(play.play_id);
  const failed = last && REPLY_TYPES.has(last.type) && (last.status === DialogueStatus.Fail || last.status === DialogueStatus.SecurityFail);
  if (!last || !failed || (dialogueId && last.dialogue_id !== dialogueId)) {
    throw new AppError(ErrorCode.RegenerateUnsupported, 'Only the latest failed reply can be written again');
  }
  const input = await Dialogue.findOne({ play_id: play.play_id, group_id: last.group_id, type: DialogueType.Input }).lean<DialogueFields>();
  if (!input || input.status !== DialogueStatus.Normal) throw new AppError(ErrorCode.RegenerateUnsupported);
  return input;
}

/**
 * `message/send`: stores the player's Input and a pending reply, then starts writing the reply in the background.
 * The answer carries their ids and sequence range; `message/stream_reply` follows the reply from there.
 */
export async function sendMessage(ctx: PlayContext, user: Account, input: SendInput) {
  const chat = ctx.config.chat;
  const message = (input.option_contents?.[0] ?? input.message).trim();
  // The moderation (possibly a model call) needs only the text, so it runs while the play is read (the quick path
  // starts it when it suits its order of work). Bad input is still reported below, after the play's own errors.
  let moderating: Promise<TextCheck> | null = null;
  if (!input.is_loop && message !== '' && fitsInput(message, chat)) {
    const quick = await quickSend(ctx, user, input, message, () => (moderating ??= ctx.checkText(message)));
    if (quick) return quick;
  }
  let play = await ownPlay(input.play_id, user.uid);
  if (input.story_id && input.story_id !== play.story_id) throw new AppError(ErrorCode.PlayIdMismatch);
  if (input.version_id && input.version_id !== play.version_id) {
    throw new AppError(ErrorCode.InvalidVersion, 'The play runs on another version; sync_latest_play first');
  }
  if (play.status === PlayStatus.Ending) throw new AppError(ErrorCode.BusinessError, 'The story has ended', { data: { reason: 'play_ended' } });
  if (play.pending_group_id) {
    // A reply left behind by a stopped process must not lock the play for good.
    if (await reapOrphan(play.play_id, ctx.live, chat.timeoutMs * (chat.retries + 2) + 5000, ctx.now())) play = await ownPlay(input.play_id, user.uid);
    else throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  }

  let answering: DialogueFields | null = null;
  if (input.is_loop) answering = await loopTarget(play, input.dialogue_id);
  else {
    if (message === '') throw new AppError(ErrorCode.ClientParamError, 'message: must not be empty');
    checkInputSize(message, chat);
  }

  const story = await storyOfPlay(play);
  const now = ctx.now();
  const groupId = answering?.group_id ?? newGroupId(play.play_id, now);
  const deps = turnDeps(ctx);
  const n = answering ? 1 : 2;
  const plan = (p: PlayFields) => {
    const speaker = chooseSpeaker(story.content, p.chapter_index, answering?.content ?? message, p.turns);
    const items: NewDialogue[] = [];
    if (!answering) items.push({ type: DialogueType.Input, role: 'player', content: message, node_id: p.node_id });
    items.push(replyPlaceholder(speaker.character_id, speaker === NARRATOR, p.node_id));
    const docs = numbered(play.play_id, groupId, p.next_seq - items.length + 1, items, now);
    // The Input is not stored when the prompt is read: it joins the history from memory.
    const material = () => buildMaterial(p, story, speaker.character_id, p.next_seq - n, answering ? [] : docs.slice(0, 1));
    return { speaker, docs, material };
  };

  // The model request starts from the play as it will be once claimed, while the turn's writes are fsynced; its
  // events are held until the turn is stored. Moderation comes first: flagged words never reach a prompt.
  const guess = plan({ ...play, next_seq: play.next_seq + n, turns: play.turns + (answering ? 0 : 1), turns_in_chapter: play.turns_in_chapter + (answering ? 0 : 1) });
  const checked = answering ? Promise.resolve({ flagged: false, detail: '' }) : (moderating ?? ctx.checkText(message));
  const early = Promise.all([guess.material(), checked])
    .then(([material, check]) => (check.flagged ? null : openReply(deps, material)))
    // A failed read is done again after the claim, where a failure is reported as usual.
    .catch(() => null);
  const dropEarly = () => void early.then((opened) => opened?.cancel());

  // The quota and the slot are taken while the moderation answers (it may be a model call); a flagged message gives
  // both back and is recorded as before.
  const writes = Promise.allSettled([spendMessage(user, chat, ctx.config.guestChatTurns, now), claim(play, groupId, n, !answering)]);
  const check = await checked;
  if (check.flagged) {
    dropEarly();
    const [spentBack, claimedBack] = await writes;
    if (spentBack.status === 'fulfilled') await spentBack.value.refund();
    if (claimedBack.status === 'fulfilled') await unclaim(play, groupId, n, true);
    return refuseInput(play, groupId, message, check, now);
  }

  // Each write undoes the other when it fails.
  const [spending, claiming] = await writes;
  if (spending.status === 'rejected' || claiming.status === 'rejected') {
    dropEarly();
    if (spending.status === 'fulfilled') await spending.value.refund();
    if (claiming.status === 'fulfilled') await unclaim(play, groupId, n, !answering);
    throw spending.status === 'rejected' ? spending.reason : (claiming as PromiseRejectedResult).reason;
  }
  const spent = spending.value;
  const claimed = claiming.value;
  const turn = plan(claimed);
  // Once claimed the play is ours and its stored rows final: the early request stands if its prompt is the same.
  const [inserting, reading] = await Promise.allSettled([Dialogue.insertMany(turn.docs), turn.material()]);
  const opened = await early;
  if (inserting.status === 'rejected') {
    opened?.cancel();
    await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
    await spent.refund();
    throw inserting.reason;
  }
  let prepared: OpenedReply | undefined;
  if (opened && reading.status === 'fulfilled' && JSON.stringify(opened.material) === JSON.stringify(reading.value)) prepared = opened;
  else {
    opened?.cancel();
    // Without material the task reads it again, and a failure there ends the reply as Fail.
    if (reading.status === 'fulfilled') prepared = openReply(deps, reading.value);
  }
  const docs = turn.docs;
  const reply = docs[docs.length - 1]!;
  const firstSeq = docs[0]!.seq;
  startTurn(deps, { play: claimed, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId: turn.speaker.character_id }, prepared);
  return {
    play_id: play.play_id,
    group_id: groupId,
    input_dialogue: answering ? null : presentDialogue(docs[0]!, story.content),
    reply_dialogue_ids: [reply.dialogue_id],
    seq_st: firstSeq,
    seq_ed: reply.seq,
    send_limit: spent.limit,
    guest: user.identity === UserIdentity.Tour,
  };
}

function fitsInput(message: string, chat: PlayContext['config']['chat']): boolean {
  try {
    checkInputSize(message, chat);
    return true;
  } catch {
    return false;
  }
}
