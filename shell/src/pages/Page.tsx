import { useLayoutEffect, type ReactNode } from 'react';
import { releasePrerendered } from 'shared-kit';
import { usePageTitle } from '../hooks/usePageTitle';

/** A shell page: sets the title and og:title, and gives the content a top-level heading. */
export function Page({
  title,
  heading = title,
  children,
}: {
  title: string;
  heading?: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  // The shell's page shows its own first screen now: the server's (when it sent one) is not shown again.
  useLayoutEffect(() => releasePrerendered(), []);
  return (
    <article className="page">
      <h1 className="page__title">{heading}</h1>
      {children}
    </article>
  );
}
