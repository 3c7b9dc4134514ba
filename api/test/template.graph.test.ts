import type { TemplateDetail } from 'shared-kit';
import { templateBody, useTemplateApi } from './support/templates';

const T = '/api/editor/template';

interface GraphStory {
  nodes: Array<{ node_id: string; node_type: string; content: string; options?: Array<{ option_id: string; text: string }> }>;
  edges?: Array<{ source: string; target: string; handle: string }>;
  variables?: Array<{ name: string }>;
}

describe('templates with a graph for a skeleton', () => {
  const ctx = useTemplateApi();

  it('keep the graph, fill its texts, and the story made from them is the same graph', async () => {
    const base = templateBody();
    const [scene] = base.story!.nodes!;
    const story = {
      ...base.story,
      nodes: [
        { ...scene!, node_type: 'NormalContent' as const },
        { node_id: 'c1', node_type: 'ChoiceContent' as const, content: 'The door of @{field_place}.',
          options: [{ option_id: 'o1', text: 'Knock', condition: { variable: 'has_key', op: 'eq' as const, value: false } }, { option_id: 'o2', text: 'Leave' }] },
        { node_id: 's1', node_type: 'Success' as const, content: 'The keeper of @{field_place} lets you in.' },
        { node_id: 'f1', node_type: 'Fail' as const, content: 'You leave @{field_place} behind.' },
      ],
      variables: [{ name: 'has_key', kind: 'Bool' as const, initial: false, visible: true }],
      edges: [
        { edge_id: 'e1', source: 'n1', target: 'c1', handle: 'next' },
        { edge_id: 'e2', source: 'c1', target: 's1', handle: 'o1' },
        { edge_id: 'e3', source: 'c1', target: 'f1', handle: 'o2' },
      ],
    };
    const id = await ctx.publish({ story });
    const read = await ctx.author.call<TemplateDetail>(`${T}/get?template_id=${id}`);
    expect(read.body.data!.story.edges).toEqual(story.edges);
    expect(read.body.data!.story.variables).toEqual(story.variables);

    const made = await ctx.other.post<{ story_id: string }>('/api/editor/story/create', { template: { template_id: id, values: { place: 'Gullrock' } } });
    expect(made.body.status_code).toBe(0);
    const got = await ctx.other.call<GraphStory>(`/api/editor/story/get?story_id=${made.body.data!.story_id}`);
    const data = got.body.data!;
    expect(data.edges).toEqual(story.edges);
    expect(data.variables!.map((v) => v.name)).toEqual(['has_key']);
    expect(data.nodes.map((n) => n.node_type)).toEqual(['NormalContent', 'ChoiceContent', 'Success', 'Fail']);
    expect(data.nodes[1]!.options!.map((o) => o.text)).toEqual(['Knock', 'Leave']);
    expect(data.nodes.map((n) => n.content)).toEqual([
      expect.stringContaining('You reach Gullrock'),
      'The door of Gullrock.',
      'The keeper of Gullrock lets you in.',
      'You leave Gullrock behind.',
    ]);
  });

  it('fill a field placed in an option text, a judge outcome, an ending text and a variable label', async () => {
    const base = templateBody();
    const [scene] = base.story!.nodes!;
    const story = {
      ...base.story,
      story_name: 'The Lighthouse',
      nodes: [
        { ...scene!, node_type: 'NormalContent' as const, content: 'You reach the gate.' },
        { node_id: 'c1', node_type: 'ChoiceContent' as const, content: 'A door.',
          options: [{ option_id: 'o1', text: 'Knock on the door of @{field_place}' }, { option_id: 'o2', text: 'Leave' }] },
        { node_id: 'j1', node_type: 'JudgeContent' as const, judge_mode: 'outcomes' as const,
          routes: [{ route_id: 'kind', outcome: 'The player was kind to @{field_place}' }, { route_id: 'rude', outcome: 'The player was rude' }] },
        { node_id: 's1', node_type: 'Success' as const, content: 'Welcome home to @{field_place}.' },
        { node_id: 'f1', node_type: 'Fail' as const, content: 'You never see it again.' },
      ],
      variables: [{ name: 'fame', kind: 'Integer' as const, initial: 0, visible: true, label: 'Fame in @{field_place}' }],
      edges: [
        { edge_id: 'e1', source: 'n1', target: 'c1', handle: 'next' },
        { edge_id: 'e2', source: 'c1', target: 'j1', handle: 'o1' },
        { edge_id: 'e3', source: 'c1', target: 'f1', handle: 'o2' },
        { edge_id: 'e4', source: 'j1', target: 's1', handle: 'kind' },
        { edge_id: 'e5', source: 'j1', target: 'f1', handle: 'rude' },
      ],
    };
    // The field is used only in the graph's texts: the template rules count those places.
    for (const t of ['story_name', 'introduction', 'summary'] as const) expect(String(story[t] ?? '')).not.toContain('@{field_place}');
    const id = await ctx.publish({ story });
    const made = await ctx.other.post<{ story_id: string }>('/api/editor/story/create', { template: { template_id: id, values: { place: 'Gullrock' } } });
    expect(made.body.status_code).toBe(0);
    const got = await ctx.other.call<GraphStory & { variables: Array<{ label?: string }> }>(`/api/editor/story/get?story_id=${made.body.data!.story_id}`);
    const data = got.body.data!;
    expect(data.nodes[1]!.options!.map((o) => o.text)).toEqual(['Knock on the door of Gullrock', 'Leave']);
    expect((data.nodes[2] as unknown as { routes: Array<{ outcome: string }> }).routes.map((r) => r.outcome)).toEqual(['The player was kind to Gullrock', 'The player was rude']);
    expect(data.nodes[3]!.content).toBe('Welcome home to Gullrock.');
    expect(data.variables[0]!.label).toBe('Fame in Gullrock');
  });
});
