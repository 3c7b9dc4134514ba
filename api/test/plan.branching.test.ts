import { NodeType, PlanStatus, StoryStatus, validateGraph, type StoryContent } from 'shared-kit';
import { outlineOf } from '../src/modules/plan/plan.branching';
import { ADULT } from './editor.support';
import { signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';
import { FakeOpenAI, type FakeRequest } from './support/fakeOpenAI';

/*
 * The brainstorm's branching outline over HTTP: an idea asking for a choice or several endings becomes a story that
 * is a valid graph (a choice whose options lead on, a Success and a Fail with their texts), offline and with a model
 * whose structured answer is checked by the graph's shapes and rules (a bad answer is asked for once more, then the
 * line of chapters is written instead, never half a graph).
 */

let phoneSeq = 0;
const nextPhone = () => `+1202555${String(5400 + phoneSeq++).padStart(4, '0')}`;

type Node = StoryContent['nodes'][number];
interface StoryView {
  story_id: string;
  story_info: { status: number; story_name: string; introduction: string; image_generate_style: unknown; voice_over_dubbing: unknown };
  version: { version_id: string };
  nodes: Node[];
  edges?: StoryContent['edges'];
  variables?: StoryContent['variables'];
  [k: string]: unknown;
}

async function generated(client: CookieClient, idea: string): Promise<StoryView> {
  const created = await client.post<{ story_id: string; plan_generate: { plan_id: string } }>('/api/editor/story/create', {
    story_gen_type: 'AI',
    brain_storm_idea: idea,
    need_ai_gen: true,
    image_generate_style: { code: 'watercolor' },
  });
  expect(created.body.status_code).toBe(0);
  const { story_id, plan_generate } = created.body.data!;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const plan = (await client.call<{ status: number }>(`/api/editor/plan/generate_detail?plan_id=${plan_generate.plan_id}`)).body.data!;
    if (plan.status >= PlanStatus.Success) {
      expect(plan.status).toBe(PlanStatus.Success);
      break;
    }
    if (Date.now() > deadline) throw new Error('plan did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  const got = await client.call<StoryView>(`/api/editor/story/get?story_id=${story_id}`);
  expect(got.body.data!.story_info.status).toBe(StoryStatus.AIGenSuccess);
  return got.body.data!;
}

/** The generated story through the editor's own publish check (section 5 and the graph's rules). */
async function publishCheck(client: CookieClient, s: StoryView) {
  const { story_info, version, plan_info: _p, plan: _plan, permission: _perm, review_result: _r, story_id, ...content } = s;
  void _p; void _plan; void _perm; void _r;
  return client.post<{ can_create: boolean }>('/api/editor/story/check_create', {
    ...content,
    story_id,
    story_name: story_info.story_name,
    introduction: story_info.introduction,
    image_generate_style: story_info.image_generate_style,
    voice_over_dubbing: story_info.voice_over_dubbing,
    story_gen_type: 'AI',
    publish_type: 'Publish',
    version,
  });
}

const ofType = (s: StoryView, type: string) => s.nodes.filter((n) => n.node_type === type);
const targetOf = (s: StoryView, source: string, handle: string) => s.edges!.find((e) => e.source === source && e.handle === handle)?.target;

/** A branching story: valid graph, one choice whose options each lead somewhere, Success and Fail with texts. */
function expectBranching(s: StoryView, endings: number): void {
  expect(validateGraph(s, { mode: 'publish' })).toEqual([]);
  const [choice, ...more] = ofType(s, NodeType.ChoiceContent);
  expect(more).toEqual([]);
  expect(choice!.options).toHaveLength(endings);
  for (const o of choice!.options!) {
    expect(o.text.trim()).not.toBe('');
    expect(targetOf(s, choice!.node_id, o.option_id)).toBeDefined();
  }
  const ends = [...ofType(s, NodeType.Success), ...ofType(s, NodeType.Fail)];
  expect(ends).toHaveLength(endings);
  expect(ofType(s, NodeType.Success).length).toBeGreaterThanOrEqual(1);
  expect(ofType(s, NodeType.Fail).length).toBeGreaterThanOrEqual(1);
  for (const e of ends) expect(e.content.trim()).not.toBe('');
  // Scenes have their objective and a drawn background; the choice and the endings have none.
  for (const n of ofType(s, NodeType.NormalContent)) {
    expect(n.ending_content).not.toBe('');
    expect(n.background_url).toMatch(/^\/api\/media\//);
  }
  expect(choice!.background_url).toBe('');
}

describe('which ideas ask for a branching outline', () => {
  it.each<[string, number | null]>([
    ['A heist with a choice at the vault door.', 2],
    ['A ghost story with two endings.', 2],
    ['A branching mystery on a night train.', 2],
    ['If the player lies to the captain, the ship sinks.', 2],
    ['A duel at dawn with three different endings.', 3],
    ['A maze with 7 endings.', 4],
    ['一个有选择的宫廷故事。', 2],
    ['如果玩家说谎，船长就会生气。', 2],
    ['一个有三个结局的鬼故事。', 3],
    ['A lighthouse keeper finds a message in a bottle.', null],
    ['故事有一个圆满的结局。', null],
  ])('%s', (idea, endings) => {
    expect(outlineOf(idea)).toEqual(endings === null ? { branching: false } : { branching: true, endings });
  });
});

describe('branching outline, offline storyteller', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { PLAN_OFFLINE_STEP_MS: '0', PLAN_POLL_MS: '100', BRAINSTORM_DAILY_QUOTA: '10' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('writes one choice and two endings, the good ending after the last scene, and the same outline for the same idea', async () => {
    const alice = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const idea = 'A lighthouse keeper named Mara finds a letter from her brother Tobin, with two endings.';
    const s = await generated(alice, idea);
    expectBranching(s, 2);
    const choice = ofType(s, NodeType.ChoiceContent)[0]!;
    const [good, bad] = choice.options!;
    const typeOf = (id: string | undefined) => s.nodes.find((n) => n.node_id === id)!.node_type;
    // The good option adds to trust, plays the last scene, then a judge on trust decides the ending.
    const assign = s.nodes.find((n) => n.node_id === targetOf(s, choice.node_id, good!.option_id))!;
    expect(assign).toMatchObject({ node_type: NodeType.VariableAssignment, assignments: [{ variable: 'trust', op: 'add', value: 1 }] });
    const afterGood = targetOf(s, assign.node_id, 'next')!;
    expect(typeOf(afterGood)).toBe(NodeType.NormalContent);
    const judge = s.nodes.find((n) => n.node_id === targetOf(s, afterGood, 'next'))!;
    expect(judge).toMatchObject({ node_type: NodeType.JudgeContent, judge_mode: 'variables', routes: [{ route_id: 'trusted', condition: { variable: 'trust', op: 'ge', value: 2 } }] });
    expect(typeOf(targetOf(s, judge.node_id, 'trusted'))).toBe(NodeType.Success);
    expect(typeOf(targetOf(s, judge.node_id, 'otherwise'))).toBe(NodeType.Fail);
    expect(typeOf(targetOf(s, choice.node_id, bad!.option_id))).toBe(NodeType.Fail);
    // One visible variable, moved by the second scene's director rule when the player promises to help.
    expect(s.variables).toEqual([{ name: 'trust', kind: 'Integer', initial: 0, min: 0, max: 3, visible: true, label: 'Trust' }]);
    const [rule, ...noMore] = ofType(s, NodeType.NormalContent).flatMap((n) => n.rules ?? []);
    expect(noMore).toEqual([]);
    expect(rule).toMatchObject({ variable: 'trust', op: 'add', value: 1, when: 'the player promises to help Mara' });
    expect(assign.background_url).toBe('');
    expect(judge.background_url).toBe('');
    expect((await publishCheck(alice, s)).body).toMatchObject({ status_code: 0, data: { can_create: true } });
    const again = await generated(alice, idea);
    expect(again.nodes.map((n) => [n.node_id, n.content, n.options])).toEqual(s.nodes.map((n) => [n.node_id, n.content, n.options]));
  });

  it('writes as many endings as the idea asks for, and a Chinese idea in Chinese', async () => {
    const bob = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    expectBranching(await generated(bob, 'A duel at dawn between Ada and Felix, with three endings.'), 3);
    const zh = await generated(bob, '一个叫林澜的灯塔看守人收到一封来自失踪哥哥的信。如果玩家选择相信她，结局会不同：两个结局。');
    expectBranching(zh, 2);
    expect(zh.variables!.map((v) => [v.name, v.label])).toEqual([['信任', '信任']]);
    for (const n of zh.nodes) {
      if (n.node_type === NodeType.VariableAssignment || n.node_type === NodeType.JudgeContent) continue;
      expect(n.content).toMatch(/[\u4e00-\u9fff]/);
      for (const o of n.options ?? []) expect(o.text).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await publishCheck(bob, zh)).body).toMatchObject({ status_code: 0 });
  });
});

/** A model's branching outline: two scenes, a choice, a third scene, a Success and a Fail. */
function branchingAnswer(change?: (a: { nodes: Array<Record<string, unknown>>; edges: Array<Record<string, unknown>> }) => void): string {
  const answer = {
    story_name: 'The Vault Door',
    introduction: 'A heist, a partner and one choice at the door.',
    summary: 'Iris and the player rob a vault; at the door the player must choose.',
    characters: [
      { character_name: 'Iris', settings: 'A safecracker with steady hands.', style: '"Quiet now."', appearance: 'A woman in a dark coat' },
      { character_name: 'Jonah', settings: 'The night guard, tired and curious.', style: '"Who goes there?"', appearance: 'A guard with a torch' },
    ],
    player: { character_name: '', settings: 'Iris\'s new partner.' },
    prologue: { speaker_name: 'Iris', content: 'Stay close. The guard walks by every ten minutes.' },
    nodes: [
      { node_id: 'hall', node_type: 'NormalContent', name: 'Hall', content: 'Iris leads the player through the hall.', ending_content: 'Find the vault with Iris.', scene: 'A marble hall at night' },
      { node_id: 'door', node_type: 'ChoiceContent', name: 'Door', content: 'The guard is coming. What do you do?', options: [{ option_id: 'hide', text: 'Hide behind the pillar' }, { option_id: 'talk', text: 'Talk to the guard' }] },
      { node_id: 'vault', node_type: 'NormalContent', name: 'Vault', content: 'Hidden, the player watches Iris open the vault.', ending_content: 'Take the silver box.', scene: 'An open vault' },
      { node_id: 'win', node_type: 'Success', name: 'Away', content: 'You slip out with the box before dawn.' },
      { node_id: 'caught', node_type: 'Fail', name: 'Caught', content: 'Jonah raises the alarm. The night ends in handcuffs.' },
    ],
    edges: [
      { edge_id: 'a', source: 'hall', target: 'door', handle: 'next' },
      { edge_id: 'b', source: 'door', target: 'vault', handle: 'hide' },
      { edge_id: 'c', source: 'door', target: 'caught', handle: 'talk' },
      { edge_id: 'd', source: 'vault', target: 'win', handle: 'next' },
    ],
  };
  change?.(answer);
  return JSON.stringify(answer);
}

/** A line of chapters, what the fall-back asks for. */
function lineAnswer(): string {
  const a = JSON.parse(branchingAnswer()) as { nodes: Array<Record<string, unknown>>; edges?: unknown };
  delete a.edges;
  a.nodes = [
    { name: 'Hall', content: 'Iris leads the player through the hall.', ending_content: 'Find the vault with Iris.', scene: 'A marble hall' },
    { name: 'Vault', content: 'Iris opens the vault.', ending_content: 'Take the silver box.', scene: 'An open vault' },
  ];
  return JSON.stringify(a);
}

describe('branching outline, openai-compatible model', () => {
  let api: TestApi;
  let fake: FakeOpenAI;
  const chatCalls = () => fake.requests.filter((r: FakeRequest) => !r.stream);
  const schemaOf = (r: FakeRequest) => JSON.stringify(r.response_format ?? null);
  beforeAll(async () => {
    fake = await FakeOpenAI.start(() => ({ kind: 'json', content: branchingAnswer() }));
    api = await startTestApi({ env: { ...fake.apiEnv, PLAN_POLL_MS: '100' } });
  });
  afterAll(async () => {
    await api.stop();
    await fake.close();
  });

  it('asks for the graph in structured output and keeps a valid outline as it is', async () => {
    fake.requests.length = 0;
    fake.script(() => ({ kind: 'json', content: branchingAnswer() }));
    const carol = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const s = await generated(carol, 'A heist with a choice at the vault door.');
    expect(chatCalls()).toHaveLength(1);
    expect(schemaOf(chatCalls()[0]!)).toContain('"edges"');
    expectBranching(s, 2);
    expect(ofType(s, NodeType.ChoiceContent)[0]!.options!.map((o) => o.text)).toEqual(['Hide behind the pillar', 'Talk to the guard']);
    expect(s.edges!.map((e) => e.edge_id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect((await publishCheck(carol, s)).body).toMatchObject({ status_code: 0, data: { can_create: true } });
  });

  it('keeps the outline\'s variables, a scene\'s rule, an assignment and a judge; a judge on an undeclared variable is asked for again', async () => {
    const withVars = (declared: boolean) =>
      branchingAnswer((a) => {
        const answer = a as typeof a & { variables?: unknown[] };
        if (declared) answer.variables = [{ name: 'nerve', kind: 'Integer', initial: 0, min: 0, max: 5, visible: true, label: 'Nerve' }];
        a.nodes[0]!.rules = [{ rule_id: 'calm', variable: 'nerve', op: 'add', value: 1, when: 'the player stays calm' }];
        a.nodes.splice(2, 0, { node_id: 'steady', node_type: 'VariableAssignment', name: 'Steady', assignments: [{ variable: 'nerve', op: 'add', value: 1 }] });
        a.nodes.splice(4, 0, { node_id: 'check', node_type: 'JudgeContent', name: 'Check', routes: [{ route_id: 'brave', condition: { variable: 'nerve', op: 'ge', value: 2 } }] });
        a.edges = [
          { edge_id: 'a', source: 'hall', target: 'door', handle: 'next' },
          { edge_id: 'b', source: 'door', target: 'steady', handle: 'hide' },
          { edge_id: 'b2', source: 'steady', target: 'vault', handle: 'next' },
          { edge_id: 'c', source: 'door', target: 'caught', handle: 'talk' },
          { edge_id: 'd', source: 'vault', target: 'check', handle: 'next' },
          { edge_id: 'd2', source: 'check', target: 'win', handle: 'brave' },
          { edge_id: 'd3', source: 'check', target: 'caught', handle: 'otherwise' },
        ];
      });
    fake.requests.length = 0;
    fake.script((_r, i) => ({ kind: 'json', content: withVars(i > 0) }));
    const fay = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const s = await generated(fay, 'A heist with a choice at the vault door.');
    expect(chatCalls()).toHaveLength(2);
    expect(chatCalls()[0]!.messages[0]!.content).toMatch(/JudgeContent/);
    expect(schemaOf(chatCalls()[0]!)).toContain('"variables"');
    expect(chatCalls()[1]!.messages.at(-1)!.content).toMatch(/outline cannot be used[\s\S]*nerve|outline cannot be used[\s\S]*variable/);
    expectBranching(s, 2);
    expect(s.variables).toEqual([{ name: 'nerve', kind: 'Integer', initial: 0, min: 0, max: 5, visible: true, label: 'Nerve' }]);
    expect(s.nodes.find((n) => n.node_id === 'hall')!.rules).toEqual([{ rule_id: 'calm', variable: 'nerve', op: 'add', value: 1, when: 'the player stays calm' }]);
    expect(s.nodes.find((n) => n.node_id === 'steady')).toMatchObject({ node_type: NodeType.VariableAssignment, assignments: [{ variable: 'nerve', op: 'add', value: 1 }], content: '' });
    expect(s.nodes.find((n) => n.node_id === 'check')).toMatchObject({ node_type: NodeType.JudgeContent, judge_mode: 'variables', routes: [{ route_id: 'brave', condition: { variable: 'nerve', op: 'ge', value: 2 } }] });
    expect(targetOf(s, 'check', 'otherwise')).toBe('caught');
    expect((await publishCheck(fay, s)).body).toMatchObject({ status_code: 0, data: { can_create: true } });
  });

  it('asks once more after a malformed answer, telling the model what was wrong', async () => {
    fake.requests.length = 0;
    fake.script((_r, i) => ({ kind: 'json', content: i === 0 ? '{"story_name": "The Vault Door", "nodes": [' : branchingAnswer() }));
    const dave = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const s = await generated(dave, 'A heist with two endings.');
    expect(chatCalls()).toHaveLength(2);
    expect(chatCalls()[1]!.messages.at(-1)!.content).toMatch(/outline cannot be used[\s\S]*not valid JSON/);
    expectBranching(s, 2);
  });

  it('falls back to the line of chapters when the outline still breaks the graph rules: never half a graph', async () => {
    fake.requests.length = 0;
    // First malformed, then a graph whose second option leads nowhere (and whose Fail nobody reaches).
    const broken = branchingAnswer((a) => {
      a.edges = a.edges.filter((e) => e.handle !== 'talk');
    });
    fake.script((_r, i) => ({ kind: 'json', content: i === 0 ? 'not json at all' : i === 1 ? broken : lineAnswer() }));
    const erin = await signInByPhone(api.baseUrl, nextPhone(), ADULT);
    const s = await generated(erin, 'A branching heist in a marble bank.');
    expect(chatCalls()).toHaveLength(3);
    expect(chatCalls()[1]!.messages.at(-1)!.content).toMatch(/outline cannot be used/);
    // The line is asked for afresh: the plain story's instructions and schema, no graph.
    expect(chatCalls()[2]!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(chatCalls()[2]!.messages[0]!.content).not.toMatch(/branching/);
    expect(schemaOf(chatCalls()[2]!)).not.toContain('"edges"');
    expect(s.nodes.map((n) => n.node_type)).toEqual([NodeType.Simple, NodeType.Simple]);
    expect(s.edges ?? []).toEqual([]);
    expect((await publishCheck(erin, s)).body).toMatchObject({ status_code: 0, data: { can_create: true } });
  });
});
