import type { JSX } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initialSocketPolicyState, resetStores, type PushMessage, type SocketClient } from 'shared-kit';
import { FeedSocketContext, type StorySocketFactory } from '../components/community/useStoryLive';
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
    <FeedSocketContext.Provider value={fakeFeedSocket.factory}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/play/*" element={<App />} />
          <Route path="*" element={<p>Outside the player</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </FeedSocketContext.Provider>,
  );
}

export function resetAll(): void {
  resetPlayerStores();
  resetStores();
  fakeFeedSocket.reset();
  localStorage.clear();
  delete (window as unknown as { __SHELL__?: unknown }).__SHELL__;
}

export function installFakeShell(): { navigate: jest.Mock; toast: jest.Mock; reactToApiError: jest.Mock } {
  const shell = { version: 1, toast: jest.fn(() => true), navigate: jest.fn(), reactToApiError: jest.fn(() => false) };
  (window as unknown as { __SHELL__?: unknown }).__SHELL__ = shell;
  return shell;
}

/** A feed connection as tests see it: what it was opened with, and a way to deliver a push to its handlers. */
export interface FakeFeedSocket {
  opened: Array<{ watch: string; closed: boolean }>;
  push: (message: PushMessage) => void;
}

/** Every feed connection opened while rendering goes here instead of the network. */
export const fakeFeedSocket: FakeFeedSocket & { factory: StorySocketFactory; reset: () => void } = (() => {
  const handlers = new Set<(m: PushMessage) => void>();
  const state: FakeFeedSocket & { factory: StorySocketFactory; reset: () => void } = {
    opened: [],
    push: (message) => handlers.forEach((h) => h(message)),
    reset: () => {
      state.opened = [];
      handlers.clear();
    },
    factory: (options) => {
      const entry = { watch: String((options.socketOptions?.query as Record<string, string> | undefined)?.watch_story ?? ''), closed: false };
      state.opened.push(entry);
      const mine = new Set<(m: PushMessage) => void>();
      return {
        on: (_type, handler) => {
          const h = (m: PushMessage) => handler(m, 'push');
          mine.add(h);
          handlers.add(h);
          return () => {
            mine.delete(h);
            handlers.delete(h);
          };
        },
        connect: () => undefined,
        close: () => {
          entry.closed = true;
          mine.forEach((h) => handlers.delete(h));
        },
        connected: true,
        state: initialSocketPolicyState,
        socket: undefined,
      } as SocketClient;
    },
  };
  return state;
})();
