import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import {
  ApiError,
  ErrorCode,
  StorageKey,
  TeenMode,
  resetStores,
  sessionStore,
  storage,
  toastStore,
  type Platform,
  type SessionUser,
} from 'shared-kit';
import { PlatformContext } from '../platform/PlatformContext';
import { inboxStore } from '../unread/inbox';
import { unreadStore } from '../unread/store';
import { Header } from './Header';
import { qrPath } from './QrCode';

const post = jest.fn();
jest.mock('../http/client', () => ({ api: async () => ({ post }) }));

const mira: SessionUser = {
  uid: '1',
  biz_uid: 'b1',
  user_nick: 'Mira',
  roles: ['user'],
  teen_mode: TeenMode.Disable,
  creation_forbidden: false,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderHeader({
  platform = 'pc',
  at = '/editor/story/5?tab=plots',
}: { platform?: Platform; at?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Header />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <PlatformContext.Provider value={platform}>
      <RouterProvider router={router} />
    </PlatformContext.Provider>,
  );
  return router;
}

const where = () => screen.getByTestId('where').textContent;
const banner = () => screen.getByRole('banner');

beforeEach(() => {
  resetStores();
  unreadStore.getState().clear();
  localStorage.clear();
  post.mockReset();
});

describe('Header, logged out', () => {
  beforeEach(() => sessionStore.getState().setUser(null));

  it('offers Log in, remembering the current page, and the player', () => {
    renderHeader();
    expect(within(banner()).queryByRole('link', { name: 'My Story' })).toBeNull();
    expect(within(banner()).getByRole('link', { name: 'Stories' }).getAttribute('href')).toBe('/play');
    fireEvent.click(within(banner()).getByRole('button', { name: 'Log in' }));
    expect(storage.get(StorageKey.LoginRedirect)).toBe('/editor/story/5?tab=plots');
    expect(where()).toBe('/login');
  });

  it('links the logo home', () => {
    renderHeader();
    expect(within(banner()).getByRole('link', { name: 'Storyverse home' }).getAttribute('href')).toBe(
      '/editor',
    );
  });

  it('shows a QR code of the app landing page on desktop', async () => {
    renderHeader();
    const getApp = within(banner()).getByRole('button', { name: 'Get the app' });
    expect(getApp.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(getApp);
    expect(getApp.getAttribute('aria-expanded')).toBe('true');
    const url = `${window.location.origin}/play`;
    // The QR encoder is loaded on demand, so the code appears once its chunk has arrived.
    const qr = await screen.findByRole('img', { name: `QR code for ${url}` });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(url).d);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it.each<Platform>(['mobile', 'tablet'])('has no Get the app link on %s', (platform) => {
    renderHeader({ platform });
    expect(screen.queryByRole('button', { name: 'Get the app' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

/** Opens the account menu with the keyboard once its code has loaded (the kit loads the menu on first use). */
async function openMenu(name = 'Mira') {
  const trigger = await screen.findByRole('button', { name, expanded: false });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);

describe('Header, logged in', () => {
  beforeEach(() => sessionStore.getState().setUser(mira));

  it('links the player, My Story with the unread dot, and shows the user menu', () => {
    renderHeader();
    expect(within(banner()).getByRole('link', { name: 'Stories' }).getAttribute('href')).toBe('/play');
    const myStory = within(banner()).getByRole('link', { name: 'My Story' });
    expect(myStory.getAttribute('href')).toBe('/editor/works');
    expect(within(myStory).queryByRole('img', { name: 'New updates' })).toBeNull();
    act(() => unreadStore.getState().mark());
    expect(within(banner()).getByRole('link', { name: /My Story/ })).toBeTruthy();
    expect(within(banner()).getByRole('img', { name: 'New updates' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get the app' })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: 'Moderation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mira' }).getAttribute('aria-haspopup')).toBe('menu');
  });

  it('links the inbox, with a dot and the count while something is unread', () => {
    act(() => inboxStore.getState().set(0));
    renderHeader();
    const inbox = within(banner()).getByRole('link', { name: 'Inbox' });
    expect(inbox.getAttribute('href')).toBe('/account/inbox');
    expect(within(inbox).queryByRole('img', { name: 'New notifications' })).toBeNull();
    act(() => inboxStore.getState().set(3));
    const lit = within(banner()).getByRole('link', { name: 'Inbox (3 unread)' });
    expect(within(lit).getByRole('img', { name: 'New notifications' })).toBeTruthy();
    act(() => inboxStore.getState().set(0));
  });

  it('wears the member badge beside the name while the membership runs, from the session alone', () => {
    sessionStore.getState().setUser({ ...mira, vip_until: new Date(Date.now() + 86_400_000).toISOString() });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Mira Member' }).getAttribute('aria-haspopup')).toBe('menu');
    cleanup();
    sessionStore.getState().setUser({ ...mira, vip_until: new Date(Date.now() - 1000).toISOString() });
    renderHeader();
    expect(screen.getByRole('button', { name: 'Mira' })).toBeTruthy();
    expect(within(banner()).queryByText('Member')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows Moderation to an operator only', () => {
    sessionStore.getState().setUser({ ...mira, roles: ['user', 'operator'] });
    renderHeader();
    expect(within(banner()).getByRole('link', { name: 'Moderation' }).getAttribute('href')).toBe('/ops');
  });

  it.each([
    ['Profile', '/account'],
    ['Settings', '/account/settings'],
    ['Blocked list', '/account/blocked'],
    ['Delete account', '/account/delete'],
  ])('goes to %s from the menu', async (item, path) => {
    renderHeader();
    const menu = await openMenu();
    expect(menuItems(menu)).toEqual(['Profile', 'Settings', 'Blocked list', 'Log out', 'Delete account']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: item }));
    expect(where()).toBe(path);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('folds the links into the menu on a narrow screen', async () => {
    sessionStore.getState().setUser({ ...mira, roles: ['user', 'operator'] });
    const matchMedia = jest.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    Object.assign(window, { matchMedia });
    try {
      renderHeader();
      expect(within(banner()).queryByRole('link', { name: 'Stories' })).toBeNull();
      const menu = await openMenu();
      expect(menuItems(menu)).toEqual([
        'Stories',
        'My Story',
        'Moderation',
        'Profile',
        'Settings',
        'Blocked list',
        'Log out',
        'Delete account',
      ]);
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Stories' }));
      expect(where()).toBe('/play');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('logs out after confirmation: server call, session cleared, back home', async () => {
    post.mockResolvedValueOnce({ data: { status_code: 0, status_message: 'success' } });
    renderHeader();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(where()).toBe('/editor'));
    expect(post).toHaveBeenCalledWith('/passport/logout', { next: '/', need_redirect: 0 }, { silent: true });
    expect(sessionStore.getState().status).toBe('guest');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('keeps the session and says so when logout fails', async () => {
    post.mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError));
    renderHeader();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastStore.getState().current?.message).toBe('Logout failed'));
    expect(sessionStore.getState().status).toBe('user');
    expect(where()).toBe('/editor/story/5?tab=plots');
  });

  it('cancels logout with Not now or Escape', async () => {
    renderHeader();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('hides My Story and Moderation on mobile, keeps the player', () => {
    sessionStore.getState().setUser({ ...mira, roles: ['user', 'operator'] });
    act(() => unreadStore.getState().mark());
    renderHeader({ platform: 'mobile' });
    expect(screen.queryByRole('link', { name: /My Story/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'New updates' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Stories' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mira' })).toBeTruthy();
  });

  it('hides My Story and sends the logo to forbidden-create when creation is forbidden', () => {
    sessionStore.getState().setUser({ ...mira, creation_forbidden: true });
    act(() => unreadStore.getState().mark());
    renderHeader();
    expect(screen.queryByRole('link', { name: /My Story/ })).toBeNull();
    expect(screen.queryByRole('img', { name: 'New updates' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Storyverse home' }).getAttribute('href')).toBe(
      '/editor/forbidden-create',
    );
  });
});

describe('Header, before the login check answers', () => {
  it('shows neither Log in nor the user menu', () => {
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mira' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Storyverse home' })).toBeTruthy();
  });
});

describe('qrPath', () => {
  it('draws the three finder patterns of a QR symbol inside a 4-module quiet zone', () => {
    const { d, size } = qrPath('http://localhost:8080/play');
    // Version 2 (25 modules) or larger for a 26-byte URL at level M, plus 8 modules of quiet zone.
    expect(size).toBeGreaterThanOrEqual(25 + 8);
    // A finder pattern's top row is a run of 7 dark modules: top-left, top-right, and bottom-left corners.
    const n = size - 8;
    expect(d).toContain('M4 4h7v1h-7z');
    expect(d).toContain(`M${4 + n - 7} 4h7v1h-7z`);
    expect(d).toContain(`M4 ${4 + n - 7}h7v1h-7z`);
  });
});
