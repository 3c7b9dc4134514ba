import type { JSX } from 'react';
import { ConfirmDialog as SharedConfirmDialog, type ConfirmDialogProps } from 'shared-kit';

/**
 * The shared confirmation dialog with the shell's wording and styles: spec §2 gives its guards a confirm and a
 * not-now button, and the dialog opens on Confirm.
 */
export function ConfirmDialog(props: ConfirmDialogProps): JSX.Element {
  return <SharedConfirmDialog cancelLabel="Not now" initialFocus="confirm" {...props} />;
}
