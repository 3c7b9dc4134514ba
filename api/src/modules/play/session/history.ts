import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import type { PlayContext } from '../context';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { Play, type PlayFields } from '../play.model';
import { presentDialogue } from '../stories/play.presenter';
import { ownPlay, playInfo, storyOfPlay } from './plays';
import { graphStateAt } from '../graph/state';

/** `dialogue_list`: a page by sequence number, through the (play_id, seq) index whatever the play's length. */
export async function dialogueList(uid: string, q: { play_id: string; seq_st?: number; seq_ed?: number; count: number }) {
  const play = await ownPlay(q.play_id, uid);
  const story = await storyOfPlay(play);
  let rows: DialogueFields[];
  if (q.seq_st !== undefined) {
    rows = await Dialogue.find({ play_id: play.play_id, seq: mongoose.trusted({ $gte: q.seq_st }) }).sort({ seq: 1 }).limit(q.count + 1).lean<DialogueFields[]>();
  } else {
    const filter = q.seq_ed !== undefined ? { play_id: play.play_id, seq: mongoose.trusted({ $lt: q.seq_ed }) } : { play_id: play.play_id };
    rows = (await Dialogue.find(filter).sort({ seq: -1 }).limit(q.count + 1).lean<DialogueFields[]>()).reverse();
  }
  const more = rows.length > q.count;
  const page = q.seq_st !== undefined ? rows.slice(0, q.count) : rows.slice(rows.length - Math.min(rows.length, q.count));
  const first = page[0]?.seq ?? 0;
  // Numbers are never reused, so a backtrack leaves a gap: whether rows lie past the page is read, not counted.
  let after = more;
  if (q.seq_st === undefined) after = q.seq_ed !== undefined && (await Dialogue.exists({ play_id: play.play_id, seq: mongoose.trusted({ $gte: q.seq_ed }) })) !== null;
  return {
    play_id: play.play_id,
    dialogues: page.map((d) => presentDialogue(d, story.content)),
    has_more_before: q.seq_st !== undefined ? first > 1 : more,
    has_more_after: after,
    last_seq: play.next_seq,
  };
}

/**
 * `story/backtrack`: removes every dialogue after the chosen one and puts the play back where it stood then:
 * chapter, turn counts, running summary and ending. Refused while a reply is being written. The removed rows'
 * sequence numbers are not handed out again: the next turn is numbered after them, so a number names one row. The
 * play is held while its rows go, and its release bumps the rows' revision (a copy in any process is then stale).
 */
export async function backtrack(ctx: PlayContext, uid: string, playId: string, dialogueId: string) {
  const play = await ownPlay(playId, uid);
  const target = await Dialogue.findOne({ dialogue_id: dialogueId, play_id: play.play_id }).lean<DialogueFields>();
  if (!target) throw new AppError(ErrorCode.RecordNotFound, 'No such dialogue in this play');
  if (!target.done) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  const lockId = `backtrack-${target.seq}-${ctx.now()}`;
  const locked = await Play.findOneAndUpdate({ play_id: play.play_id, pending_group_id: null }, { $set: { pending_group_id: lockId } }, { new: true }).lean<PlayFields>();
  if (!locked) throw new AppError(ErrorCode.ConcurrentOperation, 'A reply is still being written');
  try {
    await Dialogue.deleteMany({ play_id: play.play_id, seq: mongoose.trusted({ $gt: target.seq }) });
    const state = await stateAt(play.play_id, target.seq);
    await Play.updateOne(
      { play_id: play.play_id, pending_group_id: lockId },
      // Pins of the lines removed go with them (notes stay).
      {
        $set: { ...state, pending_group_id: null, ending: null, last_played_at: new Date(ctx.now()) },
        $inc: { history_rev: 1 },
        $pull: { pins: { kind: 'line', seq: { $gt: target.seq } } },
        // An ending of a branching story rewound away from stays found (`story/endings`).
        ...(locked.ending?.node_id ? { $addToSet: { endings_found: locked.ending.node_id } } : {}),
      },
    );
  } catch (err) {
    await Play.updateOne({ play_id: play.play_id, pending_group_id: lockId }, { $set: { pending_group_id: null }, $inc: { history_rev: 1 } });
    throw err;
  }
  const after = await ownPlay(play.play_id, uid);
  return { play_info: await playInfo(ctx, after), removed_after_seq: target.seq };
}

/** The play's derived state from its remaining dialogues (up to `seq`): read backwards through the index. */
export async function stateAt(playId: string, seq: number) {
  const upto = mongoose.trusted({ $lte: seq });
  const target = await Dialogue.findOne({ play_id: playId, type: DialogueType.ChapterTarget, seq: upto }).sort({ seq: -1 }).lean<DialogueFields>();
  const chapterStart = target?.seq ?? 0;
  const summary = await Dialogue.findOne({ play_id: playId, type: DialogueType.Summary, seq: upto }).sort({ seq: -1 }).lean<DialogueFields>();
  const inputs = { play_id: playId, type: DialogueType.Input, status: DialogueStatus.Normal };
  const turns = await Dialogue.countDocuments({ ...inputs, seq: upto });
  const turnsInChapter = await Dialogue.countDocuments({ ...inputs, seq: mongoose.trusted({ $gt: chapterStart, $lte: seq }) });
  const chapterIndex = await Dialogue.countDocuments({ play_id: playId, type: DialogueType.SwitchChapter, seq: upto });
  const base = await Dialogue.findOne({ play_id: playId, seq: 1 }).lean<DialogueFields>();
  // A draft play can start at a later chapter: count switches from the chapter it started in.
  const play = await Play.findOne({ play_id: playId }, { draft_snapshot: 1, is_draft: 1, story_id: 1, version_id: 1, vars: 1 }).lean<PlayFields>();
  let startIndex = 0;
  if (play?.is_draft && base) {
    const nodes = (play.draft_snapshot as { nodes: Array<{ node_id: string }> }).nodes;
    startIndex = Math.max(0, nodes.findIndex((n) => n.node_id === base.node_id));
  }
  // A graph play: the node, its place and the variables as the latest row up to `seq` recorded them.
  const graph = play && play.vars !== undefined ? await graphStateAt(playId, seq, (await storyOfPlay(play)).content.nodes) : null;
  return {
    ...(graph ?? {}),
    node_id: graph?.node_id ?? target?.node_id ?? base?.node_id ?? '',
    chapter_index: graph?.chapter_index ?? startIndex + chapterIndex,
    chapter_start_seq: chapterStart,
    turns,
    turns_in_chapter: turnsInChapter,
    summary: summary?.content ?? '',
    summary_upto_seq: summary?.covers_upto_seq ?? 0,
    status: turns > 0 ? PlayStatus.Playing : PlayStatus.Start,
  };
}
