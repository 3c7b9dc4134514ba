import mongoose from 'mongoose';
import { DialogueType, ErrorCode, PlayStatus, UserIdentity } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { Account } from '../../lib/context';
import type { PlayContext } from './context';
import { Dialogue, type DialogueFields } from './dialogue.model';
import { newGroupId, numbered, replyPlaceholder, type NewDialogue } from './dialogues';
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
import { forgetPlay, recallIdlePlay, rememberPlay } from './playState';
import type { PlayableStory } from './story.source';
import { openReply, startTurn, turnDeps } from './task';

/** The moderation of the message, started on first call (a send starts it when it suits its order of work). */
export type Moderate = () => Promise<TextCheck>;

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

const CLAIM_UPDATE = (groupId: string, lastPlayed: Date) => ({
  $set: { pending_group_id: groupId, status: PlayStatus.Playing, last_played_at: lastPlayed },
  $inc: { next_seq: 2, turns: 1, turns_in_chapter: 1 },
});

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

/** What `message/send` answers for a turn that started. */
function answer(claimed: PlayFields, story: PlayableStory, groupId: string, input: DialogueFields, reply: DialogueFields, limit: unknown, user: Account) {
  return {
    play_id: claimed.play_id,
    group_id: groupId,
    input_dialogue: presentDialogue(input, story.content),
    reply_dialogue_ids: [reply.dialogue_id],
    seq_st: input.seq,
    seq_ed: reply.seq,
    send_limit: limit,
    guest: user.identity === UserIdentity.Tour,
  };
}

/** A macrotask later: what the current one started (a model request's bytes) has been written out. */
const afterIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The usual `message/send` (a new, well-formed message to an idle play of the caller). Returns null, having taken
 * nothing, when it cannot tell the play is ready: the caller then reads the play and answers with the precise error
 * (or reaps a reply left behind by a stopped process and goes on).
 *
 * When this process saw the play last (see playState), the turn is predicted from that sight and the model request
 * goes out first; see `predictedSend`. Otherwise the slot is claimed first; see `claimedSend`.
 */
export async function quickSend(ctx: PlayContext, user: Account, input: SendInput, message: string, moderate: Moderate) {
  const seen = recallIdlePlay(input.play_id, user.uid);
  if (seen && (!input.story_id || input.story_id === seen.story_id) && (!input.version_id || input.version_id === seen.version_id)) {
    return predictedSend(ctx, user, seen, input, message, moderate);
  }
  return claimedSend(ctx, user, input, message, moderate);
}

/** How long a turn's bookkeeping waits for the reply's first word before it goes ahead anyway. */
const FIRST_WORD_WAIT_MS = 150;

/**
 * Resolves once the reply's first word has been passed on (or the request ended, or FIRST_WORD_WAIT_MS passed):
 * the writes that follow then do not hold the event loop while the player waits for that word.
 */
function firstWordOut(opened: OpenedReply | undefined): Promise<void> {
  if (!opened) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_WORD_WAIT_MS)));
  return Promise.race([opened.firstEvent, waited]).then(() => {
    clearTimeout(timer);
    return afterIo();
  });
}

/**
 * The turn as this process last saw the play, with the model request first: it is the longest way to the first
 * word. Then, together, the input's moderation and the slot claim, whose filter holds the play to the state the turn
 * was predicted from (its sequence numbers, chapter and turn count, so the rows and the speaker are right); the daily
 * quota too (one conditional write, read from MongoDB, never from this process's memory). Once all of that has passed, the
 * turn is the player's and its words are shown as they come. The Input and reply rows (and a quota left for later)
 * are written after the first word is out, and the send answers once they are stored; the reply's own writes wait
 * for them. A claim that does not match (someone played or rewound elsewhere) takes back what was written and goes
 * the claim-first way; the prompt is checked against the claimed play and opened again when it differs. Rows that
 * cannot be stored, or a quota another process used up meanwhile, end the turn: its words stop and nothing of it
 * stays.
 */
async function predictedSend(ctx: PlayContext, user: Account, seen: Readonly<PlayFields>, input: SendInput, message: string, moderate: Moderate) {
  const now = ctx.now();
  const groupId = newGroupId(seen.play_id, now);
  const lastPlayed = new Date(now);
  const deps = turnDeps(ctx);
  const chat = ctx.config.chat;
  const predicted = afterClaim(seen, groupId, lastPlayed);
  // Until this send is settled, another one to the play in this process takes the claim-first way (and is refused).
  rememberPlay(predicted);

  let story: PlayableStory;
  let rows: ReturnType<typeof turnRows>;
  let material: TurnMaterial;
  try {
    story = await storyOfPlay(predicted);
    rows = turnRows(predicted, story, groupId, message, now);
    material = await buildMaterial(predicted, story, rows.speakerId, predicted.next_seq - 2, [rows.input]);
  } catch (err) {
    forgetPlay(seen.play_id);
    throw err;
  }
  const opened = openReply(deps, material);
  await afterIo();

  const filter = {
    play_id: seen.play_id,
    uid: user.uid,
    pending_group_id: null,
    status: { $ne: PlayStatus.Ending },
    story_id: seen.story_id,
    version_id: seen.version_id,
    node_id: seen.node_id,
    next_seq: seen.next_seq,
    chapter_index: seen.chapter_index,
    turns: seen.turns,
  };
  const moderating = moderate();
  // The claim and the rows go through the collections: these writes are on the way to the first word, plays and
  // dialogues have no middleware, and mongoose's query building cost about as much again as the driver's own work.
  // The claim sets `updated_at` itself, as mongoose's timestamps would.
  const update = CLAIM_UPDATE(groupId, lastPlayed);
  const claiming = Play.collection.findOneAndUpdate(filter, { ...update, $set: { ...update.$set, updated_at: lastPlayed } }, { returnDocument: 'before' }) as Promise<PlayFields | null>;
  const spendingNow = spendMessage(user, chat, ctx.config.guestChatTurns, now);
  const [checking, taking, spending] = await Promise.allSettled([moderating, claiming, spendingNow]);
  const before = taking.status === 'fulfilled' ? taking.value : null;
  const spent = spending.status === 'fulfilled' ? spending.value : null;
  /** Takes back whatever this send took; the play's state in this process is read again next time. */
  const takeBack = async () => {
    opened.cancel();
    forgetPlay(seen.play_id);
    if (spent) await spent.refund();
    if (before) await unclaim(before, groupId, 2, true);
  };

  if (!before) {
    // Not the play this process saw (or a database failure): nothing of this send stays.
    await takeBack();
    if (taking.status === 'rejected') throw taking.reason;
    return claimedSend(ctx, user, input, message, moderate);
  }
  if (checking.status === 'rejected' || spending.status === 'rejected') {
    await takeBack();
    throw checking.status === 'rejected' ? checking.reason : (spending as PromiseRejectedResult).reason;
  }
  if (checking.value.flagged) {
    await takeBack();
    return refuseInput(before, groupId, message, checking.value, now);
  }

  const claimed = afterClaim(before, groupId, lastPlayed);
  rememberPlay(claimed);
  const materialNow = () => buildMaterial(claimed, story, rows.speakerId, claimed.next_seq - 2, [rows.input]);
  const prepared = (await confirmEarly(opened, seen, before, material, materialNow)) ?? (await materialNow().then((m) => openReply(deps, m), () => undefined));
  let settle!: { stored: () => void; failed: (err: unknown) => void };
  const stored = new Promise<void>((resolve, reject) => (settle = { stored: resolve, failed: reject }));
  // The reply task reads the outcome when it needs it; a failure is reported by this send.
  stored.catch(() => undefined);
  startTurn(deps, { play: claimed, story, groupId, replyId: rows.reply.dialogue_id, replySeq: rows.reply.seq, speakerId: rows.speakerId, rows: rows.docs, stored }, prepared);

  await firstWordOut(prepared);
  const [storing] = await Promise.allSettled([Dialogue.collection.insertMany(rows.docs.map((d) => ({ ...d })))]);
  if (storing.status === 'rejected') {
    // The turn ends here: its words stop, and the play, the rows and the quota are as they were before it.
    prepared?.cancel();
    await takeBack();
    const reason = storing.reason;
    settle.failed(reason);
    // Rows at these numbers already: another send to this play got in between, from another process.
    if ((reason as { code?: number }).code === 11000) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
    throw reason;
  }
  settle.stored();
  return answer(claimed, story, groupId, rows.input, rows.reply, spent!.limit, user);
}

/**
 * `opened` when it is the request the claimed play calls for, else null (and it is cancelled). A play stored
 * exactly as it was seen gives the same material: every change to a play's dialogues goes with a change to the
 * play (its sequence numbers, chapter, summary or pending reply). Otherwise the material is built again and
 * compared, so a change that does not reach the prompt (a resumed play's `last_played_at`) costs nothing more.
 */
async function confirmEarly(
  opened: OpenedReply,
  seen: Readonly<PlayFields>,
  before: PlayFields,
  material: TurnMaterial,
  materialNow: () => Promise<TurnMaterial>,
): Promise<OpenedReply | null> {
  try {
    if (JSON.stringify(seen) === JSON.stringify(before)) return opened;
    if (JSON.stringify(material) === JSON.stringify(await materialNow())) return opened;
  } catch {
    // Read again below.
  }
  opened.cancel();
  return null;
}

/**
 * The turn for a play this process has not seen idle, in two durable steps: the slot claim (with the daily quota
 * and the moderation beside it), then the Input and the reply placeholder in one insert while the model request
 * opens from the claimed play. The claim's filter carries every check that reading the play first would make, so
 * no read comes before it. Null, having taken nothing, when the claim does not match.
 */
async function claimedSend(ctx: PlayContext, user: Account, input: SendInput, message: string, moderate: Moderate) {
  const now = ctx.now();
  const groupId = newGroupId(input.play_id, now);
  const lastPlayed = new Date(now);
  const deps = turnDeps(ctx);
  const filter: Record<string, unknown> = { play_id: input.play_id, uid: user.uid, pending_group_id: null, status: mongoose.trusted({ $ne: PlayStatus.Ending }) };
  if (input.story_id) filter.story_id = input.story_id;
  if (input.version_id) filter.version_id = input.version_id;
  const moderating = moderate();
  const [spending, taking] = await Promise.allSettled([
    spendMessage(user, ctx.config.chat, ctx.config.guestChatTurns, now),
    // The play as it was, so a send that does not go through can put it back.
    Play.findOneAndUpdate(filter, CLAIM_UPDATE(groupId, lastPlayed), { new: false }).lean<PlayFields>(),
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
  const claimed = afterClaim(before, groupId, lastPlayed);
  // Until the turn ends, another send to this play would only be refused: it predicts nothing.
  rememberPlay(claimed);

  let story;
  let check: TextCheck;
  try {
    [story, check] = await Promise.all([storyOfPlay(claimed), moderating]);
  } catch (err) {
    forgetPlay(claimed.play_id);
    await giveBack();
    throw err;
  }
  if (check.flagged) {
    forgetPlay(claimed.play_id);
    await giveBack();
    return refuseInput(before, groupId, message, check, now);
  }

  const { speakerId, docs, input: input_, reply } = turnRows(claimed, story, groupId, message, now);
  // The rows are fsynced while the model request opens; without material the reply task reads it again, and a
  // failure there ends the reply as Fail.
  const inserting = Dialogue.insertMany(docs, { lean: true });
  const opening = buildMaterial(claimed, story, speakerId, claimed.next_seq - 2, [input_]).then(
    (material) => openReply(deps, material),
    () => undefined,
  );
  try {
    await inserting;
  } catch (err) {
    void opening.then((opened) => opened?.cancel());
    forgetPlay(claimed.play_id);
    await Play.updateOne({ play_id: claimed.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null } });
    await spent.refund();
    throw err;
  }
  const prepared = await opening;
  startTurn(deps, { play: claimed, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId, rows: docs }, prepared);
  return answer(claimed, story, groupId, input_, reply, spent.limit, user);
}
