import { useMemo } from 'react';
import { storyGraph, validateGraph, type StoryGraph, type StoryIssue } from 'shared-kit';
import { useEditorStore } from '../stores/editor/store';

export interface GraphView {
  graph: StoryGraph;
  /** The graph rules' problems by node id (publish mode: what a publish would refuse). */
  problems: Map<string, StoryIssue[]>;
  /** Problems of the story as a whole or of its variables (no node). */
  general: StoryIssue[];
}

/** The story being edited as a graph, with its problems; recomputed when the nodes, edges or variables change. */
export function useGraph(): GraphView {
  const nodes = useEditorStore((s) => s.content.nodes);
  const edges = useEditorStore((s) => s.content.edges);
  const variables = useEditorStore((s) => s.content.variables);
  return useMemo(() => {
    const story = { nodes, edges, variables };
    const problems = new Map<string, StoryIssue[]>();
    const general: StoryIssue[] = [];
    for (const issue of validateGraph(story, { mode: 'publish' })) {
      if (issue.node_id === undefined) general.push(issue);
      else problems.set(issue.node_id, [...(problems.get(issue.node_id) ?? []), issue]);
    }
    return { graph: storyGraph(story), problems, general };
  }, [nodes, edges, variables]);
}
