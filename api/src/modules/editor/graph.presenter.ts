import type { StoryContent, StoryNode } from 'shared-kit';

/*
 * The graph fields of a story and its nodes, copied field by field like the rest of the content (presenter.ts), and
 * only those present: a story of chapters in a line reads exactly as it did before graphs.
 */

type Scalar = number | boolean | string;
const condOf = (c: { variable: string; op: string; value: Scalar }) => ({ variable: c.variable, op: c.op, value: c.value });

/** A node's graph fields (position, folder, options, routes, changes, director rules), those it has. */
export function nodeGraphOf(n: StoryNode): Partial<StoryNode> {
  const out: Partial<StoryNode> = {};
  if (n.position) out.position = { x: n.position.x, y: n.position.y };
  if (typeof n.parent_id === 'string') out.parent_id = n.parent_id;
  if (Array.isArray(n.options)) {
    out.options = n.options.map((o) => ({ option_id: o.option_id, text: o.text, ...(o.condition ? { condition: condOf(o.condition) } : {}) })) as StoryNode['options'];
  }
  if (typeof n.free_text === 'boolean') out.free_text = n.free_text;
  if (typeof n.judge_mode === 'string') out.judge_mode = n.judge_mode;
  if (Array.isArray(n.routes)) {
    out.routes = n.routes.map((r) => ({
      route_id: r.route_id,
      ...(r.condition ? { condition: condOf(r.condition) } : {}),
      ...(typeof r.outcome === 'string' ? { outcome: r.outcome } : {}),
    })) as StoryNode['routes'];
  }
  if (Array.isArray(n.assignments)) out.assignments = n.assignments.map((a) => ({ ...condOf(a) })) as StoryNode['assignments'];
  if (Array.isArray(n.rules)) {
    out.rules = n.rules.map((r) => ({ rule_id: r.rule_id, ...condOf(r), when: r.when })) as StoryNode['rules'];
  }
  return out;
}

/** The story's edges and variables, when it is a graph. */
export function graphOf(c: StoryContent): Pick<StoryContent, 'edges' | 'variables'> {
  return {
    ...(Array.isArray(c.edges)
      ? { edges: c.edges.map((e) => ({ edge_id: e.edge_id, source: e.source, target: e.target, handle: e.handle })) }
      : {}),
    ...(Array.isArray(c.variables)
      ? {
          variables: c.variables.map((v) => ({
            name: v.name,
            kind: v.kind,
            initial: v.initial,
            ...(typeof v.min === 'number' ? { min: v.min } : {}),
            ...(typeof v.max === 'number' ? { max: v.max } : {}),
            visible: v.visible,
            ...(typeof v.label === 'string' ? { label: v.label } : {}),
          })),
        }
      : {}),
  };
}
