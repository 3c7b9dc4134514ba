import type { JSX } from 'react';
import { relativeTime } from 'shared-kit';
import { useEditorStore } from '../stores/editor/store';

/** A copy of unsaved work kept in this browser: offered back, or let go. */
export function RestoreNotice(): JSX.Element | null {
  const restorable = useEditorStore((s) => s.restorable);
  const restore = useEditorStore((s) => s.restoreLocal);
  const discard = useEditorStore((s) => s.discardLocal);
  if (!restorable) return null;
  return (
    <div className="ed-notice" role="alert" aria-labelledby="ed-restore-title">
      <p id="ed-restore-title">
        This browser kept changes you had not saved ({relativeTime(restorable.saved_at)}). Restore them?
      </p>
      <div className="ed-notice__actions">
        <button type="button" className="ed-button ed-button--primary" onClick={restore}>
          Restore changes
        </button>
        <button type="button" className="ed-button" onClick={discard}>
          Discard
        </button>
      </div>
    </div>
  );
}
