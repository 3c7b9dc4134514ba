import { ErrorCode, StoryStatus, type StoryContent, type StoryCreateInput } from 'shared-kit';
import { StoryVersion } from '../src/modules/stories';
import { signInByPhone, type CookieClient } from './helpers';
import { ADULT, save, storyPayload, useEditorApi } from './editor.support';
import { graphPayload } from './support/graphStories';

type Nodes = NonNullable<StoryCreateInput['nodes']>;
interface GraphIssue {
  path: string;
  type: number;
  code: string;
  message: string;
  node_id?: string;
}

describe('editor: the story as a graph (save, publish, shapes)', () => {
  const ctx = useEditorApi();
  let alice: CookieClient;
  beforeAll(() => {
    alice = ctx.alice;
  });

  const get = async (storyId: string) =>
    (await alice.call<Record<string, unknown>>(`/api/editor/story/get?story_id=${storyId}`)).body.data!;

  it('saves a graph and reads back its nodes, edges and variables as sent', async () => {
    const payload = graphPayload();
    const res = await save(alice, { ...payload, publish_type: 'Draft' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.Draft } });
    const data = await get(res.body.data!.story_id);
    expect(data.edges).toEqual(payload.edges);
    expect(data.variables).toEqual(payload.variables);
    expect(data.nodes).toMatchObject(payload.nodes!.map((n) => ({ node_id: n.node_id, node_type: n.node_type })));
    const [scene, choice, assign, judge] = data.nodes as Nodes;
    expect(scene).toMatchObject({ position: { x: 0, y: 0 }, rules: payload.nodes![0]!.rules });
    expect(choice).toMatchObject({ free_text: true, options: payload.nodes![1]!.options });
    expect(assign!.assignments).toEqual(payload.nodes![2]!.assignments);
    expect(judge).toMatchObject({ judge_mode: 'variables', routes: payload.nodes![3]!.routes });
  });

  it('a draft saves as it is; a publish names each problem by node and writes nothing', async () => {
    const broken = graphPayload();
    broken.edges = broken.edges!.filter((e) => e.edge_id !== 'e4' && e.edge_id !== 'e6');
    broken.nodes![1]!.options = [{ option_id: 'o1', text: 'Knock' }];
    broken.nodes![3]!.routes![0]!.condition = { variable: 'gold', op: 'gt', value: 1 };
    const draft = await save(alice, { ...broken, publish_type: 'Draft' });
    expect(draft.body.status_code).toBe(0);
    const storyId = draft.body.data!.story_id;
    const before = await get(storyId);

    const published = await alice.post<{ errors: GraphIssue[] }>('/api/editor/story/create', {
      ...broken, story_id: storyId, version: before.version, publish_type: 'Publish',
    });
    expect(published.body.status_code).toBe(ErrorCode.ClientParamError);
    const errors = published.body.data!.errors;
    expect(errors.map((e) => `${e.node_id}:${e.code}`)).toEqual([
      'c1:choiceOptions',
      'j1:unknownVariable',
      'c1:edgeNowhere', // its option o2 is gone, so the edge from it leads nowhere
      'v1:nextMissing',
      'j1:otherwiseMissing',
      'n1:deadEnd',
      'v1:deadEnd',
      'j1:unreachable',
      's1:unreachable',
      'f1:unreachable',
    ]);
    expect(errors.find((e) => e.code === 'nextMissing')).toMatchObject({ path: 'nodes.2.out.next', message: 'Link this node to what comes next' });
    expect(published.body.status_message).toBe('nodes.1 (node c1): A choice offers 2 to 6 options');
    expect(await get(storyId)).toEqual(before);
    expect(await StoryVersion.countDocuments({ story_id: storyId })).toBe(0);
  });

  it('publishes a valid graph, and its version keeps the graph', async () => {
    const res = await save(alice, { ...graphPayload(), publish_type: 'Publish' });
    expect(res.body).toMatchObject({ status_code: 0, data: { status: StoryStatus.ToVerify } });
    const version = await StoryVersion.findOne({ version_id: res.body.data!.version_id }).lean<{ content: StoryContent }>();
    expect(version!.content.edges).toHaveLength(6);
    expect(version!.content.variables!.map((v) => v.name)).toEqual(['trust', 'has_key']);
  });

  it('reads a story of chapters as before (no graph fields), and a save back to chapters drops the graph', async () => {
    const line = await save(alice, { ...storyPayload(), publish_type: 'Draft' });
    const data = await get(line.body.data!.story_id);
    expect(data).not.toHaveProperty('edges');
    expect(data).not.toHaveProperty('variables');
    expect(Object.keys((data.nodes as object[])[0]!).sort()).toEqual(
      ['background_url', 'bgm_info', 'content', 'end_visible', 'ending_content', 'image_generate_style', 'name', 'node_id', 'node_type'],
    );

    const graph = await save(alice, { ...graphPayload(), publish_type: 'Draft' });
    const storyId = graph.body.data!.story_id;
    const back = await save(alice, { ...storyPayload(), story_id: storyId, version: { version_id: graph.body.data!.version_id }, publish_type: 'Draft' });
    expect(back.body.status_code).toBe(0);
    const after = await get(storyId);
    expect(after).not.toHaveProperty('edges');
    expect(after).not.toHaveProperty('variables');
  });

  it('answers 1009 with the field named for a bad graph shape, never a 500', async () => {
    const bad: Array<[string, (p: StoryCreateInput) => void]> = [
      ['variables.0.kind', (p) => void (p.variables![0]!.kind = 'Float' as never)],
      ['variables.0.name', (p) => void (p.variables![0]!.name = '1st')],
      ['edges.0.target', (p) => void (p.edges![0]!.target = { $ne: null } as never)],
      ['edges.0.handle', (p) => void (p.edges![0]!.handle = '../x')],
      ['nodes.1.options.1.condition.op', (p) => void (p.nodes![1]!.options![1]!.condition!.op = 'like' as never)],
      ['nodes.2.assignments.0.op', (p) => void (p.nodes![2]!.assignments![0]!.op = 'mul' as never)],
      ['nodes.3.judge_mode', (p) => void (p.nodes![3]!.judge_mode = 'vibes' as never)],
      ['nodes.0.position.x', (p) => void (p.nodes![0]!.position = { x: 'left' as never, y: 0 })],
      ['nodes.1.free_text', (p) => void (p.nodes![1]!.free_text = 'yes' as never)],
      ['edges', (p) => void (p.edges = 'e1' as never)],
    ];
    for (const [field, change] of bad) {
      const payload = graphPayload();
      change(payload);
      const res = await save(alice, { ...payload, publish_type: 'Draft' });
      expect([field, res.status, res.body.status_code]).toEqual([field, 200, ErrorCode.ClientParamError]);
      expect(res.body.status_message).toContain(field);
    }
  });

  it("keeps a creator's graph to its owner", async () => {
    const mine = await save(alice, { ...graphPayload(), publish_type: 'Draft' });
    const bob = await signInByPhone(ctx.api.baseUrl, '+12025550391', ADULT);
    const read = await bob.call(`/api/editor/story/get?story_id=${mine.body.data!.story_id}`);
    expect(read.body.status_code).toBe(ErrorCode.UserStoryInfoPermission);
    const overwrite = await save(bob, { ...graphPayload(), story_id: mine.body.data!.story_id, version: { version_id: mine.body.data!.version_id } });
    expect(overwrite.body.status_code).toBe(ErrorCode.UserStoryInfoPermission);
    expect((await get(mine.body.data!.story_id)).edges).toHaveLength(6);
  });
});
