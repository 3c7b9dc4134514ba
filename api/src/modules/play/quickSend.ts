import mongoose from 'mongoose';
import { DialogueType, PlayStatus, UserIdentity } from 'shared-kit';
import type { UserDoc } from '../user/user.model';
import type { PlayContext } from './context';
import { Dialogue } from './dialogue.model';
import { numbered, replyPlaceholder, type NewDialogue } from './dialogues';
import { spendMessage } from './limits';
import type { TurnMaterial } from '../../ai/chat';
import { buildMaterial } from './material';
import type { TextCheck } from './moderation';
import { Play, type PlayFields } from './play.model';
import { presentDialogue } from './play.presenter';
import type { SendInput } from './play.schema';
import { storyOfPlay } from './plays';
import { refuseInput, unclaim } from './slot';
import { chooseSpeaker, NARRATOR } from './story.view';
import type { OpenedReply } from './opening';
import { recallIdlePlay, rememberPlay } from './playState';
import type { PlayableStory } from './story.source';
import { openReply, startTurn, turnDeps, type TurnDeps } from './task';

/** A model request opened from this process's last sight of the play, before its claim came back. */
interface Early {
  opened: OpenedReply;
  /** The play it was opened from and the material it was opened with, to compare with the claimed play. */
  seen: Readonly<PlayFields>;
  material: TurnMaterial;
}

/** The play as the claim leaves it. */
function afterClaim(before: Readonly<PlayFields>, groupId: string, lastPlayed: Date): PlayFields {
  return {
    ...before,
    pending_group_id: groupId,
    status: PlayStatus.Playing,
    last_played_at: lastPlayed,
    next_seq: before.next_seq + 2,
    turns: before.turns + 1,
    turns_in_chapter: before.turns_in_chapter + 1,
  };
}

/** The Input row and the reply placeholder of a turn on `claimed`. */
function turnRows(claimed: PlayFields, story: PlayableStory, groupId: string, message: string, now: number) {
  const speaker = chooseSpeaker(story.content, claimed.chapter_index, message, claimed.turns);
  const items: NewDialogue[] = [
    { type: DialogueType.Input, role: 'player', content: message, node_id: claimed.node_id },
    replyPlaceholder(speaker.character_id, speaker === NARRATOR, claimed.node_id),
  ];
  const docs = numbered(claimed.play_id, groupId, claimed.next_seq - 1, items, now);
  return { speakerId: speaker.character_id, docs, input: docs[0]!, reply: docs[1]! };
}

/**
 * Opens the model request from the play as this process last saw it, while the claim and the input's moderation
 * are on their way (null without such a sight). A message the moderation then flags cancels the request before
 * anything of it is shown or stored, as does a claim that fails.
 */
async function openEarly(deps: TurnDeps, uid: string, input: SendInput, message: string, groupId: string, now: number, lastPlayed: Date): Promise<Early | null> {
  const seen = recallIdlePlay(input.play_id, uid);
  if (!seen || (input.story_id && input.story_id !== seen.story_id) || (input.version_id && input.version_id !== seen.version_id)) return null;
  const claimed = afterClaim(seen, groupId, lastPlayed);
  const story = await storyOfPlay(claimed);
  const rows = turnRows(claimed, story, groupId, message, now);
  const material = await buildMaterial(claimed, story, rows.speakerId, claimed.next_seq - 2, [rows.input]);
  return { opened: openReply(deps, material), seen, material };
}

/**
 * The early request when it is the one the claimed play calls for, else null (and it is cancelled). A play stored
 * exactly as it was seen gives the same material: every change to a play's dialogues goes with a change to the
 * play (its sequence numbers, chapter, summary or pending reply). Otherwise the material is built again and
 * compared, so a change that does not reach the prompt (a resumed play's `last_played_at`) costs nothing more.
 */
async function confirmEarly(early: Early | null, before: PlayFields, material: () => Promise<TurnMaterial>): Promise<OpenedReply | null> {
  if (!early) return null;
  try {
    if (JSON.stringify(early.seen) === JSON.stringify(before)) return early.opened;
    if (JSON.stringify(early.material) === JSON.stringify(await material())) return early.opened;
  } catch {
    // Read again by the reply task below.
  }
  early.opened.cancel();
  return null;
}

/**
 * The usual `message/send` (a new, well-formed message to an idle play of the caller) in two durable steps: the
 * slot claim (with the daily quota beside it), then the Input and the reply placeholder in one insert. The claim's
 * filter carries every check that reading the play first would make, so no read comes before it. Returns null,
 * having taken nothing, when the claim does not match: the caller then reads the play and answers with the
 * precise error (or reaps a reply left behind by a stopped process and goes on).
 *
 * The model request does not wait for either step: it opens at once from the play as this process last saw it,
 * and its tokens are held in memory until the turn is stored. When the claimed play would give another prompt
 * (someone played it elsewhere), that request is dropped and the right one opened.
 */
export async function quickSend(ctx: PlayContext, user: UserDoc, input: SendInput, message: string, moderating: Promise<TextCheck>) {
  const chat = ctx.config.chat;
  const now = ctx.now();
  const groupId = `${input.play_id}-${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const lastPlayed = new Date(now);
  const deps = turnDeps(ctx);
  const filter: Record<string, unknown> = { play_id: input.play_id, uid: user.uid, pending_group_id: null, status: mongoose.trusted({ $ne: PlayStatus.Ending }) };
  if (input.story_id) filter.story_id = input.story_id;
  if (input.version_id) filter.version_id = input.version_id;
  // The writes go first: they are the longer way to the first token. The model request opens while they travel.
  const settling = Promise.allSettled([
    spendMessage(user, chat, ctx.config.guestChatTurns, now),
    // The play as it was, so a send that does not go through can put it back.
    Play.findOneAndUpdate(
      filter,
      { $set: { pending_group_id: groupId, status: PlayStatus.Playing, last_played_at: lastPlayed }, $inc: { next_seq: 2, turns: 1, turns_in_chapter: 1 } },
      { new: false },
    ).lean<PlayFields>(),
  ]);
  const early = openEarly(deps, user.uid, input, message, groupId, now, lastPlayed).catch(() => null);
  const dropEarly = () => void early.then((e) => e?.opened.cancel());
  const [spending, taking] = await settling;
  const before = taking.status === 'fulfilled' ? taking.value : null;
  if (!before) {
    dropEarly();
    if (spending.status === 'fulfilled') await spending.value.refund();
    if (taking.status === 'rejected') throw taking.reason;
    return null;
  }
  const giveBack = async () => {
    dropEarly();
    if (spending.status === 'fulfilled') await spending.value.refund();
    await unclaim(before, groupId, 2, true);
  };
  if (spending.status === 'rejected') {
    await giveBack();
    throw spending.reason;
  }
  const spent = spending.value;
  const claimed = afterClaim(before, groupId, lastPlayed);
  // Until the turn ends, another send to this play would only be refused: it opens nothing early.
  rememberPlay(claimed);

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

  const { speakerId, docs, input: input_, reply } = turnRows(claimed, story, groupId, message, now);
  // The rows are fsynced while the early request is checked against the claimed play. Without it, the request
  // opens now from the claimed play; without material the reply task reads it again, and a failure there ends the
  // reply as Fail.
  const inserting = Dialogue.insertMany(docs, { lean: true });
  const materialNow = () => buildMaterial(claimed, story, speakerId, claimed.next_seq - 2, [input_]);
  const opening = early
    .then((e) => confirmEarly(e, before, materialNow))
    .then(async (confirmed) => confirmed ?? openReply(deps, await materialNow()))
    .catch(() => undefined);
  try {
    await inserting;
  } catch (err) {
    void opening.then((opened) => opened?.cancel());
    await Play.updateOne({ play_id: claimed.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
    await spent.refund();
    throw err;
  }
  const prepared = await opening;
  startTurn(deps, { play: claimed, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId, rows: docs }, prepared);
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
