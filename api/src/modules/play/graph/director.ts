import { DialogueType, PlayStatus, type StoryNode } from 'shared-kit';
import type { ChatProvider, JudgeMaterial, JudgeVerdict, TurnMaterial } from '../../../ai/chat';
import type { Logger } from '../../../lib/logger';
import { Dialogue } from '../dialogue.model';
import { numbered, type NewDialogue } from '../dialogues';
import { Play, type PlayFields } from '../play.model';
import type { PlayableStory } from '../stories/story.source';
import { readable } from '../stories/story.view';
import { applyChanges, initialVars, isSceneNode, type PlayGraph, type PlayVars } from './model';
import { arrivalOf, NoWayOn, walkFrom, type GraphState, type OutcomeJudge } from './walk';

/** The director's judgement of the play so far against a Judge node's named outcomes (structured output). */
export function outcomeJudge(chat: ChatProvider, story: PlayableStory, material: TurnMaterial, said: string): OutcomeJudge {
  return async (node: StoryNode) => {
    const items = (node.routes ?? []).map((r) => ({ id: r.route_id, text: readable(story.content, r.outcome ?? '') }));
    const answer = await chat.judgeChoice({ kind: 'one', question: 'Which of these outcomes has the play so far reached?', items, text: said, material });
    return answer.ids[0] ?? null;
  };
}

/** The scene's rules that held on the player's latest turn (structured output), and the variables they leave. */
export async function applyRules(chat: ChatProvider, story: PlayableStory, g: PlayGraph, node: StoryNode, vars: PlayVars, latest: string, material: TurnMaterial): Promise<PlayVars> {
  const rules = (node.rules ?? []).filter((r) => r.when.trim() !== '');
  if (rules.length === 0 || latest.trim() === '') return vars;
  const items = rules.map((r) => ({ id: r.rule_id, text: readable(story.content, r.when) }));
  const answer = await chat.judgeChoice({ kind: 'many', question: "Which of these happened in the player's latest turn?", items, text: latest, material });
  const held = new Set(answer.ids);
  return applyChanges(vars, rules.filter((r) => held.has(r.rule_id)), g);
}

/** The scene's rules judged on the turn's message (started beside the objective's judgement); never rejects. */
export function judgeRules(
  chat: ChatProvider,
  g: PlayGraph,
  job: { story: PlayableStory; rows: ReadonlyArray<{ type: string; content: string }> },
  play: PlayFields,
  material: TurnMaterial,
  log: Logger,
): Promise<PlayVars> | null {
  const node = g.byId.get(play.node_id);
  if (!node || !isSceneNode(node) || !node.rules?.length) return null;
  const before = play.vars ?? initialVars(g);
  const latest = job.rows.find((r) => r.type === DialogueType.Input)?.content ?? '';
  return applyRules(chat, job.story, g, node, before, latest, material).catch((err: unknown) => {
    log.warn({ err }, 'director rules failed; variables unchanged');
    return before;
  });
}

const sameVars = (a: PlayVars, b: PlayVars) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The director after a clean reply in a graph play's scene: the scene's rules move variables, then a met objective
 * follows the scene's way out through the graph (a failed one ends the play as on a line of chapters). The node, the
 * variables and the rows' numbers change in one write conditional on the turn's hold; the rows follow, the last one
 * carrying the state a rewind restores. Returns the play as left.
 */
export async function graphStep(
  chat: ChatProvider,
  g: PlayGraph,
  job: { story: PlayableStory; groupId: string; replyId: string; rows: ReadonlyArray<{ type: string; content: string }> },
  play: PlayFields,
  verdict: JudgeVerdict,
  material: JudgeMaterial,
  rules: Promise<PlayVars> | null,
  now: number,
  log: Logger,
): Promise<{ play: PlayFields; rows: ReturnType<typeof numbered>; targetSeq: number | null }> {
  const node = g.byId.get(play.node_id);
  const none = { play, rows: [], targetSeq: null };
  if (!node || !isSceneNode(node)) return none;
  const before = play.vars ?? initialVars(g);
  const vars = (await rules) ?? before;
  const firstSeq = play.next_seq + 1;
  let items: NewDialogue[] = [];
  let set: Record<string, unknown> = { vars };
  if (verdict.failed) {
    const content = `The story ends here. ${node.ending_content ? `The goal was: ${readable(job.story.content, node.ending_content)}` : ''}`.trim();
    const state: GraphState = { node_id: node.node_id, vars, awaiting: null, path: [] };
    items = [{ type: DialogueType.BadEnding, role: 'system', node_id: node.node_id, content, state }];
    set = { vars, status: PlayStatus.Ending, ending: { type: DialogueType.BadEnding, content, reason: verdict.reason, at: new Date(now) } };
  } else if (verdict.met) {
    const judge = outcomeJudge(chat, job.story, material, material.chapterInputs.join('\n'));
    try {
      const arrival = await walkFrom(g, node.node_id, 'next', vars, judge);
      const moved = arrivalOf(job.story, g, arrival, play.chapter_index, firstSeq, now);
      items = moved.rows;
      set = moved.set;
    } catch (err) {
      if (!(err instanceof NoWayOn)) throw err;
      log.warn({ err: err.message }, 'the story map has no way on; the scene goes on');
    }
  }
  if (items.length === 0) {
    if (sameVars(before, vars)) return none;
    // Only the variables moved: the play holds them, the reply's row keeps them for a rewind.
    const kept = await Play.updateOne({ play_id: play.play_id, pending_group_id: job.groupId }, { $set: { vars } });
    if (kept.matchedCount === 0) return none;
    await Dialogue.updateOne({ dialogue_id: job.replyId }, { $set: { state: { node_id: node.node_id, vars, awaiting: null, path: [] } } });
    return { play: { ...play, vars }, rows: [], targetSeq: null };
  }
  const held = await Play.updateOne(
    { play_id: play.play_id, pending_group_id: job.groupId, next_seq: play.next_seq },
    { $set: set, $inc: { next_seq: items.length } },
  );
  if (held.modifiedCount === 0) return none;
  const docs = numbered(play.play_id, job.groupId, firstSeq, items, now);
  await Dialogue.insertMany(docs);
  const after = { ...play, ...(set as Partial<PlayFields>), next_seq: play.next_seq + items.length };
  return { play: after, rows: docs, targetSeq: typeof set.chapter_start_seq === 'number' ? set.chapter_start_seq : null };
}
