import type { JSX } from 'react';
import { creatorStatusOf, CreatorStoryStatus } from 'shared-kit';
import { Badge, Button, useFormat, type BadgeProps } from 'ui-kit';
import { useEditorT } from '../i18n';
import { selectDirty, selectSaving, selectStatus, selectStoryId } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import type { SaveMode } from '../stores/editor/store';

/** The colour of a review status, as My Story shows it. */
export function statusTone(status: string): BadgeProps['tone'] {
  switch (status) {
    case CreatorStoryStatus.Verifying:
      return 'warning';
    case CreatorStoryStatus.Passed:
      return 'success';
    case CreatorStoryStatus.Failed:
    case CreatorStoryStatus.Unqualified:
      return 'danger';
    default:
      return 'neutral';
  }
}

/** The status line: Saving, Saved (when), or Not saved with the reason. */
function useSaveStatusText(): { text: string; state: string } {
  const { t } = useEditorT();
  const format = useFormat();
  const dirty = useEditorStore(selectDirty);
  const saving = useEditorStore(selectSaving);
  const autosave = useEditorStore((s) => s.autosave);
  const isNew = useEditorStore(selectStoryId) === null;
  if (saving === 'publish') return { text: t('save.publishing'), state: 'saving' };
  if (saving) return { text: t('save.saving'), state: 'saving' };
  if (autosave.state === 'unsaved' && dirty) return { text: t('save.notSaved', { reason: autosave.reason ?? t('common.unknownError') }), state: 'unsaved' };
  if (dirty) return { text: t('save.unsaved'), state: 'dirty' };
  if (autosave.at !== null) return { text: t('save.savedAt', { time: format.relativeTime(autosave.at) }), state: 'saved' };
  // A new story untouched has nothing saved: "All changes saved" would say it is kept somewhere.
  if (isNew) return { text: t('save.notStarted'), state: 'new' };
  return { text: t('save.allSaved'), state: 'saved' };
}

export function SaveBar({ onSave }: { onSave: (mode: SaveMode) => void }): JSX.Element {
  const { t } = useEditorT();
  const saving = useEditorStore(selectSaving);
  const status = creatorStatusOf(useEditorStore(selectStatus));
  const { text, state } = useSaveStatusText();
  return (
    <div className="ui-row editor-savebar">
      <span data-status={status}>
        <Badge tone={statusTone(status)}>{t(`status.${status}`)}</Badge>
      </span>
      <span className="ui-text-muted" role="status" aria-live="polite" data-save-state={state}>
        {text}
      </span>
      <Button disabled={saving !== null} loading={saving === 'draft'} onClick={() => onSave('draft')}>
        {t('save.saveDraft')}
      </Button>
      <Button variant="primary" disabled={saving !== null} loading={saving === 'publish'} onClick={() => onSave('publish')}>
        {t('save.publish')}
      </Button>
    </div>
  );
}
