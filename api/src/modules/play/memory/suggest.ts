import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { assemblePrompt, ChatFailure } from '../../../ai/chat';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { lastDialogue, numbered } from '../dialogues';
import { Play, type PlayFields } from '../play.model';
import { ownPlay, storyOfPlay } from '../session/plays';
import { presentDialogue } from '../stories/play.presenter';
import { NARRATOR } from '../stories/story.view';
import { materialOf } from '../turn/material';
import { rowsBetween } from '../turn/rows';

/** Rows a suggestion follows: a finished, clean reply (or the opening). */
const REPLIES: ReadonlySet<string> = new Set([DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark]);

function parse(d: DialogueFields): string[] {
  try {
    const v: unknown = JSON.parse(d.content);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return d.content.split('\n').filter((s) => s.trim() !== '');
  }
}

/**
 * `message/suggest` (ours): two or three short things the player might say after the newest reply, from the chat
 * provider with the prompt the next reply would get (offline: from the chapter's objective and the last reply).
 * They are stored as a FixedOptions row after the reply, in its turn's group, so the player's choices show them and
 * tapping one sends it as `option_contents`; asking again while they are the newest row gives the same ones. The
 * model is asked without holding the play; the row is written under a short hold only when nothing was added since.
 */
export async function suggestReplies(ctx: PlayContext, uid: string, playId: string) {
  const play = await ownPlay(playId, uid);
  if (play.status === PlayStatus.Ending) throw new AppError(ErrorCode.BusinessError, 'The story has ended', { data: { reason: 'play_ended' } });
  if (play.pending_group_id) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  const story = await storyOfPlay(play);
  const last = await lastDialogue(play.play_id);
  if (last?.type === DialogueType.FixedOptions && last.done) return { play_id: play.play_id, options: parse(last), dialogue: presentDialogue(last, story.content) };
  if (!last || !REPLIES.has(last.type) || !last.done || last.status !== DialogueStatus.Normal) {
    throw new AppError(ErrorCode.ClientParamError, 'play_id: suggestions follow a finished reply', { data: { errors: [{ path: 'play_id', message: 'suggestions follow a finished reply' }] } });
  }
  const rows = await rowsBetween(play.play_id, play.summary_upto_seq, last.seq);
  const material = materialOf(play, story, last.character_id || NARRATOR.character_id, rows);
  const { messages } = assemblePrompt(material, ctx.config.chat);
  let options: string[];
  try {
    options = await ctx.chat.suggest({ material, messages });
  } catch (err) {
    const failure = err instanceof ChatFailure ? err : null;
    ctx.logger.warn({ err, play_id: play.play_id }, 'suggestions failed');
    throw new AppError(failure?.code ?? ErrorCode.ModelServiceError, 'No suggestions this time, try again');
  }
  return { play_id: play.play_id, options, dialogue: presentDialogue(await store(ctx, play, last, options), story.content) };
}

/** Writes the FixedOptions row after `last` while nothing else was added to the play. */
async function store(ctx: PlayContext, play: PlayFields, last: DialogueFields, options: string[]): Promise<DialogueFields> {
  const lockId = `suggest-${ctx.now()}`;
  const held = await Play.findOneAndUpdate(
    { play_id: play.play_id, pending_group_id: null, next_seq: play.next_seq },
    { $set: { pending_group_id: lockId }, $inc: { next_seq: 1 } },
    { new: true, projection: { next_seq: 1 } },
  ).lean<Pick<PlayFields, 'next_seq'>>();
  if (!held) throw new AppError(ErrorCode.ConcurrentOperation, 'The play moved on meanwhile');
  const [row] = numbered(play.play_id, last.group_id, held.next_seq, [{ type: DialogueType.FixedOptions, role: 'system', content: JSON.stringify(options), node_id: play.node_id }], ctx.now());
  try {
    await Dialogue.insertMany([row!]);
  } finally {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: lockId }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
  }
  return row!;
}
