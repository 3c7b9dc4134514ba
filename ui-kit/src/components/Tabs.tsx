import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from './cx';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * Tabs on Radix: arrow keys move between tabs, the panel is tied to its tab. When the row is wider than the screen
 * it scrolls sideways, and the selected tab is scrolled into sight.
 */
export function Tabs({ label, items, value, defaultValue, onValueChange, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    // Only the row scrolls (never the page): centre the tab when it is outside the row's view.
    const row = list.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    if (tab.left < row.left || tab.right > row.right) list.scrollLeft += tab.left - row.left - (row.width - tab.width) / 2;
  }, [value]);
  return (
    <RadixTabs.Root className={cx('ui-tabs', className)} value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={onValueChange}>
      <RadixTabs.List ref={listRef} className="ui-tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className="ui-tabs__tab">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="ui-tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
