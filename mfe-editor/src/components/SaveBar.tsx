import type { JSX } from 'react';
import { creatorStatusOf } from 'shared-kit';
import { selectDirty, selectSaving, selectStatus } from '../stores/editor/selectors';
import { useEditorStore, type SaveMode } from '../stores/editor/store';

export function SaveBar({ onSave }: { onSave: (mode: SaveMode) => void }): JSX.Element {
  const dirty = useEditorStore(selectDirty);
  const saving = useEditorStore(selectSaving);
  const status = useEditorStore(selectStatus);
  return (
    <div className="ed-savebar">
      <span className="ed-status" data-status={creatorStatusOf(status)}>
        {creatorStatusOf(status)}
      </span>
      <span className="ed-hint" aria-live="polite">
        {saving ? (saving === 'publish' ? 'Publishing…' : 'Saving…') : dirty ? 'Unsaved changes' : 'All changes saved'}
      </span>
      <button type="button" className="ed-button" disabled={saving !== null} onClick={() => onSave('draft')}>
        Save draft
      </button>
      <button type="button" className="ed-button ed-button--primary" disabled={saving !== null} onClick={() => onSave('publish')}>
        Publish
      </button>
    </div>
  );
}
