import type { ReactNode } from 'react';
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
  return (
    <article className="page">
      <h1 className="page__title">{heading}</h1>
      {children}
    </article>
  );
}
