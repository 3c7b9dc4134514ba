import mongoose from 'mongoose';
import { DialogueType, PlayStatus, UserIdentity } from 'shared-kit';
import type { UserDoc } from '../user/user.model';
import type { PlayContext } from './context';
import { Dialogue } from './dialogue.model';
import { numbered, type NewDialogue } from './dialogues';
import { spendMessage } from './limits';
import { buildMaterial } from './material';
import type { TextCheck } from './moderation';
import { Play, type PlayFields } from './play.model';
import { presentDialogue } from './play.presenter';
import type { SendInput } from './play.schema';
import { storyOfPlay } from './plays';
import { refuseInput, unclaim } from './slot';
import { chooseSpeaker, NARRATOR } from './story.view';
import { openReply, startTurn } from './task';

/**
 * The usual `message/send` (a new, well-formed message to an idle play of the caller) in two durable steps: the
 * slot claim (with the daily quota beside it), then the Input and the reply placeholder in one insert. The claim's
 * filter carries every check that reading the play first would make, so no read comes before it. Returns null,
 * having taken nothing, when the claim does not match: the caller then reads the play and answers with the
 * precise error (or reaps a reply left behind by a stopped process and goes on).
 */
export async function quickSend(ctx: PlayContext, user: UserDoc, input: SendInput, message: string, moderating: Promise<TextCheck>) {
  const chat = ctx.config.chat;
  const now = ctx.now();
  const groupId = `${input.play_id}-${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const filter: Record<string, unknown> = { play_id: input.play_id, uid: user.uid, pending_group_id: null, status: mongoose.trusted({ $ne: PlayStatus.Ending }) };
  if (input.story_id) filter.story_id = input.story_id;
  if (input.version_id) filter.version_id = input.version_id;
  const lastPlayed = new Date(now);
  const [spending, taking] = await Promise.allSettled([
    spendMessage(user, chat, ctx.config.guestChatTurns, now),
    // The play as it was, so a send that does not go through can put it back.
    Play.findOneAndUpdate(
      filter,
      { $set: { pending_group_id: groupId, status: PlayStatus.Playing, last_played_at: lastPlayed }, $inc: { next_seq: 2, turns: 1, turns_in_chapter: 1 } },
      { new: false },
    ).lean<PlayFields>(),
  ]);
  const before = taking.status === 'fulfilled' ? taking.value : null;
  if (!before) {
    if (spending.status === 'fulfilled') await spending.value.refund();
    if (taking.status === 'rejected') throw taking.reason;
    return null;
  }
  const giveBack = async () => {
    if (spending.status === 'fulfilled') await spending.value.refund();
    await unclaim(before, groupId, 2, true);
  };
  if (spending.status === 'rejected') {
    await giveBack();
    throw spending.reason;
  }
  const spent = spending.value;
  const claimed: PlayFields = {
    ...before,
    pending_group_id: groupId,
    status: PlayStatus.Playing,
    last_played_at: lastPlayed,
    next_seq: before.next_seq + 2,
    turns: before.turns + 1,
    turns_in_chapter: before.turns_in_chapter + 1,
  };

  let story;
  let check: TextCheck;
  try {
    [story, check] = await Promise.all([storyOfPlay(claimed), moderating]);
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (check.flagged) {
    await giveBack();
    return refuseInput(before, groupId, message, check, now);
  }

  const speaker = chooseSpeaker(story.content, claimed.chapter_index, message, claimed.turns);
  const items: NewDialogue[] = [
    { type: DialogueType.Input, role: 'player', content: message, node_id: claimed.node_id },
    {
      type: speaker === NARRATOR ? DialogueType.Narration : DialogueType.NpcDialogue,
      role: speaker === NARRATOR ? 'narrator' : 'npc',
      character_id: speaker.character_id,
      content: '',
      done: false,
      node_id: claimed.node_id,
    },
  ];
  const docs = numbered(claimed.play_id, groupId, claimed.next_seq - 1, items, now);
  const [input_, reply] = docs as [(typeof docs)[0], (typeof docs)[0]];
  const deps = { chat: ctx.chat, chatSettings: chat, live: ctx.live, checkText: ctx.checkText, replyWords: ctx.replyWords, logger: ctx.logger, now: ctx.now };
  // The model request opens while the rows are fsynced, its Input taken from memory; its events are held until the
  // turn is stored. Without material the reply task reads it again, and a failure there ends the reply as Fail.
  const opening = buildMaterial(claimed, story, speaker.character_id, claimed.next_seq - 2, [input_]).then(
    (material) => openReply(deps, material),
    () => undefined,
  );
  try {
    await Dialogue.insertMany(docs);
  } catch (err) {
    void opening.then((opened) => opened?.cancel());
    await Play.updateOne({ play_id: claimed.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
    await spent.refund();
    throw err;
  }
  const prepared = await opening;
  startTurn(deps, { play: claimed, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId: speaker.character_id, rows: docs }, prepared);
  return {
    play_id: claimed.play_id,
    group_id: groupId,
    input_dialogue: presentDialogue(input_, story.content),
    reply_dialogue_ids: [reply.dialogue_id],
    seq_st: input_.seq,
    seq_ed: reply.seq,
    send_limit: spent.limit,
    guest: user.identity === UserIdentity.Tour,
  };
}
