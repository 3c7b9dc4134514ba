import * as Dropdown from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface MenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

export interface MenuProps {
  /** The trigger's content (e.g. the user's name); `triggerLabel` names it when it is only an icon. */
  trigger: ReactNode;
  triggerLabel?: string;
  items: readonly MenuItem[];
  align?: 'start' | 'end';
  className?: string;
}

/** A dropdown menu on Radix (the header's user menu): arrow keys, typeahead, Escape and focus return built in. */
export function Menu({ trigger, triggerLabel, items, align = 'end', className }: MenuProps) {
  return (
    <Dropdown.Root modal={false}>
      <Dropdown.Trigger className={cx('ui-button ui-button--ghost ui-button--md ui-menu__trigger', className)} aria-label={triggerLabel}>
        {trigger}
        <span aria-hidden="true" className="ui-menu__caret">
          ▾
        </span>
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content className="ui-popover ui-menu" align={align} sideOffset={4}>
          {items.map((item) => (
            <Dropdown.Item
              key={item.key}
              className={cx('ui-menu__item', item.danger && 'ui-menu__item--danger')}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}
