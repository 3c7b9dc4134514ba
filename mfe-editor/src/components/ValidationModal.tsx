import type { JSX } from 'react';
import { describePath } from '../lib/paths';
import { selectFailure } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { Dialog } from './Dialog';

const SHOWN = 5;

/**
 * The failed-validation modal (spec section 5), titled by the kind of the first error. Closing it scrolls to the
 * first error and focuses it.
 */
export function ValidationModal(): JSX.Element | null {
  const failure = useEditorStore(selectFailure);
  const dismiss = useEditorStore((s) => s.dismissFailure);
  if (!failure) return null;
  const more = failure.issues.length - SHOWN;
  return (
    <Dialog title={failure.title} onClose={dismiss} actions={[{ label: 'Go to the first problem', onClick: dismiss, primary: true }]}>
      <p>
        {failure.issues.length === 1 ? 'One field needs attention' : `${failure.issues.length} fields need attention`} before
        saving.
      </p>
      <ul>
        {failure.issues.slice(0, SHOWN).map((i) => (
          <li key={i.path}>
            {describePath(i.path)}: {i.message}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>And {more} more.</p> : null}
    </Dialog>
  );
}
