import type { StoryCreateInput } from 'shared-kit';
import { storyPayload } from '../editor.support';

type Nodes = NonNullable<StoryCreateInput['nodes']>;

/** A scene, a choice guarded by a variable, a variable change, a judge on it and two endings. */
export function graphPayload(): StoryCreateInput {
  const { nodes: line, ...rest } = storyPayload();
  const scene = line![0]!;
  const nodes: Nodes = [
    { ...scene, node_type: 'NormalContent', position: { x: 0, y: 0 },
      rules: [{ rule_id: 'r1', variable: 'trust', op: 'add', value: 1, when: 'the player keeps the promise' }] },
    { node_id: 'c1', node_type: 'ChoiceContent', name: 'Door', content: 'A locked door.', free_text: true, position: { x: 0, y: 160 },
      options: [{ option_id: 'o1', text: 'Knock' }, { option_id: 'o2', text: 'Use the key', condition: { variable: 'has_key', op: 'eq', value: true } }] },
    { node_id: 'v1', node_type: 'VariableAssignment', assignments: [{ variable: 'trust', op: 'add', value: 2 }] },
    { node_id: 'j1', node_type: 'JudgeContent', judge_mode: 'variables', routes: [{ route_id: 'high', condition: { variable: 'trust', op: 'ge', value: 2 } }] },
    { node_id: 's1', node_type: 'Success', content: 'The keeper trusts you.' },
    { node_id: 'f1', node_type: 'Fail', content: 'You are sent away.' },
  ];
  return {
    ...rest,
    nodes,
    variables: [
      { name: 'trust', kind: 'Integer', initial: 0, min: 0, max: 10, visible: true, label: 'Trust' },
      { name: 'has_key', kind: 'Bool', initial: false, visible: false },
    ],
    edges: [
      { edge_id: 'e1', source: 'n1', target: 'c1', handle: 'next' },
      { edge_id: 'e2', source: 'c1', target: 'v1', handle: 'o1' },
      { edge_id: 'e3', source: 'c1', target: 'j1', handle: 'o2' },
      { edge_id: 'e4', source: 'v1', target: 'j1', handle: 'next' },
      { edge_id: 'e5', source: 'j1', target: 's1', handle: 'high' },
      { edge_id: 'e6', source: 'j1', target: 'f1', handle: 'otherwise' },
    ],
  };
}

