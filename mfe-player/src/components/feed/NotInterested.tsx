import { Suspense, lazy, useState, type JSX } from 'react';
import { useSessionStore } from 'shared-kit';
import { usePlayerT } from '../../i18n';

// The reasons' dialog comes in a chunk of its own, on first use (the feed's own code stays small).
const NotInterestedDialog = lazy(() => import('./NotInterestedDialog').then((m) => ({ default: m.NotInterestedDialog })));

/** The feed card's menu button: "Not interested" with a reason (signed-in players, not on their own stories). */
export function NotInterested({ storyId, storyName, creatorUid }: { storyId: string; storyName: string; creatorUid: string }): JSX.Element | null {
  const { t } = usePlayerT();
  const uid = useSessionStore((s) => (s.status === 'user' ? (s.user?.uid ?? '') : ''));
  const [open, setOpen] = useState(false);
  if (!uid || uid === creatorUid) return null;
  return (
    <>
      <button type="button" className="player-card__menu" aria-haspopup="dialog" aria-label={t('hold.open', { name: storyName })} onClick={() => setOpen(true)} data-testid="card-not-interested">
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotInterestedDialog storyId={storyId} storyName={storyName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
