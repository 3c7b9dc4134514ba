import { storyContentSchema, type StoryContent, type StoryContentInput } from '../schema';
import { validStory } from '../validate.fixtures';

// The graph rules' tests' common parts: a valid branching story and node builders.

type NodeInput = NonNullable<StoryContentInput['nodes']>[number];

/** A scene, a choice, a variable change, a judge on the variable and two endings: every rule holds. */
export function validGraphStory(): StoryContent {
  return withGraph({
    variables: [
      { name: 'trust', kind: 'Integer', initial: 0, min: 0, max: 10, visible: true, label: 'Trust' },
      { name: 'has_key', kind: 'Bool', initial: false },
    ],
    nodes: [
      { node_id: 'n1', node_type: 'NormalContent', name: 'Arrival', content: 'You reach the island.', ending_content: 'Meet the keeper.',
        rules: [{ rule_id: 'r1', variable: 'trust', op: 'add', value: 1, when: 'the player keeps the promise' }] },
      { node_id: 'c1', node_type: 'ChoiceContent', name: 'Door', content: 'A locked door.',
        options: [{ option_id: 'o1', text: 'Knock' }, { option_id: 'o2', text: 'Use the key', condition: { variable: 'has_key', op: 'eq', value: true } }] },
      { node_id: 'v1', node_type: 'VariableAssignment', assignments: [{ variable: 'trust', op: 'add', value: 2 }] },
      { node_id: 'j1', node_type: 'JudgeContent', judge_mode: 'variables',
        routes: [{ route_id: 'high', condition: { variable: 'trust', op: 'ge', value: 2 } }] },
      { node_id: 's1', node_type: 'Success', content: 'The keeper trusts you.' },
      { node_id: 'f1', node_type: 'Fail', content: 'You are sent away.' },
    ],
    edges: [
      { edge_id: 'e1', source: 'n1', target: 'c1', handle: 'next' },
      { edge_id: 'e2', source: 'c1', target: 'v1', handle: 'o1' },
      { edge_id: 'e3', source: 'c1', target: 'j1', handle: 'o2' },
      { edge_id: 'e4', source: 'v1', target: 'j1', handle: 'next' },
      { edge_id: 'e5', source: 'j1', target: 's1', handle: 'high' },
      { edge_id: 'e6', source: 'j1', target: 'f1', handle: 'otherwise' },
    ],
  });
}

/** The valid story's other sections with these graph fields. */
export function withGraph(graph: Pick<StoryContentInput, 'nodes' | 'edges' | 'variables'>): StoryContent {
  const { nodes: _line, ...rest } = validStory();
  return storyContentSchema.parse({ ...rest, ...graph });
}

/** A copy of `story` with `change` applied to its input form. */
export function changed(story: StoryContent, change: (s: StoryContentInput & { nodes: NodeInput[] }) => void): StoryContent {
  const copy = structuredClone(story) as StoryContentInput & { nodes: NodeInput[] };
  change(copy);
  return storyContentSchema.parse(copy);
}

export const nodeOf = (s: { nodes: NodeInput[] }, id: string): NodeInput => s.nodes.find((n) => n.node_id === id)!;
