import { LIMITS } from '../../constants';
import { NodeType, ValidationErrorType } from '../../enums';
import { issueEnglish, type IssueCode, type IssueValues } from '../issues';
import type { StoryIssue } from '../validate';
import type { StoryNode } from '../schema';
import type { Condition, StoryVariable, VariableValue } from './schema';
import {
  CHOICE_OPTIONS_MAX,
  CHOICE_OPTIONS_MIN,
  EQUALITY_OPS,
  NEXT_HANDLE,
  OTHERWISE_HANDLE,
  type StoryVariableKind,
} from './constants';
import { isContentNode, isEndingNode, startNode, storyGraph, type GraphStory } from './read';
import { reachableFrom, trapped } from './walk';

/**
 * The graph's rules (issue: the story as a graph), one pure function the editor and the api share. Each problem is a
 * StoryIssue whose `node_id` names its node and whose `path` is the node's (`nodes.3`, `nodes.3.options.1`) or the
 * variable's (`variables.0`), so the editor shows it on the node and the api names it like a field.
 *
 * Rules: at most 100 plots; a start; every node reachable from it; every node can reach Success or Fail (a node that
 * cannot is a dead end, or a loop with no way out); a choice has 2-6 options each leading somewhere; every way out of
 * a node leads somewhere, once; no edge to nowhere; conditions, assignments and rules name declared variables of the
 * right kind; variables are well named, once, with an initial value of their kind inside their bounds.
 */

export interface GraphCheckOptions {
  /** Texts (option text, outcome, ending text) are required on publish only, as other required fields are. */
  mode: 'draft' | 'publish';
}

class Problems {
  readonly issues: StoryIssue[] = [];
  private readonly seen = new Set<string>();

  add(path: string, nodeId: string | undefined, type: ValidationErrorType, code: IssueCode, values?: IssueValues): void {
    if (this.seen.has(path)) return;
    this.seen.add(path);
    this.issues.push({
      path,
      type,
      message: issueEnglish(code, values),
      code,
      ...(values ? { values } : {}),
      ...(nodeId !== undefined ? { node_id: nodeId } : {}),
    });
  }
}

const kindOf = (v: VariableValue): StoryVariableKind =>
  typeof v === 'number' ? 'Integer' : typeof v === 'boolean' ? 'Bool' : 'String';

function checkVariables(variables: readonly StoryVariable[], p: Problems): Map<string, StoryVariable> {
  const byName = new Map<string, StoryVariable>();
  variables.forEach((v, i) => {
    const path = `variables.${i}`;
    if (byName.has(v.name)) p.add(path, undefined, ValidationErrorType.CheckFailed, 'variableDuplicate', { name: v.name });
    else byName.set(v.name, v);
    if (kindOf(v.initial) !== v.kind) {
      p.add(path, undefined, ValidationErrorType.CheckFailed, 'variableInitial', { name: v.name, kind: v.kind });
    }
    const bounded = v.min !== undefined || v.max !== undefined;
    if (bounded && v.kind !== 'Integer') p.add(path, undefined, ValidationErrorType.CheckFailed, 'variableBounds', { name: v.name });
    else if (v.min !== undefined && v.max !== undefined && v.min > v.max) {
      p.add(path, undefined, ValidationErrorType.CheckFailed, 'variableBounds', { name: v.name });
    } else if (typeof v.initial === 'number' && ((v.min !== undefined && v.initial < v.min) || (v.max !== undefined && v.initial > v.max))) {
      p.add(path, undefined, ValidationErrorType.CheckFailed, 'variableInitial', { name: v.name, kind: v.kind });
    }
  });
  return byName;
}

/** A condition names a declared variable, with an operator and a value of its kind. */
function checkCondition(c: Condition, path: string, nodeId: string, vars: Map<string, StoryVariable>, p: Problems): void {
  const v = vars.get(c.variable);
  if (!v) return p.add(path, nodeId, ValidationErrorType.CheckFailed, 'unknownVariable', { name: c.variable });
  if (kindOf(c.value) !== v.kind || (v.kind !== 'Integer' && !EQUALITY_OPS.includes(c.op))) {
    p.add(path, nodeId, ValidationErrorType.CheckFailed, 'conditionKind', { name: v.name, kind: v.kind });
  }
}

/** An assignment (or director rule) names a declared variable; `add` is for Integer, the value is of its kind. */
function checkChange(
  a: { variable: string; op: string; value: VariableValue },
  path: string,
  nodeId: string,
  vars: Map<string, StoryVariable>,
  p: Problems,
): void {
  const v = vars.get(a.variable);
  if (!v) return p.add(path, nodeId, ValidationErrorType.CheckFailed, 'unknownVariable', { name: a.variable });
  if (kindOf(a.value) !== v.kind || (a.op === 'add' && v.kind !== 'Integer')) {
    p.add(path, nodeId, ValidationErrorType.CheckFailed, 'assignKind', { name: v.name, kind: v.kind });
  }
}

/** The handles a node leaves by, each of which must lead somewhere. */
export function nodeHandles(node: StoryNode): string[] {
  switch (node.node_type) {
    case NodeType.Simple:
    case NodeType.NormalContent:
    case NodeType.VariableAssignment:
      return [NEXT_HANDLE];
    case NodeType.ChoiceContent:
      return (node.options ?? []).map((o) => o.option_id);
    case NodeType.JudgeContent: {
      const routes = (node.routes ?? []).map((r) => r.route_id);
      return node.judge_mode === 'outcomes' ? routes : [...routes, OTHERWISE_HANDLE];
    }
    default:
      return [];
  }
}

function checkNode(node: StoryNode, i: number, vars: Map<string, StoryVariable>, options: GraphCheckOptions, p: Problems): void {
  const base = `nodes.${i}`;
  const id = node.node_id;
  const publish = options.mode === 'publish';
  if (node.node_type === NodeType.ChoiceContent) {
    const opts = node.options ?? [];
    if (opts.length < CHOICE_OPTIONS_MIN || opts.length > CHOICE_OPTIONS_MAX) {
      p.add(base, id, ValidationErrorType.CheckFailed, 'choiceOptions', { min: CHOICE_OPTIONS_MIN, max: CHOICE_OPTIONS_MAX });
    }
    opts.forEach((o, j) => {
      if (publish && o.text.trim() === '') p.add(`${base}.options.${j}`, id, ValidationErrorType.Required, 'optionText');
      if (o.condition) checkCondition(o.condition, `${base}.options.${j}`, id, vars, p);
    });
  }
  if (node.node_type === NodeType.JudgeContent) {
    const routes = node.routes ?? [];
    const outcomes = node.judge_mode === 'outcomes';
    if (routes.length < (outcomes ? 2 : 1)) p.add(base, id, ValidationErrorType.CheckFailed, 'judgeRoutes', { min: outcomes ? 2 : 1 });
    routes.forEach((r, j) => {
      const path = `${base}.routes.${j}`;
      if (outcomes) {
        if (publish && (r.outcome ?? '').trim() === '') p.add(path, id, ValidationErrorType.Required, 'outcomeText');
      } else if (!r.condition) p.add(path, id, ValidationErrorType.Required, 'routeCondition');
      else checkCondition(r.condition, path, id, vars, p);
    });
  }
  if (node.node_type === NodeType.VariableAssignment) {
    const changes = node.assignments ?? [];
    if (changes.length === 0) p.add(base, id, ValidationErrorType.Required, 'noAssignments');
    changes.forEach((a, j) => checkChange(a, `${base}.assignments.${j}`, id, vars, p));
  }
  (node.rules ?? []).forEach((r, j) => {
    if (!isContentNode(node)) p.add(`${base}.rules.${j}`, id, ValidationErrorType.CheckFailed, 'rulesOnContent');
    else checkChange(r, `${base}.rules.${j}`, id, vars, p);
  });
  if (isEndingNode(node) && publish && node.content.trim() === '') {
    p.add(`${base}.content`, id, ValidationErrorType.Required, 'endingText');
  }
}

/** Every rule over the story's graph; a story of chapters in a line is checked as the line it reads as. */
export function validateGraph(story: GraphStory, options: GraphCheckOptions = { mode: 'publish' }): StoryIssue[] {
  const p = new Problems();
  const graph = storyGraph(story);
  const { nodes, edges } = graph;
  const plots = nodes.filter((n) => n.node_type !== NodeType.Folder).length;
  if (plots > LIMITS.maxPlots) p.add('nodes', undefined, ValidationErrorType.Limit, 'atMostPlots', { max: LIMITS.maxPlots });

  const index = new Map<string, number>();
  nodes.forEach((n, i) => {
    if (index.has(n.node_id)) p.add(`nodes.${i}`, n.node_id, ValidationErrorType.CheckFailed, 'duplicateNodeId');
    else index.set(n.node_id, i);
  });
  const vars = checkVariables(graph.variables, p);
  nodes.forEach((n, i) => {
    checkNode(n, i, vars, options, p);
    if (n.parent_id !== undefined && nodes[index.get(n.parent_id) ?? -1]?.node_type !== NodeType.Folder) {
      p.add(`nodes.${i}.parent_id`, n.node_id, ValidationErrorType.CheckFailed, 'parentNotFolder');
    }
  });

  // Edges: each leaves a node by one of its handles, once, for a node that is played.
  const out = new Map<string, string[]>();
  const used = new Set<string>();
  for (const e of edges) {
    const si = index.get(e.source);
    const ti = index.get(e.target);
    if (si === undefined) continue; // an edge from no node leads nowhere either way: dropped, nothing to point at
    const source = nodes[si]!;
    const target = ti === undefined ? undefined : nodes[ti];
    const handles = nodeHandles(source);
    if (!target || target.node_type === NodeType.Folder || !handles.includes(e.handle)) {
      p.add(`nodes.${si}.edges.${e.edge_id}`, source.node_id, ValidationErrorType.CheckFailed, 'edgeNowhere', { edge: e.edge_id });
      continue;
    }
    const key = `${e.source}\u0000${e.handle}`;
    if (used.has(key)) {
      p.add(`nodes.${si}.edges.${e.edge_id}`, source.node_id, ValidationErrorType.CheckFailed, 'handleTwice');
      continue;
    }
    used.add(key);
    const list = out.get(e.source) ?? [];
    list.push(e.target);
    out.set(e.source, list);
  }
  nodes.forEach((n, i) => {
    if (graph.linear && i === nodes.length - 1) return; // the last chapter of a line ends the play, as today
    for (const h of nodeHandles(n)) {
      if (used.has(`${n.node_id}\u0000${h}`)) continue;
      const code: IssueCode = h === NEXT_HANDLE ? 'nextMissing' : h === OTHERWISE_HANDLE ? 'otherwiseMissing' : 'handleMissing';
      p.add(`nodes.${i}.out.${h}`, n.node_id, ValidationErrorType.Required, code, { handle: h });
    }
  });

  const start = startNode(nodes);
  if (!start) {
    if (options.mode === 'publish') p.add('nodes', undefined, ValidationErrorType.Required, 'addPlot');
    return p.issues;
  }
  if (graph.linear) return p.issues;
  if (!nodes.some(isEndingNode)) p.add('nodes', undefined, ValidationErrorType.Required, 'noEndingNode');
  const reached = reachableFrom([start.node_id], out);
  const ends = nodes.filter(isEndingNode).map((n) => n.node_id);
  const toEnd = trapped(nodes.map((n) => n.node_id), out, ends);
  nodes.forEach((n, i) => {
    if (n.node_type === NodeType.Folder) return;
    if (!reached.has(n.node_id)) p.add(`nodes.${i}`, n.node_id, ValidationErrorType.CheckFailed, 'unreachable');
    else if (toEnd.stuck.has(n.node_id)) {
      p.add(`nodes.${i}`, n.node_id, ValidationErrorType.CheckFailed, toEnd.looping.has(n.node_id) ? 'loopNoExit' : 'deadEnd');
    }
  });
  return p.issues;
}
