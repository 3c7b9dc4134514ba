// A branching story at the spec's maximum of 100 plots with 20 variables, for the benches that need one
// (graph-validate, editor-open): 60 scenes, 20 choices of 3 options (each guarded by a condition), 10 judges on
// variables, 8 variable changes and the two endings, the edges leading forward with a loop back from every choice.
import type { StoryContentInput } from 'shared-kit/schemas';

type NodeInput = NonNullable<StoryContentInput['nodes']>[number];
type EdgeInput = NonNullable<StoryContentInput['edges']>[number];

export function graphStory(): StoryContentInput {
  const variables = Array.from({ length: 20 }, (_, i) => ({
    name: `v${i}`,
    kind: 'Integer' as const,
    initial: 0,
    min: 0,
    max: 10,
    visible: i < 3,
  }));
  const kinds = [...Array(60).fill('NormalContent'), ...Array(20).fill('ChoiceContent'), ...Array(10).fill('JudgeContent'), ...Array(8).fill('VariableAssignment')] as string[];
  // Interleave the kinds so every stretch of the line has each.
  const order = kinds.map((k, i) => ({ k, key: (i * 37) % kinds.length })).sort((a, b) => a.key - b.key).map((x) => x.k);
  const nodes: NodeInput[] = [];
  const edges: EdgeInput[] = [];
  const cond = (i: number) => ({ variable: `v${i % 20}`, op: 'ge' as const, value: i % 5 });
  order.forEach((kind, i) => {
    const id = `n${i}`;
    const next = i + 1 < order.length ? `n${i + 1}` : 'win';
    if (kind === 'ChoiceContent') {
      nodes.push({ node_id: id, node_type: 'ChoiceContent', content: 'A choice.', options: [0, 1, 2].map((o) => ({ option_id: `o${o}`, text: `Option ${o}`, condition: cond(i + o) })) });
      edges.push({ edge_id: `${id}a`, source: id, target: next, handle: 'o0' });
      edges.push({ edge_id: `${id}b`, source: id, target: 'lose', handle: 'o1' });
      edges.push({ edge_id: `${id}c`, source: id, target: `n${Math.max(0, i - 5)}`, handle: 'o2' });
    } else if (kind === 'JudgeContent') {
      nodes.push({ node_id: id, node_type: 'JudgeContent', judge_mode: 'variables', routes: [{ route_id: 'r0', condition: cond(i) }, { route_id: 'r1', condition: cond(i + 1) }] });
      edges.push({ edge_id: `${id}a`, source: id, target: next, handle: 'r0' }, { edge_id: `${id}b`, source: id, target: 'win', handle: 'r1' }, { edge_id: `${id}c`, source: id, target: next, handle: 'otherwise' });
    } else if (kind === 'VariableAssignment') {
      nodes.push({ node_id: id, node_type: 'VariableAssignment', assignments: [{ variable: `v${i % 20}`, op: 'add', value: 1 }, { variable: `v${(i + 1) % 20}`, op: 'set', value: 2 }] });
      edges.push({ edge_id: `${id}a`, source: id, target: next, handle: 'next' });
    } else {
      nodes.push({ node_id: id, node_type: 'NormalContent', name: `Scene_${i}`, content: `Scene ${i} of the story, where the keeper waits.`, ending_content: 'The player meets the keeper.', rules: [{ rule_id: 'r', variable: `v${i % 20}`, op: 'add', value: 1, when: 'the player keeps the promise' }] });
      edges.push({ edge_id: `${id}a`, source: id, target: next, handle: 'next' });
    }
  });
  nodes.push({ node_id: 'win', node_type: 'Success', content: 'You made it.' }, { node_id: 'lose', node_type: 'Fail', content: 'You did not.' });
  return {
    story_name: 'Bench',
    image_generate_style: { code: 'anime' },
    characters: [{ character_id: 'c1', character_name: 'Mira', settings: 'The keeper.', character_url: '/api/media/0123456789abcdef01234567', dubbing_show: { dubbing: 'en_female_calm', language: 'en' } }],
    prologue: { character_id: 'c1', content: 'Welcome.' },
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
    nodes,
    edges,
    variables,
  };
}
