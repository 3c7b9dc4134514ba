import { useEffect, type JSX } from 'react';
import { Link } from 'react-router';
import { useAccountPath } from './paths';

/** The page's title (also the document title while it is open) and a way back to the account overview. */
export function PageHeader({ title, back = true }: { title: string; back?: boolean }): JSX.Element {
  const home = useAccountPath();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Storyverse`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <div className="acct-page-header">
      {back ? (
        <Link to={home} className="acct-back">
          <span aria-hidden="true">‹</span> Account
        </Link>
      ) : null}
      <h1>{title}</h1>
    </div>
  );
}
