import type { JSX } from 'react';
import { usePlayerT } from '../../i18n';
import { userThreads, type ThreadCards } from '../../services/thread.service';
import { AuthorSection } from '../shared/AuthorSection';
import { ThreadCardList } from './ThreadCards';

/** A person's threads on their page (nothing when they have none, or across a block). */
export function AuthorThreads({ uid }: { uid: string }): JSX.Element | null {
  const { t } = usePlayerT();
  return (
    <AuthorSection uid={uid} read={userThreads} headingId="player-author-threads" heading={t('thread.onAuthor')} testId="author-threads">
      {(cards: ThreadCards['list']) => <ThreadCardList cards={cards} testId="author-thread-list" />}
    </AuthorSection>
  );
}
