import { useEffect, useState, type JSX } from 'react';
import type { CollectionCreation } from 'shared-kit';
import { Button, EmptyState, Skeleton, TextField } from 'ui-kit';
import { useEditorT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { pickableCreations } from '../../services/collection.service';
import { RetryAlert } from '../voices/parts';

type State =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; list: CollectionCreation[] };

/** One's own published stories and bots, searched by name (on the server), each added with a button. */
export function CreationPicker({
  chosen,
  full,
  onAdd,
  onLimits,
}: {
  chosen: ReadonlySet<string>;
  full: boolean;
  onAdd: (c: CollectionCreation) => void;
  onLimits: (selection: number, collections: number) => void;
}): JSX.Element {
  const { t } = useEditorT();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(keyword.trim()), 250);
    return () => clearTimeout(timer);
  }, [keyword]);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    pickableCreations(query)
      .then((page) => {
        if (!live) return;
        onLimits(page.selection_limit, page.collection_limit);
        setState({ status: 'ready', list: page.list });
      })
      .catch((e: unknown) => live && setState({ status: 'error', error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [query, attempt, onLimits]);
  return (
    <section className="collections-picker" aria-labelledby="collections-pick">
      <h2 id="collections-pick">{t('collections.pick')}</h2>
      <TextField
        label={t('collections.search')}
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="collection-search"
      />
      {state.status === 'loading' ? <Skeleton height={64} /> : null}
      {state.status === 'error' ? (
        <RetryAlert error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' && state.list.length === 0 ? (
        <EmptyState title={query ? t('collections.noMatch') : t('collections.noneToPick')} />
      ) : null}
      {state.status === 'ready' && state.list.length > 0 ? (
        <ul className="collections-pick-list" data-testid="collection-pick-list">
          {state.list.map((c) => {
            const isIn = chosen.has(c.story_id);
            return (
              <li key={c.story_id} className="collections-pick-list__item" data-story-id={c.story_id}>
                {c.logo ? (
                  <img src={c.logo} alt="" className="collections-thumb" />
                ) : (
                  <span className="collections-thumb" aria-hidden="true" />
                )}
                <span className="collections-chosen__name">
                  {c.story_name}{' '}
                  <span className="ui-text-muted">
                    {t('collections.kindOf', {
                      kind: c.is_bot ? t('collections.bot') : t('collections.story'),
                    })}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isIn || full}
                  onClick={() => onAdd(c)}
                  aria-label={t('collections.addNamed', { name: c.story_name })}
                >
                  {t('collections.add')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
