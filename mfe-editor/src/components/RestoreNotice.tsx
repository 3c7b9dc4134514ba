import type { JSX } from 'react';
import { Button, Card, useFormat } from 'ui-kit';
import { useEditorT } from '../i18n';
import { useEditorStore } from '../stores/editor/store';

/** A copy of unsaved work kept in this browser: offered back, or let go. */
export function RestoreNotice(): JSX.Element | null {
  const { t } = useEditorT();
  const format = useFormat();
  const restorable = useEditorStore((s) => s.restorable);
  const restore = useEditorStore((s) => s.restoreLocal);
  const discard = useEditorStore((s) => s.discardLocal);
  if (!restorable) return null;
  return (
    <Card className="editor-notice" role="alert" aria-labelledby="editor-restore-title">
      <p id="editor-restore-title">{t('restore.text', { time: format.relativeTime(restorable.saved_at) })}</p>
      <div className="ui-row">
        <Button variant="primary" onClick={restore}>
          {t('restore.restore')}
        </Button>
        <Button onClick={discard}>{t('restore.discard')}</Button>
      </div>
    </Card>
  );
}
