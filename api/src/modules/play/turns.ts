import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, PlayStatus, UserIdentity } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UserDoc } from '../user/user.model';
import type { PlayContext } from './context';
import { Dialogue, type DialogueFields } from './dialogue.model';
import { lastDialogue, numbered, type NewDialogue } from './dialogues';
import { checkInputSize, spendMessage } from './limits';
import { Play, type PlayFields } from './play.model';
import { presentDialogue } from './play.presenter';
import type { SendInput } from './play.schema';
import { ownPlay, storyOfPlay } from './plays';
import { chooseSpeaker, NARRATOR } from './story.view';
import { reapOrphan, startTurn } from './task';

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
export async function sendMessage(ctx: PlayContext, user: UserDoc, input: SendInput) {
  const chat = ctx.config.chat;
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

  const message = (input.option_contents?.[0] ?? input.message).trim();
  let answering: DialogueFields | null = null;
  if (input.is_loop) answering = await loopTarget(play, input.dialogue_id);
  else {
    if (message === '') throw new AppError(ErrorCode.ClientParamError, 'message: must not be empty');
    checkInputSize(message, chat);
  }

  const story = await storyOfPlay(play);
  const now = ctx.now();
  const groupId = answering?.group_id ?? `${play.play_id}-${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

  if (!answering) {
    const check = await ctx.checkText(message);
    if (check.flagged) {
      // Kept for the record and for appeals, never shown and never in a prompt.
      const claimed = await claim(play, groupId, 1, false);
      const [doc] = numbered(play.play_id, groupId, claimed.next_seq, [{ type: DialogueType.Input, role: 'player', content: message, node_id: play.node_id, status: DialogueStatus.SecurityFail }], now);
      doc!.error_code = ErrorCode.SecurityFail;
      doc!.error_reason = check.detail;
      await Dialogue.create(doc);
      await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
      throw new AppError(ErrorCode.SecurityFail, 'Content violation, edit and retry', { data: { dialogue_id: doc!.dialogue_id, seq: doc!.seq } });
    }
  }

  const spent = await spendMessage(user, chat, ctx.config.guestChatTurns, now);
  let claimed: PlayFields;
  try {
    claimed = await claim(play, groupId, answering ? 1 : 2, !answering);
  } catch (err) {
    await spent.refund();
    throw err;
  }
  const turnIndex = claimed.turns_in_chapter;
  const speaker = chooseSpeaker(story.content, claimed.chapter_index, answering?.content ?? message, claimed.turns);
  const items: NewDialogue[] = [];
  if (!answering) items.push({ type: DialogueType.Input, role: 'player', content: message, node_id: claimed.node_id });
  items.push({
    type: speaker === NARRATOR ? DialogueType.Narration : DialogueType.NpcDialogue,
    role: speaker === NARRATOR ? 'narrator' : 'npc',
    character_id: speaker.character_id,
    content: '',
    done: false,
    node_id: claimed.node_id,
  });
  const firstSeq = claimed.next_seq - items.length + 1;
  const docs = numbered(play.play_id, groupId, firstSeq, items, now);
  try {
    await Dialogue.insertMany(docs);
  } catch (err) {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
    await spent.refund();
    throw err;
  }
  const reply = docs[docs.length - 1]!;
  startTurn(
    { chat: ctx.chat, chatSettings: chat, live: ctx.live, checkText: ctx.checkText, replyWords: ctx.replyWords, logger: ctx.logger, now: ctx.now },
    { play: { ...claimed, turns_in_chapter: turnIndex }, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId: speaker.character_id },
  );
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

/**
 * Takes the play's one reply slot and `n` sequence numbers in a single update, so two sends (or a send and a
 * backtrack) can never interleave. 1050002 when a reply is already being written.
 */
async function claim(play: PlayFields, groupId: string, n: number, countsAsTurn: boolean): Promise<PlayFields> {
  const inc: Record<string, number> = { next_seq: n };
  if (countsAsTurn) {
    inc.turns = 1;
    inc.turns_in_chapter = 1;
  }
  const claimed = await Play.findOneAndUpdate(
    { play_id: play.play_id, pending_group_id: null, status: mongoose.trusted({ $ne: PlayStatus.Ending }) },
    { $set: { pending_group_id: groupId, status: PlayStatus.Playing, last_played_at: new Date() }, $inc: inc },
    { new: true },
  ).lean<PlayFields>();
  if (!claimed) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  return claimed;
}
