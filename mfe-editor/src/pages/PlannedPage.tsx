import type { JSX } from 'react';

/** An editor route that exists in the route table but whose screen is not built yet; it says so plainly. */
export function PlannedPage({ title, what }: { title: string; what: string }): JSX.Element {
  return (
    <main>
      <h1>{title}</h1>
      <p>This page, for {what}, is not available yet.</p>
    </main>
  );
}
