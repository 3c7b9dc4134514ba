import { useCallback, useEffect, useState, type JSX } from 'react';
import { Button, EmptyState, Spinner } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { feedThreads, type ThreadCards } from '../../services/thread.service';
import { ThreadCardList } from './ThreadCards';

/** The feed's Threads tab: everyone's threads, newest first, a page at a time. */
export function FeedThreads(): JSX.Element {
  const { t } = usePlayerT();
  const [cards, setCards] = useState<ThreadCards['list']>([]);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; error: string; more: boolean; next: number }>({ status: 'loading', error: '', more: false, next: 0 });
  const load = useCallback(async (offset: number) => {
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const page = await feedThreads(offset);
      setCards((c) => (offset === 0 ? page.list : [...c, ...page.list]));
      setState({ status: 'ready', error: '', more: page.has_more, next: page.next_offset });
    } catch (e) {
      setState((s) => ({ ...s, status: 'error', error: errorText(e) }));
    }
  }, []);
  useEffect(() => {
    void load(0);
  }, [load]);

  if (cards.length === 0 && state.status === 'loading') {
    return (
      <p className="player-status" role="status">
        <Spinner size="sm" decorative /> {t('thread.loadingFeed')}
      </p>
    );
  }
  if (cards.length === 0 && state.status === 'error') {
    return (
      <div className="player-status">
        <p role="alert">{state.error || t('thread.loadFailed')}</p>
        <Button onClick={() => void load(0)}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (cards.length === 0) return <EmptyState title={t('thread.feedEmpty')} />;
  return (
    <>
      <ThreadCardList cards={cards} testId="feed-threads" />
      {state.status === 'error' ? <p role="alert">{state.error}</p> : null}
      {state.more ? (
        <Button loading={state.status === 'loading'} onClick={() => void load(state.next)}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </>
  );
}
