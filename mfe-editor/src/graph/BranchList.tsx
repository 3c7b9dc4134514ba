import { useEffect, type JSX } from 'react';
import { startNode } from 'shared-kit';
import { Button } from 'ui-kit';
import { issueMessage, useEditorT } from '../i18n';
import { graphActions } from '../stores/editor/graph';
import { clearGraphReveal, revealElement, useGraphReveal } from '../stores/editor/graphReveal';
import { AddNode } from './AddNode';
import { NodeFields, useNodeTitle } from './NodeFields';
import { useGraph } from './useGraph';
import { VariablesEditor } from './VariablesEditor';
import './graph.css';

/**
 * The list view of the story map: every node in order with its fields, where each way out leads (selects), its
 * problems, and the variables — the whole graph edited with the keyboard and read by screen readers.
 */
export default function BranchList(): JSX.Element {
  const { t } = useEditorT();
  const title = useNodeTitle();
  const { graph, problems, general } = useGraph();
  const start = startNode(graph.nodes);
  const total = general.length + [...problems.values()].reduce((n, l) => n + l.length, 0);
  const reveal = useGraphReveal((s) => s.request);
  useEffect(() => {
    if (!reveal) return;
    const el = revealElement(reveal);
    if (el) {
      el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      el.focus({ preventScroll: true });
    }
    clearGraphReveal();
  }, [reveal]);
  return (
    <div className="graph-list">
      <p className={total > 0 ? 'graph-status graph-status--bad' : 'graph-status'} role="status">
        {total > 0 ? t('graph.problems', { count: total }) : t('graph.noProblems')}
      </p>
      {general.filter((p) => !p.path.startsWith('variables')).map((p) => (
        <p key={p.path + p.code} className="graph-problem">{issueMessage(p)}</p>
      ))}
      <VariablesEditor variables={graph.variables} problems={general} scope="list" />
      <ol className="graph-list__nodes">
        {graph.nodes.map((node) => {
          const name = title(node);
          const mine = problems.get(node.node_id) ?? [];
          return (
            <li key={node.node_id}>
              <article className="graph-list__node" aria-label={name} data-node-id={node.node_id} tabIndex={-1}>
                <header className="editor-card__head">
                  <h3>
                    <span className="graph-type">{t(`graph.types.${node.node_type}`)}</span> {name}
                    {node === start && <span className="graph-start">{` · ${t('graph.start')}`}</span>}
                  </h3>
                  <Button variant="ghost" size="sm" className="editor-danger-text" onClick={() => graphActions.removeNode(node.node_id)}>
                    {t('graph.remove', { name })}
                  </Button>
                </header>
                {mine.length > 0 && (
                  <ul className="graph-problems" aria-label={t('graph.problems', { count: mine.length })}>
                    {mine.map((p) => (
                      <li key={p.path + p.code} className="graph-problem">{issueMessage(p)}</li>
                    ))}
                  </ul>
                )}
                <NodeFields node={node} nodes={graph.nodes} edges={graph.edges} variables={graph.variables} scope="list" />
              </article>
            </li>
          );
        })}
      </ol>
      <AddNode scope="list" count={graph.nodes.length} />
    </div>
  );
}
