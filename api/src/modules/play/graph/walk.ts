import { DialogueType, NEXT_HANDLE, NodeType, OTHERWISE_HANDLE, PlayStatus, type StoryNode } from 'shared-kit';
import type { NewDialogue } from '../dialogues';
import type { PlayableStory } from '../stories/story.source';
import { chooseSpeaker, NARRATOR, readable } from '../stories/story.view';
import { chapterTarget } from '../turn/director';
import { applyChanges, holds, offeredOptions, type GraphState, type PlayGraph, type PlayVars } from './model';

export type { GraphState };

/*
 * Moving through a story's graph: from a node's way out (a met objective's `next`, a chosen option, a judge's route)
 * through the nodes that play no scene (variable changes, judges) to the next node that waits for the player: a
 * scene, a choice or an ending. Validation refuses loops without a way out on publish; a walk still stops after
 * WALK_MAX_STEPS nodes (a draft may be broken).
 */

export const WALK_MAX_STEPS = 200;

/** The graph has no way on from a node (a draft's broken map), or went round too long. */
export class NoWayOn extends Error {}

/** The director's judgement of the play so far against a Judge node's named outcomes: a route id, or null. */
export type OutcomeJudge = (node: StoryNode) => Promise<string | null>;

/** Where a walk stopped. */
export interface Arrival {
  /** The nodes walked through and the one stopped at, in order. */
  path: string[];
  vars: PlayVars;
  stop: StoryNode;
}


/** The walk from `fromId` leaving by `handle`. */
export async function walkFrom(g: PlayGraph, fromId: string, handle: string, vars: PlayVars, judgeOutcome: OutcomeJudge): Promise<Arrival> {
  const nextId = g.out.get(fromId)?.get(handle);
  if (nextId === undefined) throw new NoWayOn(`no way on from node ${fromId} (${handle})`);
  return enter(g, nextId, vars, judgeOutcome);
}

/** The walk from arriving at node `nodeId` (a play's start, or the target of a way out). */
export async function enter(g: PlayGraph, nodeId: string, vars: PlayVars, judgeOutcome: OutcomeJudge): Promise<Arrival> {
  const path: string[] = [];
  let nextId: string | undefined = nodeId;
  let current = vars;
  for (let step = 0; step < WALK_MAX_STEPS; step += 1) {
    const node: StoryNode | undefined = nextId === undefined ? undefined : g.byId.get(nextId);
    if (!node || node.node_type === NodeType.Folder) throw new NoWayOn(`no way on to node ${nextId ?? '?'}`);
    path.push(node.node_id);
    let way: string;
    switch (node.node_type) {
      case NodeType.VariableAssignment:
        current = applyChanges(current, node.assignments ?? [], g);
        way = NEXT_HANDLE;
        break;
      case NodeType.JudgeContent: {
        const routes = node.routes ?? [];
        if (node.judge_mode === 'outcomes') {
          const chosen = await judgeOutcome(node).catch(() => null);
          // A judgement that names no outcome of the node falls back to its first outcome.
          way = routes.find((r) => r.route_id === chosen)?.route_id ?? routes[0]?.route_id ?? OTHERWISE_HANDLE;
        } else {
          way = routes.find((r) => r.condition && holds(r.condition, current, g))?.route_id ?? OTHERWISE_HANDLE;
        }
        break;
      }
      default:
        return { path, vars: current, stop: node };
    }
    nextId = g.out.get(node.node_id)?.get(way);
  }
  throw new NoWayOn(`more than ${WALK_MAX_STEPS} steps from node ${nodeId}`);
}

/**
 * The rows and play fields of arriving at `a.stop`, from the scene at `fromIndex` (null: the play's start, where a
 * scene opens without a SwitchChapter). `firstSeq`: the first row's number.
 */
export function arrivalOf(story: PlayableStory, g: PlayGraph, a: Arrival, fromIndex: number | null, firstSeq: number, now: number) {
  const c = story.content;
  const node = a.stop;
  const index = g.indexOf.get(node.node_id)!;
  const rows: NewDialogue[] = [];
  const set: Record<string, unknown> = { node_id: node.node_id, chapter_index: index, vars: a.vars, awaiting: null };
  let awaiting: GraphState['awaiting'] = null;
  if (node.node_type === NodeType.ChoiceContent) {
    awaiting = 'choice';
    set.awaiting = 'choice';
    const offered = offeredOptions(node, a.vars, g).map((o) => ({ option_id: o.option_id, text: readable(c, o.text) }));
    if (node.free_text) {
      for (const o of offered) rows.push({ type: DialogueType.Option, role: 'system', node_id: node.node_id, content: o.text, option_id: o.option_id });
    } else {
      // Fixed options (no free text): together in one row, as suggestions are (a JSON array of their texts).
      rows.push({ type: DialogueType.FixedOptions, role: 'system', node_id: node.node_id, content: JSON.stringify(offered.map((o) => o.text)), options: offered });
    }
  } else if (node.node_type === NodeType.Success || node.node_type === NodeType.Fail) {
    const type = node.node_type === NodeType.Success ? DialogueType.HappyEnding : DialogueType.BadEnding;
    const content = readable(c, node.content);
    rows.push({ type, role: 'system', node_id: node.node_id, content });
    set.status = PlayStatus.Ending;
    set.ending = { type, content, reason: '', at: new Date(now), node_id: node.node_id };
  } else {
    if (fromIndex !== null) {
      rows.push({ type: DialogueType.SwitchChapter, role: 'system', node_id: node.node_id, content: node.name });
      // The scene's first speaker is another character than the last scene's: the move says who speaks now.
      const before = chooseSpeaker(c, fromIndex, '', 0);
      const after = chooseSpeaker(c, index, '', 0);
      if (after !== NARRATOR && after.character_id !== before.character_id) {
        rows.push({ type: DialogueType.SwitchNpc, role: 'system', node_id: node.node_id, character_id: after.character_id, content: after.name });
      }
    }
    rows.push(chapterTarget(story, index));
    set.chapter_start_seq = firstSeq + rows.length - 1;
    set.turns_in_chapter = 0;
  }
  const state: GraphState = { node_id: node.node_id, vars: a.vars, awaiting, path: a.path };
  rows[rows.length - 1]!.state = state;
  return { rows, set, scene: awaiting === null && set.status === undefined };
}
