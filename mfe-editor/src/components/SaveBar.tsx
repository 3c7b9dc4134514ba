import type { JSX } from 'react';
import { creatorStatusOf, relativeTime } from 'shared-kit';
import { selectDirty, selectSaving, selectStatus } from '../stores/editor/selectors';
import { useEditorStore, type AutosaveStatus, type SaveMode } from '../stores/editor/store';

/** The status line: Saving, Saved (when), or Not saved with the reason. */
export function saveStatusText(saving: SaveMode | null, dirty: boolean, autosave: AutosaveStatus): string {
  if (saving === 'publish') return 'Publishing…';
  if (saving) return 'Saving…';
  if (autosave.state === 'unsaved' && dirty) return `Not saved: ${autosave.reason ?? 'unknown error'}`;
  if (dirty) return 'Unsaved changes';
  if (autosave.at !== null) return `Saved ${relativeTime(autosave.at)}`;
  return 'All changes saved';
}

export function SaveBar({ onSave }: { onSave: (mode: SaveMode) => void }): JSX.Element {
  const dirty = useEditorStore(selectDirty);
  const saving = useEditorStore(selectSaving);
  const status = useEditorStore(selectStatus);
  const autosave = useEditorStore((s) => s.autosave);
  const text = saveStatusText(saving, dirty, autosave);
  return (
    <div className="ed-savebar">
      <span className="ed-status" data-status={creatorStatusOf(status)}>
        {creatorStatusOf(status)}
      </span>
      <span className="ed-hint" role="status" aria-live="polite" data-save-state={saving ? 'saving' : autosave.state === 'unsaved' && dirty ? 'unsaved' : dirty ? 'dirty' : 'saved'}>
        {text}
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
