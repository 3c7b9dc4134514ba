import type { JSX } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'ui-kit';
import App from './App';

/** Where the shell mounts this remote; standalone pages use the same paths so links behave alike. */
export const BASENAME = '/editor';
/** The page the remote's own server opens when visited at its root. */
export const START_PATH = '/works';

/** The remote on its own page, for development: its own router, which the shell otherwise provides. */
export function Standalone(): JSX.Element {
  return (
    <BrowserRouter basename={BASENAME}>
      {/* The page's one main landmark, which the shell's layout holds when the remote is mounted there. */}
      <main id="main">
        <App />
      </main>
      {/* Toasts on the remote's own page; under the shell, the shell shows them. */}
      <Toaster />
    </BrowserRouter>
  );
}
