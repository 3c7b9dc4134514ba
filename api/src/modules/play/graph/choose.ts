import { DialogueType, ErrorCode, NodeType, PlayStatus, UserIdentity, type ChoiceOption } from 'shared-kit';
import type { PLAY_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import type { Account } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import { Dialogue } from '../dialogue.model';
import { newGroupId, numbered, replyPlaceholder, type NewDialogue } from '../dialogues';
import { Play, type PlayFields } from '../play.model';
import { storyOfPlay } from '../session/plays';
import { presentDialogue } from '../stories/play.presenter';
import type { PlayableStory } from '../stories/story.source';
import { chooseSpeaker, NARRATOR, readable } from '../stories/story.view';
import { ON_THE_WAY } from '../turn/claim';
import { spendMessage } from '../turn/limits';
import { materialOf } from '../turn/material';
import { rowsBetween } from '../turn/rows';
import { inputProblem, type SendAnswer } from '../turn/answer';
import { startTurn, turnDeps } from '../turn/task';
import { outcomeJudge } from './director';
import { initialVars, offeredOptions, playGraphOf, type PlayGraph } from './model';
import { refuseChangedDraft } from './state';
import { arrivalOf, NoWayOn, walkFrom } from './walk';

type SendInput = z.output<typeof PLAY_REQUESTS.sendBody>;

const bad = (field: string, message: string) =>
  new AppError(ErrorCode.ClientParamError, `${field}: ${message}`, { data: { errors: [{ path: field, message }] } });

/**
 * `message/send` on a graph play waiting at a Choice node: the player picks an option on offer by its id in
 * `option_contents` (or, where the node allows it, types text the director judges against the options). The way
 * out of the chosen option is walked (variable changes, judges) to the next scene, choice or ending, and ONE
 * conditional write claims the turn and sets the node, the variables and the rows' numbers; the rows follow (the
 * Input with the chosen option, the move's rows, the last one carrying the state a rewind restores). A scene gets a
 * reply (streamed by the turn's task, which releases the play); a choice or an ending releases it at once. Anything
 * refused (an id not on offer: 1009) writes nothing.
 */
export async function sendChoice(ctx: PlayContext, user: Account, input: SendInput, play: PlayFields): Promise<SendAnswer> {
  const story = await storyOfPlay(play);
  const g = playGraphOf(story.content);
  const node = g?.byId.get(play.node_id);
  if (!g || !node || node.node_type !== NodeType.ChoiceContent) throw new AppError(ErrorCode.ConcurrentOperation, 'The play moved on meanwhile');
  if (play.is_draft) await refuseChangedDraft(play, story);
  if (input.is_loop || input.keep_talking || input.edit_dialogue_id) throw bad('option_contents', 'choose one of the options first');
  const vars = play.vars ?? initialVars(g);
  const offered = offeredOptions(node, vars, g);
  const c = story.content;
  const picked = input.option_contents?.[0]?.trim();
  let chosen: ChoiceOption | undefined;
  let said: string;
  if (picked !== undefined && picked !== '') {
    // By id; the exact text of an option on offer is taken too (a client showing the FixedOptions row's texts).
    chosen = offered.find((o) => o.option_id === picked) ?? offered.find((o) => readable(c, o.text) === picked);
    if (!chosen) throw bad('option_contents', 'not an option on offer');
    said = readable(c, chosen.text);
  } else {
    said = input.message.trim();
    if (!node.free_text) throw bad('option_contents', 'choose one of the options');
    const size = inputProblem(said, ctx);
    if (size) throw size;
    const check = await ctx.checkText(said);
    if (check.flagged) throw new AppError(ErrorCode.SecurityFail, 'Content violation, edit and retry');
    chosen = await judgeTyped(ctx, story, g, play, said, offered);
    if (!chosen) throw bad('message', 'matches none of the options; choose one');
  }
  const rows = await recentRows(play);
  const judge = outcomeJudge(ctx.chat, story, materialOf(play, story, NARRATOR.character_id, rows), said);
  const arrival = await walkFrom(g, node.node_id, chosen.option_id, vars, judge).catch((err: unknown) => {
    throw err instanceof NoWayOn ? bad('option_contents', 'the story map has no way on from this option') : err;
  });
  return claimAndWrite(ctx, user, input, play, story, g, { said, optionId: chosen.option_id, arrival });
}

/** The play's rows since its running summary (a typed choice and a judge on outcomes read the play so far). */
function recentRows(play: PlayFields) {
  return rowsBetween(play.play_id, play.summary_upto_seq, play.next_seq);
}

/** The option typed text means, by the director's structured judgement (offline: the word matcher); none: undefined. */
async function judgeTyped(ctx: PlayContext, story: PlayableStory, g: PlayGraph, play: PlayFields, said: string, offered: ChoiceOption[]) {
  const material = materialOf(play, story, NARRATOR.character_id, await recentRows(play));
  const items = offered.map((o) => ({ id: o.option_id, text: readable(story.content, o.text) }));
  const answer = await ctx.chat.judgeChoice({ kind: 'one', question: 'Which option does the player choose?', items, text: said, material });
  return offered.find((o) => o.option_id === answer.ids[0]);
}

async function claimAndWrite(
  ctx: PlayContext,
  user: Account,
  input: SendInput,
  play: PlayFields,
  story: PlayableStory,
  g: PlayGraph,
  choice: { said: string; optionId: string; arrival: Awaited<ReturnType<typeof walkFrom>> },
): Promise<SendAnswer> {
  const now = ctx.now();
  const groupId = newGroupId(play.play_id, now);
  const firstSeq = play.next_seq + 1;
  const move = arrivalOf(story, g, choice.arrival, play.chapter_index, firstSeq + 1, now);
  const items: NewDialogue[] = [{ type: DialogueType.Input, role: 'player', content: choice.said, node_id: play.node_id, option_id: choice.optionId }, ...move.rows];
  let speakerId = '';
  if (move.scene) {
    const speaker = chooseSpeaker(story.content, move.set.chapter_index as number, choice.said, 0);
    speakerId = speaker.character_id;
    items.push(replyPlaceholder(speaker.character_id, speaker === NARRATOR, move.set.node_id as string));
  }
  const at = new Date(now);
  const filter: Record<string, unknown> = {
    play_id: play.play_id,
    uid: user.uid,
    pending_group_id: null,
    status: { $ne: PlayStatus.Ending },
    awaiting: 'choice',
    node_id: play.node_id,
    next_seq: play.next_seq,
  };
  if (input.story_id) filter.story_id = input.story_id;
  if (input.version_id) filter.version_id = input.version_id;
  const inc: Record<string, number> = { next_seq: items.length, turns: 1 };
  if (!('turns_in_chapter' in move.set)) inc.turns_in_chapter = 1;
  const claim = Play.collection.findOneAndUpdate(
    filter,
    { $set: { ...move.set, status: move.set.status ?? PlayStatus.Playing, pending_group_id: groupId, last_played_at: at, updated_at: at }, $inc: inc },
    { returnDocument: 'before', writeConcern: ON_THE_WAY },
  );
  const [claiming, spending] = await Promise.allSettled([claim, spendMessage(user, ctx.config.chat, ctx.config.guestChatTurns, now)]);
  const before = claiming.status === 'fulfilled' ? (claiming.value as PlayFields | null) : null;
  const spent = spending.status === 'fulfilled' ? spending.value : null;
  const docs = numbered(play.play_id, groupId, firstSeq, items, now);
  let stored = false;
  const undo = async () => {
    if (spent) await spent.refund();
    if (!before) return;
    if (stored) await Dialogue.collection.deleteMany({ dialogue_id: { $in: docs.map((d) => d.dialogue_id) } });
    await Play.updateOne(
      { play_id: play.play_id, pending_group_id: groupId },
      {
        $set: {
          pending_group_id: null,
          node_id: before.node_id,
          chapter_index: before.chapter_index,
          vars: before.vars ?? initialVars(g),
          awaiting: 'choice',
          status: before.status,
          ending: before.ending,
          chapter_start_seq: before.chapter_start_seq,
          turns_in_chapter: before.turns_in_chapter,
          last_played_at: before.last_played_at,
        },
        $inc: { next_seq: stored ? 0 : -items.length, turns: -1, history_rev: 1 },
      },
    );
  };
  if (!before) {
    await undo();
    if (claiming.status === 'rejected') throw claiming.reason;
    throw new AppError(ErrorCode.ConcurrentOperation, 'The play moved on meanwhile');
  }
  try {
    if (spending.status === 'rejected') throw spending.reason;
    await Dialogue.collection.insertMany(docs.map((d) => ({ ...d })));
    stored = true;
  } catch (err) {
    await undo();
    throw err;
  }
  const reply = move.scene ? docs[docs.length - 1]! : null;
  if (reply) {
    // The play as the claim left it (the reply's director works from it).
    const view: PlayFields = {
      ...before,
      turns_in_chapter: before.turns_in_chapter + (inc.turns_in_chapter ?? 0),
      ...(move.set as Partial<PlayFields>),
      pending_group_id: groupId,
      status: PlayStatus.Playing,
      next_seq: before.next_seq + items.length,
      turns: before.turns + 1,
    };
    startTurn(turnDeps(ctx, user), { play: view, story, groupId, replyId: reply.dialogue_id, replySeq: reply.seq, speakerId, rows: docs, history: null });
  } else {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: groupId }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
  }
  const last = docs[docs.length - 1]!;
  return {
    play_id: play.play_id,
    group_id: groupId,
    input_dialogue: presentDialogue(docs[0]!, story.content),
    reply_dialogue_ids: reply ? [reply.dialogue_id] : [],
    seq_st: firstSeq,
    seq_ed: last.seq,
    send_limit: spent!.limit,
    guest: user.identity === UserIdentity.Tour,
  };
}
