import type { JSX } from 'react';
import { Button, EmptyState, Spinner } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import type { ListState } from '../../stores/feed/store';
import { LoadMore } from '../LoadMore';

/** A list with its loading, error, empty and paging states. */
export function StoryList<T>({
  list,
  empty,
  onMore,
  onRetry,
  render,
}: {
  list: ListState<T>;
  empty: string;
  onMore: () => void;
  onRetry: () => void;
  render: (item: T) => JSX.Element;
}): JSX.Element {
  const { t } = usePlayerT();
  if (list.items.length === 0 && (list.status === 'loading' || list.status === 'idle')) {
    return (
      <p className="player-status" role="status">
        <Spinner size="sm" decorative /> {t('feed.loadingStories')}
      </p>
    );
  }
  if (list.items.length === 0 && list.status === 'error') {
    return (
      <div className="player-status">
        <p role="alert">{list.error}</p>
        <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (list.items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul className="player-list">{list.items.map(render)}</ul>
      {list.status === 'error' ? <p role="alert">{list.error}</p> : null}
      {list.hasMore ? <LoadMore onMore={onMore} loading={list.status === 'loading'} /> : null}
    </>
  );
}
