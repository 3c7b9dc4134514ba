// The kit's Radix-heavy components (popper, focus scope, scroll lock), each loaded on first use.
import type { ConfirmDialogProps, ModalProps } from './Modal';
import type { MenuProps } from './Menu';
import type { SelectProps } from './Select';
import type { TabsProps } from './Tabs';
import { useId } from 'react';
import { deferred } from './deferred';
import { cx } from './cx';

export const Modal = deferred<ModalProps>(() => import('./Modal').then((m) => m.Modal));
export const ConfirmDialog = deferred<ConfirmDialogProps>(() => import('./Modal').then((m) => m.ConfirmDialog));
export const Select = deferred<SelectProps>(() => import('./Select').then((m) => m.Select));

/**
 * The select of a choice every page shows but nobody needs in the first seconds (the header's language): until its
 * code has come with the idle-time fetch, a stand-in with the same look, role and name shows the current value; a
 * hover or focus fetches the code, a click or key opens the select as soon as it is here.
 */
export const SelectOnDemand = deferred<SelectProps>(() => import('./Select').then((m) => m.Select), undefined, {
  activatedProps: { defaultOpen: true },
  standIn: (props, { preload, activate }) => <SelectStandIn {...props} preload={preload} activate={activate} />,
});

function SelectStandIn({
  label,
  value,
  options,
  placeholder,
  disabled,
  hideLabel,
  className,
  id: idProp,
  preload,
  activate,
}: SelectProps & { preload: () => void; activate: () => void }) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const current = options.find((option) => option.value === value);
  return (
    <div className={cx('ui-field', className)}>
      <label id={`${id}-label`} htmlFor={id} className={cx('ui-field__label', hideLabel && 'ui-visually-hidden')}>
        {label}
      </label>
      <button
        type="button"
        id={id}
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="none"
        aria-labelledby={`${id}-label`}
        className="ui-input ui-select__trigger"
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={activate}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            activate();
          }
        }}
      >
        <span>{current ? current.label : placeholder}</span>
        <span className="ui-select__icon" aria-hidden="true">
          ▾
        </span>
      </button>
    </div>
  );
}
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
