import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { StorageKey, resetStores, storage, toastStore } from 'shared-kit';
import { resetAccount } from '../../session/account';
import { AuthCallbackPage } from './AuthCallbackPage';
import { resetReactions } from '../../errors/reactions';

const get = jest.fn();
const post = jest.fn();
jest.mock('../../http/client', () => ({ api: async () => ({ get, post, defaults: { baseURL: '/api' } }) }));

const ok = (data: unknown) => ({ data: { status_code: 0, status_message: 'success', data } });

function serve(user: Record<string, unknown> | null) {
  get.mockImplementation(async (url: string) => {
    if (url === '/passport/check_login') return ok(user ? { is_login: true, user } : { is_login: false });
    if (url === '/tyler/user/launch') return ok({ ws_config: { url: '/s', path: '/s' } });
    if (url === '/tyler/user/detail') return ok({ ...user, user_nick: user?.nickname });
    throw new Error(`unexpected ${url}`);
  });
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetStores();
  resetAccount();
  resetReactions();
  localStorage.clear();
  get.mockReset();
  post.mockReset();
  post.mockResolvedValue(ok({ is_login: false }));
});

it.each([
  ['authorization_failed', 'Authorization failed or cancelled'],
  ['login_failed', 'Login failed'],
  ['something_else', 'Login failed'],
])('?error=%s shows "%s" and a way back to log in', async (error, message) => {
  const router = renderAt(`/auth/callback?error=${error}&next=%2Feditor%2Fworks`);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(message);
  expect(get).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  // The remembered path survives for the next try.
  expect(storage.get(StorageKey.LoginRedirect)).toBe('/editor/works');
});

it('?error=1010106 gets the shell reaction: restricted page and logout', async () => {
  const router = renderAt('/auth/callback?error=1010106&next=%2F');
  await waitFor(() => expect(router.state.location.pathname).toBe('/editor/restricted-access'));
  expect(post).toHaveBeenCalledWith('/passport/logout', { next: '/', need_redirect: 0 }, { silent: true });
  expect(toastStore.getState().current?.message).toMatch(/region/i);
});

it('revalidates the session and goes to ?next=, replacing history', async () => {
  serve({ uid: '9', nickname: 'Ada', need_confirm: false, is_adult: true });
  const router = renderAt('/auth/callback?next=%2Feditor%2Fworks');
  await waitFor(() => expect(router.state.location.pathname).toBe('/editor/works'));
  expect(router.state.historyAction).toBe('REPLACE');
  expect(get.mock.calls.map((c) => c[0])).toEqual([
    '/passport/check_login',
    '/tyler/user/launch',
    '/tyler/user/detail',
  ]);
  expect(storage.get(StorageKey.LoginRedirect)).toBeNull();
});

it('refuses an off-site ?next= and uses the remembered path instead', async () => {
  storage.set(StorageKey.LoginRedirect, '/editor/story/3');
  serve({ uid: '9', nickname: 'Ada', need_confirm: false });
  const router = renderAt('/auth/callback?next=%2F%2Fevil.example');
  await waitFor(() => expect(router.state.location.pathname).toBe('/editor/story/3'));
});

it('shows the first-sign-in steps to a new account', async () => {
  serve({ uid: '9', nickname: 'Ada', need_confirm: true, is_adult: null });
  renderAt('/auth/callback?next=%2Feditor');
  expect(await screen.findByRole('heading', { name: 'Confirm your age' })).toBeTruthy();
});

it('says "Login failed" when no session came back', async () => {
  serve(null);
  renderAt('/auth/callback?next=%2Feditor');
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Login failed');
});
