import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { Badge, EmptyState, Skeleton } from 'ui-kit';
import { useEditorT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { myCollections, type MyCollections } from '../../services/collection.service';
import { RetryAlert } from '../voices/parts';
import { StatusBadge } from './StatusBadge';
import './collections.css';

type State =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: MyCollections };

/** The creator's collections (`/editor/collections`): each with its review status, and a way to make a new one. */
export function CollectionsPage(): JSX.Element {
  const { t } = useEditorT();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    myCollections()
      .then((data) => live && setState({ status: 'ready', data }))
      .catch((e: unknown) => live && setState({ status: 'error', error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [attempt]);
  const full = state.status === 'ready' && state.data.list.length >= state.data.collection_limit;
  return (
    <div className="editor-page collections-page">
      <header className="editor-page__head">
        <div>
          <Link to="../works" className="editor-back">
            {t('common.backToMyStory')}
          </Link>
          <h1>{t('collections.title')}</h1>
          <p className="ui-field__hint">{t('collections.what')}</p>
        </div>
        {full ? (
          <Badge tone="warning">{t('collections.limitReached')}</Badge>
        ) : (
          <Link
            to="../collection/new"
            className="ui-button ui-button--primary ui-button--md"
            data-testid="collection-new"
          >
            {t('collections.create')}
          </Link>
        )}
      </header>
      {state.status === 'loading' ? <Skeleton height={96} /> : null}
      {state.status === 'error' ? (
        <RetryAlert error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' && state.data.list.length === 0 ? (
        <EmptyState title={t('collections.empty')} />
      ) : null}
      {state.status === 'ready' && state.data.list.length > 0 ? (
        <>
          <p className="ui-text-muted">
            {t('collections.count', { count: state.data.list.length, limit: state.data.collection_limit })}
          </p>
          <ul className="collections-list" data-testid="collection-list">
            {state.data.list.map((c) => (
              <li key={c.collection_id} className="collections-card">
                <div className="collections-card__covers" aria-hidden="true">
                  {c.covers.map((src, i) => (src ? <img key={i} src={src} alt="" /> : <span key={i} />))}
                </div>
                <div className="collections-card__text">
                  <h2 className="collections-card__name">{c.name}</h2>
                  <p className="ui-text-muted">
                    {t('collections.creationsCount', { count: c.creations_count })}
                  </p>
                  <StatusBadge display={c.display_status} />
                </div>
                <Link
                  to={`../collection/${c.collection_id}`}
                  className="ui-button ui-button--secondary ui-button--sm"
                  aria-label={`${t('collections.edit')}: ${c.name}`}
                >
                  {t('collections.edit')}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
