import { useCallback, useMemo, useState, type JSX } from 'react';
import {
  Background,
  Controls,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { startNode } from 'shared-kit';
import { Button, CloseButton } from 'ui-kit';
import { issueMessage, useEditorT } from '../i18n';
import { graphActions } from '../stores/editor/graph';
import { AddNode } from './AddNode';
import { GraphCanvasNode, type CanvasNode } from './GraphCanvasNode';
import { NodeFields, useNodeTitle } from './NodeFields';
import { useGraph } from './useGraph';
import { VariablesEditor } from './VariablesEditor';
import './graph.css';

const NODE_TYPES = { story: GraphCanvasNode };

/** The graph view: the story's nodes on a canvas (add, link, move, delete) and the selected node in a side panel. */
export default function GraphView(): JSX.Element {
  const { t } = useEditorT();
  const title = useNodeTitle();
  const { graph, problems, general } = useGraph();
  const [selected, setSelected] = useState<string | null>(null);
  // Positions while dragging live here; the store gets the final one on drop.
  const [dragging, setDragging] = useState<Record<string, { x: number; y: number }>>({});
  const start = startNode(graph.nodes);

  const nodes: CanvasNode[] = useMemo(
    () =>
      graph.nodes.map((n, i) => ({
        id: n.node_id,
        type: 'story',
        position: dragging[n.node_id] ?? n.position ?? { x: 40, y: i * 160 },
        selected: n.node_id === selected,
        data: { node: n, title: title(n), start: n === start, problems: problems.get(n.node_id) ?? [] },
        ariaLabel: `${t(`graph.types.${n.node_type}`)}: ${title(n)}`,
      })),
    [graph.nodes, dragging, selected, problems, start, title, t],
  );
  const edges: Edge[] = useMemo(
    () => graph.edges.map((e) => ({ id: e.edge_id, source: e.source, target: e.target, sourceHandle: e.handle })),
    [graph.edges],
  );

  // The store is the source of truth: each change is applied there, not to a local copy of the nodes.
  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    for (const c of changes) {
      if (c.type === 'position' && c.position) {
        const position = c.position;
        if (c.dragging) setDragging((d) => ({ ...d, [c.id]: position }));
        else {
          graphActions.moveNode(c.id, position);
          setDragging(({ [c.id]: _done, ...rest }) => rest);
        }
      }
      if (c.type === 'select' && c.selected) setSelected(c.id);
      if (c.type === 'remove') {
        graphActions.removeNode(c.id);
        setSelected((s) => (s === c.id ? null : s));
      }
    }
  }, []);
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const c of changes) {
        if (c.type !== 'remove') continue;
        const e = graph.edges.find((x) => x.edge_id === c.id);
        if (e) graphActions.connect(e.source, e.handle, null);
      }
    },
    [graph.edges],
  );
  const onConnect = useCallback((c: Connection) => {
    if (c.source && c.target && c.source !== c.target) graphActions.connect(c.source, c.sourceHandle ?? 'next', c.target);
  }, []);

  const current = graph.nodes.find((n) => n.node_id === selected);
  return (
    <div className="graph-view">
      <div className="graph-view__bar">
        <AddNode scope="canvas" count={graph.nodes.length} onAdded={setSelected} />
        <p className="graph-status" role="status">
          {problems.size + general.length > 0 ? t('graph.problems', { count: [...problems.values()].reduce((n, l) => n + l.length, general.length) }) : t('graph.noProblems')}
        </p>
      </div>
      <div className="graph-view__body">
        <div className="graph-view__canvas" aria-label={t('graph.canvas')} role="region">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onPaneClick={() => setSelected(null)}
            fitView
            minZoom={0.2}
            deleteKeyCode={['Delete', 'Backspace']}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <aside className="graph-view__panel" aria-label={t('graph.panel')}>
          {current ? (
            <>
              <header className="editor-card__head">
                <h3>{t(`graph.types.${current.node_type}`)}: {title(current)}</h3>
                <CloseButton aria-label={t('graph.closePanel')} onClick={() => setSelected(null)} />
              </header>
              {(problems.get(current.node_id) ?? []).map((p) => (
                <p key={p.path + p.code} className="graph-problem">{issueMessage(p)}</p>
              ))}
              <NodeFields node={current} nodes={graph.nodes} edges={graph.edges} variables={graph.variables} scope="panel" />
              <Button variant="ghost" className="editor-danger-text" onClick={() => { graphActions.removeNode(current.node_id); setSelected(null); }}>
                {t('graph.remove', { name: title(current) })}
              </Button>
            </>
          ) : (
            <>
              <p className="ui-text-muted">{t('graph.emptyPanel')}</p>
              <VariablesEditor variables={graph.variables} problems={general} scope="panel" />
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
