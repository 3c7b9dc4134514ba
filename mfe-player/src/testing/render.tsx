import type { JSX } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { resetStores } from 'shared-kit';
import { i18n } from 'ui-kit';
import App from '../App';
import { PLAYER_NS } from '../i18n';
import { resetPlayerStores } from '../stores';

function LocationProbe(): JSX.Element {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

// The player's catalogue is fetched on first use in the browser; tests load it up front so a render shows copy at once.
beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});

/** The remote as the shell mounts it: under `/play/*` of the host's router. */
export function renderAt(path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/play/*" element={<App />} />
        <Route path="*" element={<p>Outside the player</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function resetAll(): void {
  resetPlayerStores();
  resetStores();
  localStorage.clear();
  delete (window as unknown as { __SHELL__?: unknown }).__SHELL__;
}

export function installFakeShell(): { navigate: jest.Mock; toast: jest.Mock; reactToApiError: jest.Mock } {
  const shell = { version: 1, toast: jest.fn(() => true), navigate: jest.fn(), reactToApiError: jest.fn(() => false) };
  (window as unknown as { __SHELL__?: unknown }).__SHELL__ = shell;
  return shell;
}
