import { NodeType, validateGraph } from 'shared-kit';
import { emptyStory } from './content';
import { asGraph, connect, graphActions, handlesOf, newGraphNode, removeGraphNode, targetOf } from './graph';
import { resetEditorStore, useEditorStore } from './store';

describe('the graph edits', () => {
  beforeEach(() => resetEditorStore());

  it('turn a line of chapters into a graph at the first graph edit, and leave a move alone', () => {
    const line = emptyStory();
    const id = line.nodes[0]!.node_id;
    useEditorStore.setState({ content: line });
    graphActions.moveNode(id, { x: 5, y: 6 });
    expect(useEditorStore.getState().content.edges).toBeUndefined();
    expect(useEditorStore.getState().dirty).toBe(true);

    const choice = graphActions.addNode(NodeType.ChoiceContent, { x: 300, y: 0 });
    const c = useEditorStore.getState().content;
    expect(c.nodes.map((n) => n.node_type)).toEqual([NodeType.NormalContent, NodeType.Success, NodeType.ChoiceContent]);
    expect(c.edges).toEqual([expect.objectContaining({ source: id, target: c.nodes[1]!.node_id, handle: 'next' })]);
    expect(c.nodes[2]!.options).toHaveLength(2);
    expect(c.nodes[2]!.node_id).toBe(choice);
  });

  it('link each way out to one place, unlink, and drop a removed node with its links', () => {
    const g = asGraph({ nodes: [newGraphNode(NodeType.ChoiceContent, { x: 0, y: 0 }), newGraphNode(NodeType.Success, { x: 0, y: 1 })] });
    const [choice, end] = g.nodes;
    const [o1, o2] = handlesOf(choice!).map((h) => h.handle);
    let next = connect(g, choice!.node_id, o1!, end!.node_id);
    next = connect(next, choice!.node_id, o1!, end!.node_id);
    next = connect(next, choice!.node_id, o2!, end!.node_id);
    expect(next.edges).toHaveLength(2);
    expect(targetOf(next.edges, choice!.node_id, o2!)).toBe(end!.node_id);
    expect(validateGraph(next, { mode: 'draft' })).toEqual([]);
    next = connect(next, choice!.node_id, o2!, null);
    expect(targetOf(next.edges, choice!.node_id, o2!)).toBeNull();
    expect(removeGraphNode(next, end!.node_id).edges).toEqual([]);
  });

  it('removing a node from the chapters list drops its links too', () => {
    const g = asGraph({ nodes: [newGraphNode(NodeType.NormalContent, { x: 0, y: 0 }), newGraphNode(NodeType.NormalContent, { x: 0, y: 1 }), newGraphNode(NodeType.Success, { x: 0, y: 2 })] });
    const [a, b, end] = g.nodes.map((n) => n.node_id);
    useEditorStore.setState({ content: { ...emptyStory(), ...connect(connect(g, a!, 'next', b!), b!, 'next', end!) } });
    expect(useEditorStore.getState().removeNode(b!)).toBe(true);
    expect(useEditorStore.getState().content.edges).toEqual([]);
  });

  it('start a judge on the first variable, and name the ways out of each type', () => {
    const judge = newGraphNode(NodeType.JudgeContent, { x: 0, y: 0 }, [{ name: 'trust', kind: 'Integer', initial: 0, visible: false }]);
    expect(judge.routes![0]!.condition).toEqual({ variable: 'trust', op: 'eq', value: 0 });
    expect(handlesOf(judge).map((h) => h.handle)).toEqual([judge.routes![0]!.route_id, 'otherwise']);
    expect(handlesOf(newGraphNode(NodeType.Fail, { x: 0, y: 0 }))).toEqual([]);
    expect(handlesOf(newGraphNode(NodeType.VariableAssignment, { x: 0, y: 0 }))).toEqual([{ handle: 'next', label: '' }]);
  });
});
