import type { JSX } from 'react';
import { Link } from 'react-router';

/** "My Story": the creator's works. Listing comes with the story API; until then the list is empty. */
export function WorksPage(): JSX.Element {
  return (
    <main>
      <h1>My Story</h1>
      <section aria-label="Works">
        <p>No stories yet</p>
        {/* Relative, so the link works both under the shell and on the remote's own page. */}
        <Link to="../story/new">Create story</Link>
      </section>
    </main>
  );
}
