import { Component, lazy, Suspense, useEffect, useState, type JSX, type ReactNode } from 'react';
import { Button, Card, Spinner } from 'ui-kit';
import { useEditorT } from '../i18n';
import { useGraphReveal } from '../stores/editor/graphReveal';

// The story map's views are chunks of their own: the editor's first screen does not load the graph library.
const BranchList = lazy(() => import('../graph/BranchList'));
const GraphView = lazy(() => import('../graph/GraphView'));

type View = 'list' | 'graph';
const VIEWS: readonly View[] = ['list', 'graph'];

/** Shows a retry when a view's chunk failed to load (offline, a new deploy). */
class ViewBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

/** The story map: branches, variables and endings, as a list (keyboard, screen readers) or as a graph. */
export function GraphSection(): JSX.Element {
  const { t } = useEditorT();
  const [view, setView] = useState<View>('list');
  const [open, setOpen] = useState(false);
  // "Go to" from the validation dialog: the list view opens, and focuses the problem's node once it is shown.
  const reveal = useGraphReveal((s) => s.request);
  useEffect(() => {
    if (!reveal) return;
    setView('list');
    setOpen(true);
  }, [reveal]);
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-graph" id="section-graph">
      <h2 id="editor-graph" className="ui-heading-2">
        {t('graph.title')}
      </h2>
      <p className="ui-text-muted">{t('graph.intro')}</p>
      <div className="ui-row" role="group" aria-label={t('graph.title')}>
        {VIEWS.map((v) => (
          <Button
            key={v}
            variant={open && view === v ? 'primary' : 'secondary'}
            aria-pressed={open && view === v}
            onClick={() => {
              setView(v);
              setOpen(true);
            }}
          >
            {v === 'list' ? t('graph.listView') : t('graph.graphView')}
          </Button>
        ))}
      </div>
      {open && (
        <ViewBoundary
          key={view}
          fallback={(retry) => (
            <p role="alert">
              {t('graph.loadFailed')} <Button size="sm" onClick={retry}>{t('graph.retry')}</Button>
            </p>
          )}
        >
          <Suspense fallback={<Spinner label={t('graph.loading')} />}>{view === 'list' ? <BranchList /> : <GraphView />}</Suspense>
        </ViewBoundary>
      )}
    </Card>
  );
}
