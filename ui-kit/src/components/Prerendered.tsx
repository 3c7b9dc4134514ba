import { useLayoutEffect, useRef } from 'react';
import { PRERENDERED_ATTRIBUTE, hasPrerenderedPage } from 'shared-kit';

let captured: Element | null = null;
/** The field of the first screen the visitor is in (typing before the code arrived), put back when it moves back. */
let focused: HTMLElement | null = null;

/**
 * Keeps hold of the first screen the server wrote into the page (`[data-prerendered]`), before the app's first render
 * replaces the page's content: the app's loading states then show it again, where it was, until the page that
 * owns it has rendered its own. Called once by the shell before it renders.
 */
export function capturePrerenderedPage(): void {
  if (typeof document === 'undefined') return;
  captured = document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`);
  if (!captured) return;
  const active = document.activeElement;
  focused = active instanceof HTMLElement && captured.contains(active) ? active : null;
  // A field the visitor is in when the app's first render takes the screen away (which blurs it) follows the screen
  // back (PrerenderedPage, in the same render); one they left on purpose is forgotten once that blur has settled.
  captured.addEventListener('focusin', (e) => (focused = e.target instanceof HTMLElement ? e.target : null));
  captured.addEventListener('focusout', (e) => {
    const left = e.target;
    queueMicrotask(() => {
      if (focused === left && document.activeElement !== left) focused = null;
    });
  });
}

/** Whether a loading state should show the pre-rendered first screen (the page opened with one, not yet taken over). */
export function showsPrerenderedPage(): boolean {
  return captured !== null && hasPrerenderedPage();
}

/**
 * The pre-rendered first screen, as a loading state: the server's own elements moved back into the page (no copy, no
 * second paint of anything), inside a box that takes no room of its own. Renders nothing once the page has taken over.
 */
export function PrerenderedPage() {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = captured;
    if (!host.current || !node || !hasPrerenderedPage()) return;
    host.current.appendChild(node);
    if (focused && node.contains(focused) && (document.activeElement === null || document.activeElement === document.body)) {
      focused.focus({ preventScroll: true });
    }
  }, []);
  return <div ref={host} style={{ display: 'contents' }} />;
}
