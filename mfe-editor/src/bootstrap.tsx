import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BASENAME, START_PATH, Standalone } from './standalone';

// Opened at the remote's own origin root: move under the shell's mount point so the routes match.
if (!window.location.pathname.startsWith(BASENAME)) {
  window.history.replaceState(null, '', BASENAME + START_PATH);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount into');
createRoot(container).render(
  <StrictMode>
    <Standalone />
  </StrictMode>,
);
