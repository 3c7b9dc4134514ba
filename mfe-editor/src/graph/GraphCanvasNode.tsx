import { memo, type JSX } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { NodeType, OTHERWISE_HANDLE, type StoryIssue, type StoryNode } from 'shared-kit';
import { useEditorT } from '../i18n';
import { handlesOf } from '../stores/editor/graph';

export interface CanvasNodeData extends Record<string, unknown> {
  node: StoryNode;
  title: string;
  start: boolean;
  problems: StoryIssue[];
}
export type CanvasNode = Node<CanvasNodeData, 'story'>;

/** A node on the canvas: its type, title, problems, and one handle per way out (labelled). */
export const GraphCanvasNode = memo(function GraphCanvasNode({ data, selected }: NodeProps<CanvasNode>): JSX.Element {
  const { t } = useEditorT();
  const { node, title, start, problems } = data;
  const handles = handlesOf(node);
  // One line per kind of problem (two options leading nowhere read once on the card; the panel lists each).
  const lines = [...new Set(problems.map((p) => (p.code ? t(`issues.${p.code}`, p.values ?? {}) : p.message)))];
  const kind = node.node_type === NodeType.Simple ? NodeType.NormalContent : node.node_type;
  return (
    <div
      className={`graph-node graph-node--${kind}${problems.length > 0 ? ' graph-node--bad' : ''}${selected ? ' graph-node--selected' : ''}`}
      data-node-id={node.node_id}
      data-problems={problems.length}
    >
      {node.node_type !== NodeType.Folder && <Handle type="target" position={Position.Top} />}
      <div className="graph-node__type">
        {t(`graph.types.${node.node_type}`)}
        {start && ` · ${t('graph.start')}`}
      </div>
      <div className="graph-node__title">{title}</div>
      {lines.length > 0 && (
        <ul className="graph-node__problems">
          {lines.slice(0, 3).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {handles.length > 0 && (
        <div className="graph-node__outs">
          {handles.map(({ handle, label }, i) => (
            <div key={handle} className="graph-node__out">
              <span>{handle === OTHERWISE_HANDLE ? t('graph.otherwise') : label || (handles.length > 1 ? `#${i + 1}` : '↓')}</span>
              <Handle type="source" id={handle} position={Position.Bottom} style={{ left: `${((i + 1) * 100) / (handles.length + 1)}%` }} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
