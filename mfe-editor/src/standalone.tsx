import type { JSX } from 'react';
import { BrowserRouter } from 'react-router';
import { useToastStore } from 'shared-kit';
import App from './App';

/** Where the shell mounts this remote; standalone pages use the same paths so links behave alike. */
export const BASENAME = '/editor';
/** The page the remote's own server opens when visited at its root. */
export const START_PATH = '/works';

/** Toasts on the remote's own page; under the shell, the shell shows them. */
function StandaloneToast(): JSX.Element | null {
  const current = useToastStore((s) => s.current);
  if (!current) return null;
  return (
    <div className="ed-toast" role={current.type === 'error' ? 'alert' : 'status'}>
      {current.message}
    </div>
  );
}

/** The remote on its own page, for development: its own router, which the shell otherwise provides. */
export function Standalone(): JSX.Element {
  return (
    <BrowserRouter basename={BASENAME}>
      <div className="ed">
        <App />
        <StandaloneToast />
      </div>
    </BrowserRouter>
  );
}
