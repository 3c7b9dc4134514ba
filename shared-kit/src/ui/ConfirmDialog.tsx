import { useId, useRef, type JSX, type ReactNode } from 'react';
import { useModalFocus } from './useModalFocus';

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  /** Which button has focus when the dialog opens; the safe one unless the app says otherwise. */
  initialFocus?: 'cancel' | 'confirm';
  /**
   * Prefix of the class names (`<prefix>dialog`, `<prefix>dialog__title`, `<prefix>button`, ...), so each app styles
   * the one component with its own stylesheet.
   */
  classPrefix?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation shared by the shell and the remotes: focus moves into it, Tab stays inside, Escape cancels
 * (unless busy), and focus returns where it was when it closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  initialFocus = 'cancel',
  classPrefix = '',
  onConfirm,
  onCancel,
}: ConfirmDialogProps): JSX.Element {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const c = (name: string): string => `${classPrefix}${name}`;

  const onKeyDown = useModalFocus(panel, {
    initial: initialFocus === 'confirm' ? confirmButton : cancelButton,
    onEscape: () => {
      if (!busy) onCancel();
    },
  });

  return (
    <div className={c('dialog-backdrop')}>
      <div
        ref={panel}
        className={c('dialog')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={c('dialog__title')}>
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className={c('dialog__body')}>
            {children}
          </div>
        ) : null}
        <div className={c('dialog__actions')}>
          <button ref={cancelButton} type="button" className={c('button')} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            ref={confirmButton}
            type="button"
            className={`${c('button')} ${c(danger ? 'button--danger' : 'button--primary')}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
