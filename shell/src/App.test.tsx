import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createMemoryRouter } from 'react-router';
import { ApiError, ErrorCode, resetStores, sessionStore, toastStore } from 'shared-kit';
import { setApiErrorHandler } from './http/client';
import { App } from './App';
import { resetRemotesConfig } from './remotes/config';
import * as mounts from './remotes/mounts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const get = jest.fn();
jest.mock('./http/client', () => ({
  api: async () => ({ get, post: jest.fn() }),
  setApiErrorHandler: jest.fn(),
}));

const mockedLoadRemote = jest.mocked(loadRemote);
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function useDevice(userAgent: string, width: number) {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}

function remoteApp(heading: string, name: string) {
  return { default: () => <h1 data-remote={name}>{heading}</h1> };
}

function renderApp(at: string) {
  let router!: ReturnType<typeof createMemoryRouter>;
  render(
    <App
      createRouter={(routes) => {
        router = createMemoryRouter(routes, { initialEntries: [at] });
        return router;
      }}
    />,
  );
  return () => router;
}

beforeEach(() => {
  resetStores();
  resetRemotesConfig();
  // Each test loads remotes afresh, as a new page would.
  for (const remote of Object.values(mounts)) remote.reload();
  useDevice(DESKTOP_UA, 1440);
  get.mockReset();
  get.mockResolvedValue({ data: { status_code: 0, status_message: 'success', data: { is_login: false } } });
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockImplementation(async (id: string) => {
    const headings: Record<string, string> = {
      'mfe_editor/App': 'My Story',
      'mfe_brainstorm/App': 'Brainstorm',
      'mfe_player/App': 'Stories',
      'mfe_account/App': 'Account',
      'mfe_ops/App': 'Moderation',
    };
    return remoteApp(headings[id] ?? 'unknown', id.split('/')[0] ?? '');
  });
  Object.assign(globalThis, {
    fetch: jest.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => ({
        remotes: [{ name: 'mfe_editor', entry: 'http://localhost:8081/mf-manifest.json' }],
        apiBase: '/api',
      }),
    })),
  });
});

describe('App routes', () => {
  it('sends / to the editor home and checks the login', async () => {
    const router = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create interactive AI stories' }),
    ).toBeTruthy();
    expect(router().state.location.pathname).toBe('/editor');
    expect(screen.getByRole('link', { name: 'My Story' }).getAttribute('href')).toBe('/editor/works');
    expect(screen.getByRole('link', { name: 'Play stories' }).getAttribute('href')).toBe('/play');
    await waitFor(() => expect(sessionStore.getState().status).toBe('guest'));
    expect(get).toHaveBeenCalledWith('/passport/check_login', { silent: true });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(document.title).toBe('Create interactive stories · Storyverse');
  });

  it.each([
    ['/editor/protocol/terms', 'Terms of Service'],
    ['/editor/protocol/privacy', 'Privacy Policy'],
    ['/editor/forbidden-create', 'Creation not available'],
    ['/editor/mobile', 'Storyverse on your phone'],
    ['/editor/no-access', 'No access'],
    ['/editor/restricted-access', 'Not available in your region'],
    ['/login', 'Log in'],
    ['/nowhere', 'Page not found'],
  ])('renders the shell page at %s', async (path, heading) => {
    renderApp(path);
    // Pages loaded on first visit (login brings the phone-number rules) can take a while on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it.each([
    ['/editor/works', 'mfe_editor/App', 'My Story'],
    ['/editor/story/12', 'mfe_editor/App', 'My Story'],
    ['/editor/story-ai/3', 'mfe_brainstorm/App', 'Brainstorm'],
    ['/play', 'mfe_player/App', 'Stories'],
    ['/account/delete', 'mfe_account/App', 'Account'],
  ])('mounts the remote for %s', async (path, id, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(mockedLoadRemote).toHaveBeenCalledWith(id);
  });

  it('mounts the console at /ops for an operator only; a visitor goes to log in without loading it', async () => {
    const visitor = renderApp('/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(visitor().state.location.pathname).toBe('/login');
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mfe_ops/App');
    cleanup();

    resetStores();
    const operator = { uid: '7', nickname: 'Operator', roles: ['user', 'operator'], teen_mode: 0 };
    get.mockResolvedValue({ data: { status_code: 0, status_message: 'success', data: { is_login: true, user: operator } } });
    renderApp('/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_ops/App');
  });

  it('keeps the header working when a remote is down', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedLoadRemote.mockRejectedValue(new Error('ECONNREFUSED'));
    renderApp('/play');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This part of the product is temporarily unavailable',
    );
    expect(screen.getByRole('link', { name: 'Storyverse home' })).toBeTruthy();
    jest.mocked(console.error).mockRestore();
  });

  it('shows the feedback address only with feedback=1', async () => {
    renderApp('/editor/restricted-access?feedback=1');
    const link = await screen.findByRole('link', { name: /^feedback@/ });
    expect(link.getAttribute('href')).toMatch(/^mailto:feedback@/);
  });
});

describe('App on a phone', () => {
  beforeEach(() => useDevice(PHONE_UA, 390));

  it.each(['/editor', '/editor/works', '/editor/story/1', '/ops'])(
    'sends %s to the mobile page',
    async (path) => {
      const router = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Storyverse on your phone' })).toBeTruthy();
      expect(router().state.location.pathname).toBe('/editor/mobile');
      expect(mockedLoadRemote).not.toHaveBeenCalled();
    },
  );

  it('sends the root to the player, which is made for phones', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories' })).toBeTruthy();
    expect(router().state.location.pathname).toBe('/play');
  });

  it('tells a phone sent from the console that the console, not the editor, needs a computer', async () => {
    renderApp('/ops/reports');
    expect(await screen.findByText(/The moderation console is made for a computer/)).toBeTruthy();
    expect(screen.queryByText(/The story editor is made for a computer/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Play stories' })).toBeTruthy();
  });

  it('tells a phone sent from the editor about the editor', async () => {
    renderApp('/editor/works');
    expect(await screen.findByText(/The story editor is made for a computer/)).toBeTruthy();
  });

  it.each([
    ['/editor/protocol/terms', 'Terms of Service'],
    ['/login', 'Log in'],
    ['/play', 'Stories'],
  ])('keeps a phone on %s', async (path, heading) => {
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router().state.location.pathname).toBe(path);
  });
});

describe('App wiring', () => {
  it('reacts to API errors from the shared client and exposes window.__SHELL__', async () => {
    const router = renderApp('/editor/protocol/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    const handler = jest.mocked(setApiErrorHandler).mock.calls.at(-1)?.[0];
    expect(handler).toBeInstanceOf(Function);
    act(() => handler?.(new ApiError(ErrorCode.NoAccess)));
    expect(await screen.findByText('Error code: 1008')).toBeTruthy();
    expect(router().state.location.pathname).toBe('/editor/no-access');

    const shell = window.__SHELL__;
    expect(shell?.version).toBe(1);
    act(() => {
      expect(shell?.reactToApiError(new ApiError(ErrorCode.LoginOnly))).toBe(true);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Creation not available' })).toBeTruthy();
    act(() => {
      shell?.toast({ type: 'info', message: 'Hello from a remote' });
    });
    expect(screen.getByRole('status').textContent).toBe('Hello from a remote');
    expect(toastStore.getState().current?.message).toBe('Hello from a remote');
    act(() => shell?.navigate('/editor/protocol/privacy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(typeof shell?.leaveGuard.register).toBe('function');
  });
});
