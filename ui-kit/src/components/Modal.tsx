import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './cx';

export interface ModalProps {
  open?: boolean;
  /** Called when the user asks to close: Escape, the close button or a click outside. */
  onClose: () => void;
  title: ReactNode;
  /** Read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  /** Closing is refused while true (e.g. while the confirmed action runs). */
  busy?: boolean;
  /** The element focused on open; default: the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A modal without the close (×) button (the actions decide). */
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /**
   * Whether closing puts focus back on the control that opened the dialog (default). False when the app moves focus
   * itself on close (e.g. to the first invalid field).
   */
  returnFocus?: boolean;
}

/**
 * A modal dialog on Radix Dialog: focus moves inside and stays there, Escape closes, focus returns to where it was,
 * the page behind is hidden from screen readers.
 */
export function Modal({ open = true, onClose, title, description, children, actions, busy = false, initialFocus, hideClose = false, size = 'md', className, returnFocus = true }: ModalProps) {
  const { t } = useTranslation('common');
  // Radix returns focus only to its own Trigger; our modals are opened by any control, so remember it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className={cx('ui-modal', `ui-modal--${size}`, className)}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus && opener.current?.isConnected) opener.current.focus();
          }}
          // Without a description Radix would point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="ui-modal__description">{description}</Dialog.Description> : null}
          {children ? <div className="ui-modal__body">{children}</div> : null}
          {actions ? <div className="ui-modal__actions">{actions}</div> : null}
          {hideClose ? null : (
            <Dialog.Close asChild>
              <button type="button" className="ui-modal__close ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={t('close')} disabled={busy}>
                <span aria-hidden="true">×</span>
              </button>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmDialogProps {
  open?: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Default: "Confirm". */
  confirmLabel?: ReactNode;
  /** Default: the spec's "Not now". */
  cancelLabel?: ReactNode;
  /** A destructive action gets the danger colour. */
  danger?: boolean;
  /** Shows the confirm button loading and refuses to close while the confirmed action runs. */
  busy?: boolean;
  /** Which button has focus when the dialog opens; the safe one unless the app says otherwise. */
  initialFocus?: 'cancel' | 'confirm';
  /** A dialog with one button (the spec's plagiarism notice: "no cancel"). */
  hideCancel?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The spec's confirm / not-now pair in a Modal; Escape and the close button mean not now. */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  initialFocus = 'cancel',
  hideCancel = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={children}
      busy={busy}
      hideClose
      size="sm"
      initialFocus={initialFocus === 'confirm' || hideCancel ? confirmRef : cancelRef}
      actions={
        <>
          {hideCancel ? null : (
            <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
              {cancelLabel ?? t('notNow')}
            </Button>
          )}
          <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    />
  );
}
