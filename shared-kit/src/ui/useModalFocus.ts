import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * The keyboard behaviour every modal shares: focus moves to `initial` (else the first button) when it opens, Tab
 * and Shift-Tab stay inside `panel`, Escape calls `onEscape`, and focus goes back to where it was when it closes.
 * Returns the panel's keydown handler.
 */
export function useModalFocus(
  panel: RefObject<HTMLElement | null>,
  options: { initial?: RefObject<HTMLElement | null>; onEscape: () => void },
): (event: KeyboardEvent<HTMLElement>) => void {
  const { initial, onEscape } = options;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initial?.current ?? panel.current?.querySelector<HTMLButtonElement>('button'))?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
    // Focus moves once, when the modal opens.
  }, []);

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const buttons = [...panel.current.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
