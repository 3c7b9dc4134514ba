import type { JSX } from 'react';
import { Button, Modal } from 'ui-kit';
import { failureTitleKey, issueMessage, useEditorT } from '../i18n';
import { describePath } from '../lib/paths';
import { selectFailure } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

const SHOWN = 5;

/**
 * The failed-validation modal (spec section 5), titled by the kind of the first error. Closing it scrolls to the
 * first error and focuses it (so the modal does not hand focus back to the button that opened it).
 */
export function ValidationModal(): JSX.Element | null {
  const { t } = useEditorT();
  const failure = useEditorStore(selectFailure);
  const dismiss = useEditorStore((s) => s.dismissFailure);
  if (!failure) return null;
  const more = failure.issues.length - SHOWN;
  return (
    <Modal
      title={t(failureTitleKey(failure.issues[0]?.type))}
      onClose={dismiss}
      returnFocus={false}
      hideClose
      size="sm"
      actions={
        <Button variant="primary" onClick={dismiss}>
          {t('validation.goToFirst')}
        </Button>
      }
    >
      <p>{failure.issues.length === 1 ? t('validation.attentionOne') : t('validation.attentionMany', { count: failure.issues.length })}</p>
      <ul>
        {failure.issues.slice(0, SHOWN).map((i) => (
          <li key={i.path}>{t('validation.issue', { where: describePath(i.path), message: issueMessage(i) })}</li>
        ))}
      </ul>
      {more > 0 ? <p>{t('validation.more', { count: more })}</p> : null}
    </Modal>
  );
}
