import { Suspense, lazy, useState, type JSX } from 'react';
import { Button } from 'ui-kit';
import { usePlayerT } from '../../i18n';

// The dialog comes in a chunk of its own, on first use.
const ThreadShareDialog = lazy(() => import('./ThreadShareDialog').then((m) => ({ default: m.ThreadShareDialog })));

/** The play's "Share a thread" button. */
export function ThreadShareButton({ playId }: { playId: string }): JSX.Element {
  const { t } = usePlayerT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="thread-share">
        {t('thread.share')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ThreadShareDialog playId={playId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
