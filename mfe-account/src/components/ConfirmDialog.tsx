import type { JSX } from 'react';
import { ConfirmDialog as SharedConfirmDialog, type ConfirmDialogProps } from 'shared-kit';

/** The shared confirmation dialog, styled by this remote's stylesheet. */
export function ConfirmDialog(props: ConfirmDialogProps): JSX.Element {
  return <SharedConfirmDialog classPrefix="acct-" {...props} />;
}
