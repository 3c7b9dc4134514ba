// The kit's Radix-heavy components (popper, focus scope, scroll lock), each loaded on first use.
import type { ConfirmDialogProps, ModalProps } from './Modal';
import type { MenuProps } from './Menu';
import type { SelectProps } from './Select';
import type { TabsProps } from './Tabs';
import { deferred } from './deferred';
import { cx } from './cx';

export const Modal = deferred<ModalProps>(() => import('./Modal').then((m) => m.Modal));
export const ConfirmDialog = deferred<ConfirmDialogProps>(() => import('./Modal').then((m) => m.ConfirmDialog));
export const Select = deferred<SelectProps>(() => import('./Select').then((m) => m.Select));
export const Tabs = deferred<TabsProps>(() => import('./Tabs').then((m) => m.Tabs));
/**
 * Until its code arrives the menu shows its trigger, so the header does not shift. That stand-in is marked disabled
 * (without looking it): it cannot open anything yet, and a test's click waits for the real trigger.
 */
export const Menu = deferred<MenuProps>(
  () => import('./Menu').then((m) => m.Menu),
  ({ trigger, triggerLabel, className }) => (
    <button type="button" className={cx('ui-button ui-button--ghost ui-button--md ui-menu__trigger', className)} aria-label={triggerLabel} aria-haspopup="menu" aria-disabled="true">
      {trigger}
    </button>
  ),
);
