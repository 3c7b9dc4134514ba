import type { JSX } from 'react';
import { EmptyState } from 'ui-kit';

/** An editor route that exists in the route table but whose screen is not built yet; it says so plainly. */
export function PlannedPage({ title, text }: { title: string; text: string }): JSX.Element {
  return (
    <div className="editor-page">
      <h1 className="ui-heading-1">{title}</h1>
      <EmptyState title={text} />
    </div>
  );
}
