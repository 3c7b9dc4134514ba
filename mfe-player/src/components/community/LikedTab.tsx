import { useEffect, type JSX } from 'react';
import { goToLogin, useSessionStore } from 'shared-kit';
import { Button, EmptyState, Spinner } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { useLikedStore } from '../../stores/liked/store';
import { LoadMore } from '../LoadMore';
import { MiniStoryCard } from './MiniStoryCard';
import './community.css';

/** The feed's Liked tab: the stories the viewer liked, newest like first; a visitor is asked to log in. */
export function LikedTab(): JSX.Element {
  const { t } = usePlayerT();
  const signedIn = useSessionStore((s) => s.status === 'user');
  const items = useLikedStore((s) => s.items);
  const status = useLikedStore((s) => s.status);
  const error = useLikedStore((s) => s.error);
  const hasMore = useLikedStore((s) => s.hasMore);
  const { load } = useLikedStore.getState();

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  if (!signedIn) {
    return <EmptyState title={t('feed.emptyLiked')} action={<Button onClick={goToLogin}>{t('feed.logInForLiked')}</Button>} />;
  }
  if (items.length === 0 && (status === 'loading' || status === 'idle')) {
    return (
      <p className="player-status" role="status">
        <Spinner size="sm" decorative /> {t('feed.loadingStories')}
      </p>
    );
  }
  if (items.length === 0 && status === 'error') {
    return (
      <div className="player-status">
        <p role="alert">{error}</p>
        <Button onClick={() => void load()}>{t('common.tryAgain')}</Button>
      </div>
    );
  }
  if (items.length === 0) return <EmptyState title={t('feed.emptyLiked')} />;
  return (
    <>
      <ul className="player-list">
        {items.map((s) => (
          <MiniStoryCard key={s.story_id} story={s} byline={t('common.byCreator', { name: s.creator.nickname || t('common.unknownCreator') })} />
        ))}
      </ul>
      {status === 'error' ? <p role="alert">{error}</p> : null}
      {hasMore ? <LoadMore onMore={() => void load(true)} loading={status === 'loading'} /> : null}
    </>
  );
}
