import mongoose from 'mongoose';
import { CONTENT_TYPES, DialogueType, ErrorCode, NodeType, type StoryContent } from 'shared-kit';
import { AppError } from '../../../lib/errors';
import { Story, storyById } from '../../stories';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import type { NewDialogue } from '../dialogues';
import { Play, type PlayFields } from '../play.model';
import type { PlayableStory } from '../stories/story.source';
import { readable } from '../stories/story.view';
import { graphFingerprint, initialVars, isEndingNode, offeredOptions, playGraphOf, visibleVars, type PlayGraph } from './model';
import { arrivalOf, enter, NoWayOn, type GraphState } from './walk';

/**
 * A test play of a draft keeps the draft's content as it was at start; when the creator has changed the story's map
 * since (nodes, ways, variables), the play cannot follow it: 1004, and the player restarts (the `sync` path).
 */
export async function refuseChangedDraft(play: Pick<PlayFields, 'is_draft' | 'story_id'>, story: PlayableStory): Promise<void> {
  if (!play.is_draft) return;
  const g = playGraphOf(story.content);
  if (!g) {
    // A line of chapters plays on through edits of its chapters, but not once the draft became a graph.
    if (await Story.exists({ story_id: play.story_id, $or: becameGraph() })) throw mapChanged();
    return;
  }
  const live = await storyById(play.story_id, ['nodes', 'edges', 'variables']);
  if (live && graphFingerprint(live as Pick<StoryContent, 'nodes' | 'edges' | 'variables'>) !== g.fingerprint) throw mapChanged();
}

/**
 * A working copy that is a graph (shared-kit's `isGraphStory`, as a filter): ways, variables, or a node not a scene.
 * Our own operators, marked trusted so the global sanitizeFilter lets them through.
 */
const becameGraph = () => [
  { 'edges.0': mongoose.trusted({ $exists: true }) },
  { 'variables.0': mongoose.trusted({ $exists: true }) },
  { nodes: mongoose.trusted({ $elemMatch: { node_type: { $nin: [...CONTENT_TYPES] } } }) },
];

const mapChanged = () => new AppError(ErrorCode.InvalidVersion, 'The story map changed since this play began; restart it', { data: { reason: 'sync', restart: true } });

/** A new graph play's first rows (after the opening remark) and fields: the walk into its start node. */
export async function graphOpening(story: PlayableStory, startId: string | undefined, firstSeq: number, now: number): Promise<{ rows: NewDialogue[]; set: Record<string, unknown> } | null> {
  const g = playGraphOf(story.content);
  if (!g) return null;
  const start = startId ?? g.start?.node_id;
  if (!start) throw new AppError(ErrorCode.PlayableVersionMissing, 'The story has no start');
  try {
    // No conversation yet: a judge on outcomes at the very start takes its first outcome.
    const arrival = await enter(g, start, initialVars(g), async () => null);
    return arrivalOf(story, g, arrival, null, firstSeq, now);
  } catch (err) {
    if (err instanceof NoWayOn) throw new AppError(ErrorCode.PlayableVersionMissing, 'The story map has no way on from its start');
    throw err;
  }
}

/** `play_info`'s graph part (graph plays only): the node, the visible variables, the choices on offer, the endings. */
export function graphInfo(p: PlayFields, story: PlayableStory) {
  const g = playGraphOf(story.content);
  if (!g) return {};
  const node = g.byId.get(p.node_id);
  const vars = p.vars ?? initialVars(g);
  const c = story.content;
  const choosing = p.awaiting === 'choice' && node && !p.ending;
  return {
    graph: {
      node: node ? { node_id: node.node_id, node_type: node.node_type, title: node.name } : null,
      variables: visibleVars(vars, g),
      choices: choosing ? offeredOptions(node, vars, g).map((o) => ({ option_id: o.option_id, text: readable(c, o.text) })) : [],
      free_text: choosing ? node.free_text === true : true,
      endings_count: g.endings.length,
    },
  };
}

/** The graph state of a play at `seq` (a rewind): from the latest row up to it carrying one; null for a line of chapters. */
export async function graphStateAt(playId: string, seq: number, nodes: StoryContent['nodes']) {
  const row = await Dialogue.findOne({ play_id: playId, state: mongoose.trusted({ $exists: true }), seq: mongoose.trusted({ $lte: seq }) }, { state: 1 })
    .sort({ seq: -1 })
    .lean<Pick<DialogueFields, 'state'>>();
  if (!row?.state) return null;
  const s = row.state;
  return { node_id: s.node_id, chapter_index: Math.max(0, nodes.findIndex((n) => n.node_id === s.node_id)), vars: s.vars, awaiting: s.awaiting };
}

/** The nodes a play passed, from its rows' states. */
async function reachedBy(playId: string): Promise<Set<string>> {
  const rows = await Dialogue.find({ play_id: playId, state: mongoose.trusted({ $exists: true }) }, { state: 1 }).lean<Array<Pick<DialogueFields, 'state'>>>();
  const reached = new Set<string>();
  for (const r of rows) for (const id of (r.state as GraphState).path ?? []) reached.add(id);
  for (const r of rows) if (r.state) reached.add(r.state.node_id);
  return reached;
}

/** The players' map of one play: every node, named only when reached; the ways between them. */
function mapOf(g: PlayGraph, story: PlayableStory, reached: Set<string>) {
  const shown = g.nodes.filter((n) => n.node_type !== NodeType.Folder);
  return {
    nodes: shown.map((n) => {
      const seen = reached.has(n.node_id);
      return { node_id: n.node_id, node_type: seen ? n.node_type : null, title: seen ? n.name || (isEndingNode(n) ? readable(story.content, n.content) : '') : '', reached: seen };
    }),
    edges: [...g.out].flatMap(([source, handles]) => [...handles.values()].map((target) => ({ source, target }))),
  };
}

/**
 * `story/endings` (ours): the endings the player found across all their plays of the story (each ending's node,
 * type and text, from the plays that reached it) out of how many the play's version has; with `play_id` (theirs),
 * that play's map of the nodes it passed. Only the player's own plays count; a play of someone else is 1050001.
 */
export async function endingsFound(uid: string, storyId: string, playId: string | undefined, storyOf: (p: PlayFields) => Promise<PlayableStory>) {
  const plays = await Play.find({ uid, story_id: storyId }, { play_id: 1, ending: 1, endings_found: 1, version_id: 1, is_draft: 1, draft_snapshot: 1, story_id: 1, last_played_at: 1 })
    .sort({ last_played_at: -1 })
    .lean<PlayFields[]>();
  const play = playId ? plays.find((p) => p.play_id === playId) : plays[0];
  if (playId && !play) throw new AppError(ErrorCode.RecordNotFound, 'No such play');
  if (!play) return { story_id: storyId, endings_count: 0, found: [], map: null };
  const story = await storyOf(play);
  const g = playGraphOf(story.content);
  if (!g) return { story_id: storyId, endings_count: 1, found: plays.some((p) => p.ending?.type === DialogueType.HappyEnding) ? [{ node_id: '', type: DialogueType.HappyEnding, content: '' }] : [], map: null };
  const ids = new Set(g.endings.map((n) => n.node_id));
  const found = new Map<string, { node_id: string; type: string; content: string }>();
  for (const p of plays) {
    const id = p.ending?.node_id;
    if (id && ids.has(id) && !found.has(id)) found.set(id, { node_id: id, type: p.ending!.type, content: p.ending!.content });
  }
  // Endings reached and then rewound away from stay found, as their nodes tell them.
  for (const id of plays.flatMap((p) => p.endings_found ?? [])) {
    const n = g.byId.get(id);
    if (n && ids.has(id) && !found.has(id)) found.set(id, { node_id: id, type: n.node_type === NodeType.Success ? DialogueType.HappyEnding : DialogueType.BadEnding, content: readable(story.content, n.content) });
  }
  const map = playId || play.ending ? mapOf(g, story, await reachedBy(play.play_id)) : null;
  return { story_id: storyId, play_id: play.play_id, endings_count: g.endings.length, found: [...found.values()], map };
}

/** `play_ending_info`'s count of a branching story's endings (none for a line of chapters). */
export function endingsCountOf(story: PlayableStory): { endings_count?: number } {
  const g = playGraphOf(story.content);
  return g ? { endings_count: g.endings.length } : {};
}

/** An ending node's title (its name, else its text). */
export function endingTitle(story: PlayableStory, nodeId: string): string {
  const n = playGraphOf(story.content)?.byId.get(nodeId);
  return n ? n.name || readable(story.content, n.content) : '';
}
