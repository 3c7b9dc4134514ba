import {
  lineToGraph,
  NEXT_HANDLE,
  NodeType,
  OTHERWISE_HANDLE,
  type NodePosition,
  type StoryContent,
  type StoryEdge,
  type StoryNode,
  type StoryVariable,
} from 'shared-kit';
import { emptyNode, newId } from './content';
import { editing } from './edit';
import { withoutPrefix } from './fields';
import { useEditorStore } from './store';

/*
 * The graph's edits (graph view and the list's branch controls), as pure changes of the content and the actions that
 * apply them to the editor's store. A story of chapters in a line becomes a graph at its first graph edit (its line
 * written out, a Success at its end); until then it stays exactly as it was saved.
 */

type Graph = Pick<StoryContent, 'nodes' | 'edges' | 'variables'>;

/** A new node of a type, with the parts that type needs to be edited (two options, one route, one change). */
export function newGraphNode(type: NodeType, position: NodePosition, variables: readonly StoryVariable[] = []): StoryNode {
  const node: StoryNode = { ...emptyNode(), node_type: type, position };
  if (type === NodeType.ChoiceContent) {
    node.options = [
      { option_id: newId('o'), text: '' },
      { option_id: newId('o'), text: '' },
    ];
    node.free_text = false;
  }
  if (type === NodeType.JudgeContent) {
    node.judge_mode = 'variables';
    // Its first route tests the first variable, so it starts as a condition the creator adjusts.
    const first = variables[0];
    node.routes = [{ route_id: newId('r'), ...(first ? { condition: { variable: first.name, op: 'eq' as const, value: first.initial } } : {}) }];
  }
  if (type === NodeType.VariableAssignment) node.assignments = [];
  return node;
}

/** The graph the edits work on: the story's own, or its line of chapters made into one. */
export function asGraph<T extends Graph>(content: T): T & Required<Pick<Graph, 'edges' | 'variables'>> {
  const g = lineToGraph(content, newId('end'));
  return { ...g, edges: g.edges ?? [], variables: g.variables ?? [] };
}

/** Links `source` by `handle` to `target`, replacing the handle's earlier link (each way out leads to one place). */
export function connect(content: Graph, source: string, handle: string, target: string | null): Graph {
  const g = asGraph(content);
  const edges = g.edges.filter((e) => !(e.source === source && e.handle === handle));
  if (target) edges.push({ edge_id: newId('e'), source, target, handle });
  return { ...g, edges };
}

/** Removes a node and every link to or from it. */
export function removeGraphNode(content: Graph, id: string): Graph {
  const g = asGraph(content);
  return {
    ...g,
    nodes: g.nodes.filter((n) => n.node_id !== id).map((n) => (n.parent_id === id ? { ...n, parent_id: undefined } : n)),
    edges: g.edges.filter((e) => e.source !== id && e.target !== id),
  };
}

/** The ways out of a node, with the words to show for each. */
export function handlesOf(node: StoryNode): Array<{ handle: string; label: string }> {
  switch (node.node_type) {
    case NodeType.ChoiceContent:
      return (node.options ?? []).map((o, i) => ({ handle: o.option_id, label: o.text || `#${i + 1}` }));
    case NodeType.JudgeContent: {
      const routes = (node.routes ?? []).map((r, i) => ({ handle: r.route_id, label: r.outcome || `#${i + 1}` }));
      return node.judge_mode === 'outcomes' ? routes : [...routes, { handle: OTHERWISE_HANDLE, label: '' }];
    }
    case NodeType.Success:
    case NodeType.Fail:
    case NodeType.Folder:
      return [];
    default:
      return [{ handle: NEXT_HANDLE, label: '' }];
  }
}

/** Where a node's handle leads, if anywhere. */
export const targetOf = (edges: readonly StoryEdge[] | undefined, source: string, handle: string): string | null =>
  edges?.find((e) => e.source === source && e.handle === handle)?.target ?? null;

const { edit, patchContent } = editing(useEditorStore.setState);

/** Applies a graph change to the story being edited (dirty, the touched node's errors cleared). */
function apply(change: (content: StoryContent) => Graph, touchedNode?: string): void {
  edit(
    (s) => ({
      ...patchContent(s, change(s.content)),
      ...(touchedNode ? { errors: withoutPrefix(s.errors, `nodes.${touchedNode}`) } : {}),
    }),
    [],
  );
}

export const graphActions = {
  addNode(type: NodeType, position: NodePosition): string {
    const node = newGraphNode(type, position, useEditorStore.getState().content.variables);
    apply((c) => {
      const g = asGraph(c);
      return { ...g, nodes: [...g.nodes, node] };
    });
    return node.node_id;
  },
  updateNode(id: string, patch: Partial<Omit<StoryNode, 'node_id'>>): void {
    apply((c) => {
      const g = asGraph(c);
      return { ...g, nodes: g.nodes.map((n) => (n.node_id === id ? { ...n, ...patch } : n)) };
    }, id);
  },
  /** A move only: the graph is not made from a line for it, and nothing is marked wrong or right by it. */
  moveNode(id: string, position: NodePosition): void {
    edit((s) => patchContent(s, { nodes: s.content.nodes.map((n) => (n.node_id === id ? { ...n, position } : n)) }), []);
  },
  connect(source: string, handle: string, target: string | null): void {
    apply((c) => connect(c, source, handle, target), source);
  },
  removeNode(id: string): void {
    apply((c) => removeGraphNode(c, id), id);
  },
  setVariables(variables: StoryVariable[]): void {
    apply((c) => ({ ...asGraph(c), variables }));
  },
};
