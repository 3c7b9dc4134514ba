import { ValidationErrorType as T } from '../../enums';
import { storyContentSchema } from '../schema';
import { validateStory } from '../validate';
import { draft, publish, validStory } from '../validate.fixtures';
import { changed, nodeOf, validGraphStory, withGraph } from './fixtures';
import { validateGraph } from './validate';
import { isGraphStory, lineToGraph, storyGraph } from './read';
import type { StoryContent } from '../schema';

const codes = (s: StoryContent, mode: 'draft' | 'publish' = 'publish') =>
  validateGraph(s, { mode }).map((i) => `${i.node_id ?? '-'}:${i.code}`);

describe('a valid graph', () => {
  it('has no problems, in the graph rules and in the story rules of both modes', () => {
    expect(validateGraph(validGraphStory())).toEqual([]);
    expect(validateStory(validGraphStory(), publish)).toEqual([]);
    expect(validateStory(validGraphStory(), draft)).toEqual([]);
  });
  it('names each problem by node id, with a path on the node and a code', () => {
    const s = changed(validGraphStory(), (g) => {
      g.edges = g.edges!.filter((e) => e.edge_id !== 'e4');
    });
    expect(validateGraph(s)).toEqual([
      { path: 'nodes.2.out.next', node_id: 'v1', type: T.Required, code: 'nextMissing', message: 'Link this node to what comes next', values: { handle: 'next' } },
      { path: 'nodes.2', node_id: 'v1', type: T.CheckFailed, code: 'deadEnd', message: 'From this node no path reaches Success or Fail' },
    ]);
  });
});

describe('stories saved before graphs', () => {
  it('read as a line of Normal content nodes that validates, the last chapter ending the play', () => {
    const line = validStory();
    expect(isGraphStory(line)).toBe(false);
    const g = storyGraph(line);
    expect(g.linear).toBe(true);
    expect(g.nodes.map((n) => n.node_type)).toEqual(['NormalContent', 'NormalContent']);
    expect(g.edges).toEqual([{ edge_id: 'line-n1', source: 'n1', target: 'n2', handle: 'next' }]);
    expect(validateGraph(line)).toEqual([]);
    expect(storyContentSchema.parse(line)).not.toHaveProperty('edges');
  });
  it('turn into a graph with a Success at the end of the line when the creator changes it', () => {
    const g = lineToGraph(validStory(), 'end');
    expect(isGraphStory(g)).toBe(true);
    expect(g.nodes.at(-1)).toMatchObject({ node_id: 'end', node_type: 'Success', content: 'Survive the night.' });
    expect(g.edges).toHaveLength(2);
    expect(validateStory(g, publish)).toEqual([]);
  });
});

describe('plots: at most 100 (folders are not plots)', () => {
  const chain = (count: number, folders = 0) => {
    const nodes = Array.from({ length: count - 1 }, (_, i) => ({ node_id: `p${i}`, node_type: 'NormalContent' as const, content: 'c', ending_content: 'o' }));
    const edges = nodes.map((n, i) => ({ edge_id: `e${i}`, source: n.node_id, target: i + 1 < nodes.length ? `p${i + 1}` : 'end' }));
    const folderNodes = Array.from({ length: folders }, (_, i) => ({ node_id: `f${i}`, node_type: 'Folder' as const }));
    return withGraph({ nodes: [...nodes, { node_id: 'end', node_type: 'Success', content: 'The end.' }, ...folderNodes], edges });
  };
  it('100 is fine, 101 is refused, and folders do not count', () => {
    expect(codes(chain(100))).toEqual([]);
    expect(codes(chain(101))).toEqual(['-:atMostPlots']);
    expect(codes(chain(100, 3))).toEqual([]);
    expect(validateStory(chain(101), draft).map((i) => i.code)).toEqual(['atMostPlots']);
  });
});

describe('choices', () => {
  const withOptions = (count: number) =>
    changed(validGraphStory(), (g) => {
      const c = nodeOf(g, 'c1');
      c.options = Array.from({ length: count }, (_, i) => ({ option_id: `o${i + 1}`, text: `Option ${i + 1}` }));
      g.edges = g.edges!.filter((e) => e.source !== 'c1');
      c.options.forEach((o, i) => g.edges!.push({ edge_id: `x${i}`, source: 'c1', target: i % 2 ? 'j1' : 'v1', handle: o.option_id }));
    });
  it('offer two to six options', () => {
    expect(codes(withOptions(0))).toContain('c1:choiceOptions');
    expect(codes(withOptions(1))).toEqual(['c1:choiceOptions']);
    expect(codes(withOptions(2))).toEqual([]);
    expect(codes(withOptions(6))).toEqual([]);
    expect(codes(withOptions(7))).toEqual(['c1:choiceOptions']);
  });
  it('need each option to lead somewhere and its text on publish', () => {
    const s = changed(validGraphStory(), (g) => {
      g.edges = g.edges!.filter((e) => e.edge_id !== 'e3');
      nodeOf(g, 'c1').options![0]!.text = ' ';
    });
    expect(codes(s)).toEqual(['c1:optionText', 'c1:handleMissing']);
    expect(codes(s, 'draft')).toEqual(['c1:handleMissing']);
  });
  it('guard options with conditions on declared variables of the right kind', () => {
    const guard = (condition: object) =>
      codes(changed(validGraphStory(), (g) => void (nodeOf(g, 'c1').options![1]!.condition = condition as never)));
    expect(guard({ variable: 'missing', op: 'eq', value: true })).toEqual(['c1:unknownVariable']);
    expect(guard({ variable: 'has_key', op: 'lt', value: true })).toEqual(['c1:conditionKind']);
    expect(guard({ variable: 'has_key', op: 'ne', value: 1 })).toEqual(['c1:conditionKind']);
    expect(guard({ variable: 'trust', op: 'lt', value: 3 })).toEqual([]);
    expect(guard({ variable: 'trust', op: 'eq', value: '3' })).toEqual(['c1:conditionKind']);
  });
});

describe('judges', () => {
  it('on variables need a condition per route and an "otherwise"', () => {
    const noOtherwise = changed(validGraphStory(), (g) => void (g.edges = g.edges!.filter((e) => e.edge_id !== 'e6')));
    expect(codes(noOtherwise)).toEqual(['j1:otherwiseMissing', 'f1:unreachable']);
    const noCondition = changed(validGraphStory(), (g) => void delete nodeOf(g, 'j1').routes![0]!.condition);
    expect(codes(noCondition)).toEqual(['j1:routeCondition']);
    const noRoutes = changed(validGraphStory(), (g) => {
      nodeOf(g, 'j1').routes = [];
      g.edges = g.edges!.filter((e) => e.edge_id !== 'e5');
    });
    expect(codes(noRoutes)).toEqual(['j1:judgeRoutes', 's1:unreachable']);
  });
  it('on outcomes need two named outcomes, each leading somewhere, and no "otherwise"', () => {
    const outcomes = (names: string[]) =>
      changed(validGraphStory(), (g) => {
        const j = nodeOf(g, 'j1');
        j.judge_mode = 'outcomes';
        j.routes = names.map((outcome, i) => ({ route_id: `r${i}`, outcome }));
        g.edges = g.edges!.filter((e) => e.source !== 'j1');
        names.forEach((_, i) => g.edges!.push({ edge_id: `j${i}`, source: 'j1', target: i % 2 ? 'f1' : 's1', handle: `r${i}` }));
      });
    expect(codes(outcomes(['kept the promise', 'lied']))).toEqual([]);
    expect(codes(outcomes(['kept the promise']))).toEqual(['j1:judgeRoutes', 'f1:unreachable']);
    expect(codes(outcomes(['kept the promise', '']))).toEqual(['j1:outcomeText']);
    const withOtherwise = changed(outcomes(['a', 'b']), (g) => void g.edges!.push({ edge_id: 'o', source: 'j1', target: 'f1', handle: 'otherwise' }));
    expect(codes(withOtherwise)).toEqual(['j1:edgeNowhere']);
  });
});

describe('edges', () => {
  const plus = (edge: { edge_id: string; source: string; target: string; handle?: string }) =>
    codes(changed(validGraphStory(), (g) => void g.edges!.push(edge)));
  it('never lead nowhere: to no node, to a folder, from a handle the node does not have', () => {
    expect(plus({ edge_id: 'z', source: 'n1', target: 'ghost', handle: 'next' })).toEqual(['n1:edgeNowhere']);
    expect(plus({ edge_id: 'z', source: 'c1', target: 's1', handle: 'o9' })).toEqual(['c1:edgeNowhere']);
    expect(plus({ edge_id: 'z', source: 's1', target: 'n1', handle: 'next' })).toEqual(['s1:edgeNowhere']);
    const folder = changed(validGraphStory(), (g) => {
      g.nodes.push({ node_id: 'fold', node_type: 'Folder', name: 'Act 1' });
      g.edges!.find((e) => e.edge_id === 'e1')!.target = 'fold';
    });
    expect(codes(folder)).toEqual(['n1:edgeNowhere', 'n1:nextMissing', 'n1:deadEnd', 'c1:unreachable', 'v1:unreachable', 'j1:unreachable', 's1:unreachable', 'f1:unreachable']);
  });
  it('leave each way out once', () => {
    expect(plus({ edge_id: 'z', source: 'n1', target: 'f1', handle: 'next' })).toEqual(['n1:handleTwice']);
  });
  it('a scene needs its next link', () => {
    const s = changed(validGraphStory(), (g) => void (g.edges = g.edges!.filter((e) => e.edge_id !== 'e1')));
    expect(codes(s)).toEqual(['n1:nextMissing', 'n1:deadEnd', 'c1:unreachable', 'v1:unreachable', 'j1:unreachable', 's1:unreachable', 'f1:unreachable']);
  });
});

describe('reachability, endings and loops', () => {
  it('every node is reachable from the start (the first node that is not a folder)', () => {
    const s = changed(validGraphStory(), (g) => {
      g.nodes.unshift({ node_id: 'fold', node_type: 'Folder', name: 'Act 1' });
      g.nodes.push({ node_id: 'lost', node_type: 'Fail', content: 'Lost.' });
    });
    expect(codes(s)).toEqual(['lost:unreachable']);
  });
  it('a story needs a Success or Fail, and a start', () => {
    const s = withGraph({ nodes: [{ node_id: 'a', node_type: 'NormalContent', content: 'c', ending_content: 'o' }], edges: [] , variables: [{ name: 'x', kind: 'Bool', initial: true }] });
    expect(codes(s)).toEqual(['a:nextMissing', '-:noEndingNode', 'a:deadEnd']);
    expect(codes(withGraph({ nodes: [{ node_id: 'f', node_type: 'Folder' }] }))).toEqual(['-:addPlot']);
  });
  it('a loop needs a way out; a loop with one is fine', () => {
    const loop = changed(validGraphStory(), (g) => {
      g.edges!.find((e) => e.edge_id === 'e2')!.target = 'n1';
      g.edges!.find((e) => e.edge_id === 'e3')!.target = 'n1';
    });
    expect(codes(loop)).toEqual(['n1:loopNoExit', 'c1:loopNoExit', 'v1:unreachable', 'j1:unreachable', 's1:unreachable', 'f1:unreachable']);
    const exit = changed(validGraphStory(), (g) => void (g.edges!.find((e) => e.edge_id === 'e2')!.target = 'n1'));
    expect(codes(exit)).toEqual(['v1:unreachable']);
  });
  it('a node leading into a closed loop is a dead end, the loop is a loop', () => {
    const s = changed(validGraphStory(), (g) => {
      nodeOf(g, 'v1').assignments = [{ variable: 'trust', op: 'set', value: 1 }];
      g.nodes.push({ node_id: 'spin', node_type: 'NormalContent', content: 'c', ending_content: 'o' });
      g.edges!.find((e) => e.edge_id === 'e4')!.target = 'spin';
      g.edges!.push({ edge_id: 'sp', source: 'spin', target: 'spin' });
    });
    expect(codes(s)).toEqual(['v1:deadEnd', 'spin:loopNoExit']);
  });
});

describe('variables and changes', () => {
  const vars = (variables: object[]) =>
    codes(changed(validGraphStory(), (g) => void (g.variables = [...g.variables!, ...(variables as never[])])));
  it('are named once, start with a value of their kind inside their bounds', () => {
    expect(vars([{ name: 'trust', kind: 'Integer', initial: 1 }])).toEqual(['-:variableDuplicate']);
    expect(vars([{ name: 'mood', kind: 'String', initial: 3 }])).toEqual(['-:variableInitial']);
    expect(vars([{ name: 'n', kind: 'Integer', initial: 0, min: 0, max: 0 }])).toEqual([]);
    expect(vars([{ name: 'n', kind: 'Integer', initial: -1, min: 0 }])).toEqual(['-:variableInitial']);
    expect(vars([{ name: 'n', kind: 'Integer', initial: 6, max: 5 }])).toEqual(['-:variableInitial']);
    expect(vars([{ name: 'n', kind: 'Integer', initial: 0, min: 2, max: 1 }])).toEqual(['-:variableBounds']);
    expect(vars([{ name: 'b', kind: 'Bool', initial: true, max: 1 }])).toEqual(['-:variableBounds']);
    expect(validateGraph(changed(validGraphStory(), (g) => void (g.variables![1]!.initial = 'yes')))[0]?.path).toBe('variables.1');
  });
  it('an assignment node changes declared variables of the right kind, at least one', () => {
    const assign = (assignments: object[]) => codes(changed(validGraphStory(), (g) => void (nodeOf(g, 'v1').assignments = assignments as never[])));
    expect(assign([])).toEqual(['v1:noAssignments']);
    expect(assign([{ variable: 'nope', op: 'set', value: 1 }])).toEqual(['v1:unknownVariable']);
    expect(assign([{ variable: 'has_key', op: 'add', value: true }])).toEqual(['v1:assignKind']);
    expect(assign([{ variable: 'has_key', op: 'set', value: true }, { variable: 'trust', op: 'set', value: 5 }])).toEqual([]);
    expect(assign([{ variable: 'trust', op: 'add', value: 'one' }])).toEqual(['v1:assignKind']);
  });
  it('director rules belong to content scenes and move declared variables', () => {
    expect(codes(changed(validGraphStory(), (g) => void (nodeOf(g, 'n1').rules![0]!.variable = 'gone')))).toEqual(['n1:unknownVariable']);
    const onChoice = changed(validGraphStory(), (g) => void (nodeOf(g, 'c1').rules = [{ rule_id: 'r', variable: 'trust', op: 'add', value: 1 }]));
    expect(codes(onChoice)).toEqual(['c1:rulesOnContent']);
  });
});

describe('nodes', () => {
  it('endings need their text on publish only', () => {
    const s = changed(validGraphStory(), (g) => void (nodeOf(g, 'f1').content = ''));
    expect(codes(s)).toEqual(['f1:endingText']);
    expect(codes(s, 'draft')).toEqual([]);
  });
  it('ids are unique and only folders group nodes', () => {
    const dup = changed(validGraphStory(), (g) => void g.nodes.push({ node_id: 's1', node_type: 'Success', content: 'x' }));
    expect(codes(dup)).toEqual(['s1:duplicateNodeId']);
    const parent = changed(validGraphStory(), (g) => {
      g.nodes.push({ node_id: 'act', node_type: 'Folder', name: 'Act' });
      nodeOf(g, 'n1').parent_id = 'act';
      nodeOf(g, 'c1').parent_id = 'v1';
    });
    expect(codes(parent)).toEqual(['c1:parentNotFolder']);
  });
});

describe('the story rules with a graph', () => {
  it('check the graph on publish only (drafts save as they are), each issue on its node', () => {
    const s = changed(validGraphStory(), (g) => void (g.edges = []));
    expect(validateStory(s, draft)).toEqual([]);
    const issues = validateStory(s, publish);
    expect(issues.find((i) => i.code === 'nextMissing')).toMatchObject({ node_id: 'n1', path: 'nodes.0.out.next' });
  });
  it('ask every scene for its objective, and nothing of endings beyond their text', () => {
    const s = changed(validGraphStory(), (g) => void (nodeOf(g, 'n1').ending_content = ''));
    expect(validateStory(s, publish).map((i) => i.path)).toEqual(['nodes.0.ending_content']);
    expect(validateStory(s, publish)[0]?.code).toBe('objectiveRequired');
  });
});
