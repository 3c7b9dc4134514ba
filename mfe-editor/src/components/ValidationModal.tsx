import { useId, useState, type JSX } from 'react';
import { Button, Modal } from 'ui-kit';
import { failureTitleKey, issueMessage, useEditorT } from '../i18n';
import { describePath } from '../lib/paths';
import { graphTargetOf, revealInGraph } from '../stores/editor/graphReveal';
import { selectFailure } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';

/** Problems listed before the rest fold under "Show N more". */
export const SHOWN_ISSUES = 5;

/**
 * The failed-validation modal (spec section 5), titled by the kind of the first error. The problems come in the
 * order a creator fixes them (a character, a chapter, then fields); each one takes the creator to its field, and the
 * ones past the first few unfold in place. Closing it scrolls to the first error and focuses it (so the modal does
 * not hand focus back to the button that opened it).
 */
export function ValidationModal(): JSX.Element | null {
  const failure = useEditorStore(selectFailure);
  // Keyed by the failure, so a new failed save starts folded again.
  return failure ? <FailureModal key={failure.issues.map((i) => i.path).join(' ')} /> : null;
}

function FailureModal(): JSX.Element | null {
  const { t } = useEditorT();
  const failure = useEditorStore(selectFailure);
  const dismiss = useEditorStore((s) => s.dismissFailure);
  const goTo = useEditorStore((s) => s.goToIssue);
  const [unfolded, setUnfolded] = useState(false);
  const listId = useId();
  if (!failure) return null;
  // One problem more than the first few is shown rather than folded: "Show 1 more" would cost a click for one line.
  const more = failure.issues.length > SHOWN_ISSUES + 1 ? failure.issues.length - SHOWN_ISSUES : 0;
  const shown = unfolded || more === 0 ? failure.issues : failure.issues.slice(0, SHOWN_ISSUES);
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
      <p>
        {failure.mode === 'publish'
          ? failure.issues.length === 1
            ? t('validation.publishOne')
            : t('validation.publishMany', { count: failure.issues.length })
          : failure.issues.length === 1
            ? t('validation.attentionOne')
            : t('validation.attentionMany', { count: failure.issues.length })}
      </p>
      <ul id={listId} className="editor-issues">
        {shown.map((i) => (
          <li key={i.path}>
            <button
              type="button"
              className="editor-issues__link"
              onClick={() => {
                // A graph problem is shown by the Story map (at its node), not by a field of the form.
                const target = graphTargetOf(i);
                if (target) revealInGraph(target);
                else goTo(i.path);
              }}
            >
              {t('validation.issue', { where: describePath(i.path), message: issueMessage(i) })}
            </button>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <Button variant="ghost" size="sm" aria-expanded={unfolded} aria-controls={listId} onClick={() => setUnfolded((u) => !u)}>
          {unfolded ? t('validation.fewer') : t('validation.more', { count: more })}
        </Button>
      ) : null}
    </Modal>
  );
}
