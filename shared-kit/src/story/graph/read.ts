import { NodeType } from '../../enums';
import type { StoryContent, StoryNode } from '../schema';
import type { StoryEdge, StoryVariable } from './schema';
import { NEXT_HANDLE } from './constants';

/**
 * Reading a story as a graph. A story saved before graphs (chapters in a line, no edges) reads as a line of Normal
 * content nodes, each met objective leading to the next chapter and the last one ending the play, exactly as it
 * plays today; nothing is written back until the creator changes the graph.
 */

export type GraphStory = Pick<StoryContent, 'nodes'> & Partial<Pick<StoryContent, 'edges' | 'variables'>>;

/** The node types that are a scene played with the AI (Simple is today's chapter). */
export const CONTENT_TYPES: readonly string[] = [NodeType.Simple, NodeType.NormalContent];
export const ENDING_TYPES: readonly string[] = [NodeType.Success, NodeType.Fail];

export const isContentNode = (n: Pick<StoryNode, 'node_type'>): boolean => CONTENT_TYPES.includes(n.node_type);
export const isEndingNode = (n: Pick<StoryNode, 'node_type'>): boolean => ENDING_TYPES.includes(n.node_type);

/** True when the story is a graph: it has edges or variables, or a node other than a chapter. */
export function isGraphStory(story: GraphStory): boolean {
  return (
    (story.edges?.length ?? 0) > 0 ||
    (story.variables?.length ?? 0) > 0 ||
    story.nodes.some((n) => !isContentNode(n))
  );
}

/** The node play starts at: the first node that is not a Folder. */
export function startNode<N extends Pick<StoryNode, 'node_type'>>(nodes: readonly N[]): N | undefined {
  return nodes.find((n) => n.node_type !== NodeType.Folder);
}

export interface StoryGraph {
  nodes: StoryNode[];
  edges: StoryEdge[];
  variables: StoryVariable[];
  /** True when read from chapters in a line (no graph was saved). */
  linear: boolean;
}

/** The edge ids of the line a story of chapters reads as. */
export const lineEdgeId = (from: string): string => `line-${from}`;

/** The story's graph: its own, or for chapters in a line, Normal content nodes joined in order. */
export function storyGraph(story: GraphStory): StoryGraph {
  if (isGraphStory(story)) {
    return { nodes: story.nodes, edges: story.edges ?? [], variables: story.variables ?? [], linear: false };
  }
  const nodes = story.nodes.map((n) => ({ ...n, node_type: NodeType.NormalContent }));
  const edges: StoryEdge[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    edges.push({ edge_id: lineEdgeId(nodes[i]!.node_id), source: nodes[i]!.node_id, target: nodes[i + 1]!.node_id, handle: NEXT_HANDLE });
  }
  return { nodes, edges, variables: [], linear: true };
}

/**
 * Turns a line of chapters into a graph the creator can change: the line's edges are written out and its end becomes
 * a Success node (the last chapter's met objective leads to it), so the graph validates as the story plays.
 */
export function lineToGraph<T extends GraphStory>(story: T, successId: string): T {
  if (isGraphStory(story)) return story;
  const line = storyGraph(story);
  const last = line.nodes[line.nodes.length - 1];
  const nodes: StoryNode[] = line.nodes.map((n, i) => ({ ...n, position: n.position ?? { x: 0, y: i * 160 } }));
  const edges = [...line.edges];
  if (last) {
    nodes.push({
      node_id: successId,
      node_type: NodeType.Success,
      name: '',
      content: last.ending_content,
      ending_content: '',
      end_visible: false,
      background_url: '',
      bgm_info: null,
      image_generate_style: null,
      position: { x: 0, y: line.nodes.length * 160 },
    });
    edges.push({ edge_id: lineEdgeId(last.node_id), source: last.node_id, target: successId, handle: NEXT_HANDLE });
  }
  return { ...story, nodes, edges, variables: story.variables ?? [] };
}
