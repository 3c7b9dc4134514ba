import type { JSX, MouseEvent, ReactNode } from 'react';
import { shellNavigate as goToShellPage } from 'shared-kit';

/** A link to a page of the shell (terms, privacy, home), outside this remote's routes. */
export function ShellLink({ to, children, className }: { to: string; children: ReactNode; className?: string }): JSX.Element {
  function onClick(event: MouseEvent<HTMLAnchorElement>): void {
    // Let the browser handle new-tab and modified clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goToShellPage(to);
  }
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
