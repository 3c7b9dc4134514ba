import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePlayerPath } from './paths';

export function NotFound(): JSX.Element {
  return (
    <main className="pl-page pl-center">
      <h1>Page not found</h1>
      <p>This page does not exist in the story player.</p>
      <Link className="pl-button pl-button--primary" to={usePlayerPath()}>
        Back to stories
      </Link>
    </main>
  );
}
