import { useEffect, useState, type JSX } from 'react';
import { usePlayerT } from '../../i18n';
import { userThreads, type ThreadCards } from '../../services/thread.service';
import { ThreadCardList } from './ThreadCards';

/** A person's threads on their page (nothing when they have none, or across a block). */
export function AuthorThreads({ uid }: { uid: string }): JSX.Element | null {
  const { t } = usePlayerT();
  const [cards, setCards] = useState<ThreadCards['list']>([]);
  useEffect(() => {
    let live = true;
    userThreads(uid).then(
      (page) => live && setCards(page.list),
      () => live && setCards([]),
    );
    return () => {
      live = false;
    };
  }, [uid]);
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="player-author-threads" data-testid="author-threads">
      <h2 id="player-author-threads" className="player-subtitle">
        {t('thread.onAuthor')}
      </h2>
      <ThreadCardList cards={cards} testId="author-thread-list" />
    </section>
  );
}
