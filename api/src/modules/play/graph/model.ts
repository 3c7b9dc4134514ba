import {
  isContentNode,
  isEndingNode,
  isGraphStory,
  NodeType,
  startNode,
  storyGraph,
  type Assignment,
  type ChoiceOption,
  type Condition,
  type StoryContent,
  type StoryNode,
  type StoryVariable,
  type VariableValue,
} from 'shared-kit';

/*
 * A published story read as a graph for play (the shapes and rules are shared-kit's story/graph). Stories saved as a
 * line of chapters are not played through here: they keep today's path (turn/director.ts) exactly.
 */

/** A play's variables by name. */
export type PlayVars = Record<string, VariableValue>;

/** The state a row carries so a rewind to it restores the node and the variables exactly (graph plays only). */
export interface GraphState {
  node_id: string;
  vars: PlayVars;
  /** The play waits for the player to choose. */
  awaiting: 'choice' | null;
  /** The nodes this move passed (the players' map). */
  path: string[];
}

export interface PlayGraph {
  nodes: readonly StoryNode[];
  byId: ReadonlyMap<string, StoryNode>;
  /** Index of each node in the story's nodes (a play's `chapter_index`). */
  indexOf: ReadonlyMap<string, number>;
  /** Where each node's handles lead. */
  out: ReadonlyMap<string, ReadonlyMap<string, string>>;
  variables: readonly StoryVariable[];
  varByName: ReadonlyMap<string, StoryVariable>;
  start: StoryNode | undefined;
  endings: readonly StoryNode[];
  /** A fingerprint of what play follows (nodes, edges, variables): a draft play's snapshot is compared by it. */
  fingerprint: string;
}

const graphs = new WeakMap<StoryContent, PlayGraph | null>();

/** The story's graph for play, or null for a line of chapters (kept per content object: contents never change). */
export function playGraphOf(content: StoryContent): PlayGraph | null {
  const known = graphs.get(content);
  if (known !== undefined) return known;
  const built = isGraphStory(content) ? build(content) : null;
  graphs.set(content, built);
  return built;
}

function build(content: StoryContent): PlayGraph {
  const g = storyGraph(content);
  const byId = new Map(g.nodes.map((n) => [n.node_id, n] as const));
  const indexOf = new Map(g.nodes.map((n, i) => [n.node_id, i] as const));
  const out = new Map<string, Map<string, string>>();
  for (const e of g.edges) {
    let handles = out.get(e.source);
    if (!handles) out.set(e.source, (handles = new Map()));
    if (!handles.has(e.handle)) handles.set(e.handle, e.target);
  }
  return {
    nodes: g.nodes,
    byId,
    indexOf,
    out,
    variables: g.variables,
    varByName: new Map(g.variables.map((v) => [v.name, v] as const)),
    start: startNode(g.nodes),
    endings: g.nodes.filter(isEndingNode),
    fingerprint: graphFingerprint(content),
  };
}

/** What play follows of a story, as one text (node order, types, options, routes, changes, edges, variables). */
export function graphFingerprint(content: Pick<StoryContent, 'nodes' | 'edges' | 'variables'>): string {
  const nodes = content.nodes.map((n) => [n.node_id, n.node_type, n.options, n.free_text, n.judge_mode, n.routes, n.assignments, n.rules]);
  return JSON.stringify([nodes, content.edges ?? [], content.variables ?? []]);
}

export function initialVars(g: PlayGraph): PlayVars {
  const vars: PlayVars = {};
  for (const v of g.variables) vars[v.name] = v.initial;
  return vars;
}

/** Whether `c` holds over `vars` (a variable not set reads as its initial value). */
export function holds(c: Condition, vars: PlayVars, g: PlayGraph): boolean {
  const value = vars[c.variable] ?? g.varByName.get(c.variable)?.initial;
  if (value === undefined) return false;
  switch (c.op) {
    case 'eq':
      return value === c.value;
    case 'ne':
      return value !== c.value;
    case 'lt':
      return typeof value === 'number' && typeof c.value === 'number' && value < c.value;
    case 'le':
      return typeof value === 'number' && typeof c.value === 'number' && value <= c.value;
    case 'gt':
      return typeof value === 'number' && typeof c.value === 'number' && value > c.value;
    case 'ge':
      return typeof value === 'number' && typeof c.value === 'number' && value >= c.value;
    default:
      return false;
  }
}

/** `vars` with `changes` applied in order: `set` and `add`, Integers kept within their bounds. */
export function applyChanges(vars: PlayVars, changes: readonly Pick<Assignment, 'variable' | 'op' | 'value'>[], g: PlayGraph): PlayVars {
  const next = { ...vars };
  for (const a of changes) {
    const v = g.varByName.get(a.variable);
    if (!v) continue;
    let value: VariableValue = a.op === 'add' ? Number(next[a.variable] ?? v.initial) + Number(a.value) : a.value;
    if (v.kind === 'Integer' && typeof value === 'number') {
      if (v.min !== undefined) value = Math.max(v.min, value);
      if (v.max !== undefined) value = Math.min(v.max, value);
    }
    next[a.variable] = value;
  }
  return next;
}

/** The options of a Choice node on offer: those without a condition, or whose condition holds. */
export function offeredOptions(node: StoryNode, vars: PlayVars, g: PlayGraph): ChoiceOption[] {
  return (node.options ?? []).filter((o) => !o.condition || holds(o.condition, vars, g));
}

/** The variables the creator marked visible, with their values, for the player's status line. */
export function visibleVars(vars: PlayVars, g: PlayGraph) {
  return g.variables.filter((v) => v.visible).map((v) => ({ name: v.name, label: v.label?.trim() || v.name, kind: v.kind, value: vars[v.name] ?? v.initial }));
}

export const isSceneNode = (n: StoryNode): boolean => isContentNode(n);
export const isChoiceNode = (n: StoryNode): boolean => n.node_type === NodeType.ChoiceContent;
export { isEndingNode };
