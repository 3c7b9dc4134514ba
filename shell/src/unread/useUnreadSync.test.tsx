import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  PushType,
  TeenMode,
  resetStores,
  sessionStore,
  type PushHandler,
  type SocketClient,
} from 'shared-kit';
import type { SocketFactory } from './socket';

// The inbox count asked for on sign-in.
const get = jest.fn();
jest.mock('../http/client', () => ({ api: async () => ({ get }) }));
import { inboxStore } from './inbox';
import { pushBannerStore } from './pushBanner';
import { unreadStore } from './store';
import { useUnreadSync } from './useUnreadSync';

/** A socket client whose pushes the test sends by hand. */
function fakeSocket() {
  const handlers = new Map<string, Set<PushHandler>>();
  const close = jest.fn();
  const client = {
    on: (type: string, handler: PushHandler) => {
      const set = handlers.get(type) ?? new Set<PushHandler>();
      set.add(handler);
      handlers.set(type, set);
      return () => set.delete(handler);
    },
    connect: jest.fn(),
    close,
  } as unknown as SocketClient;
  const push = (push_type: string, fields: Record<string, unknown> = {}) => {
    for (const h of [...(handlers.get(push_type) ?? []), ...(handlers.get('*') ?? [])]) h({ push_type, ...fields }, 'push');
  };
  const factory: SocketFactory = jest.fn(() => client);
  return { factory, push, close };
}

function Probe({ factory }: { factory: SocketFactory }) {
  useUnreadSync(factory);
  return null;
}

function setup(factory: SocketFactory, at = '/editor') {
  const router = createMemoryRouter([{ path: '*', element: <Probe factory={factory} /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const user = {
  uid: '1',
  biz_uid: '1',
  user_nick: 'A',
  roles: [],
  teen_mode: TeenMode.Disable,
  creation_forbidden: false,
};

beforeEach(() => {
  resetStores();
  unreadStore.getState().clear();
  inboxStore.getState().set(0);
  get.mockReset();
  get.mockResolvedValue({ data: { status_code: 0, status_message: 'success', data: { unread: 0 } } });
});

describe('useUnreadSync', () => {
  it('connects only when logged in', () => {
    const socket = fakeSocket();
    setup(socket.factory);
    expect(socket.factory).not.toHaveBeenCalled();
    act(() => sessionStore.getState().setUser(user));
    expect(socket.factory).toHaveBeenCalledTimes(1);
  });

  it('logs a failed download of the socket library instead of failing', () => {
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    setup(socket.factory);
    const options = jest.mocked(socket.factory).mock.calls[0]?.[0];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failure = new Error('chunk failed to load');
      options?.onLoadError?.(failure);
      expect(error).toHaveBeenCalledWith('push connection: the socket library could not be loaded', failure);
    } finally {
      error.mockRestore();
    }
  });

  it('marks unread on story review, bot review and plan pushes only', () => {
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    setup(socket.factory);
    act(() => socket.push(PushType.Dialogue));
    expect(unreadStore.getState().unread).toBe(false);
    for (const type of [PushType.StoryReview, PushType.BotReview, PushType.Plan]) {
      act(() => unreadStore.getState().clear());
      act(() => socket.push(type));
      expect(unreadStore.getState().unread).toBe(true);
    }
  });

  it('clears the dot on the works list', async () => {
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    const router = setup(socket.factory);
    act(() => socket.push(PushType.StoryReview));
    expect(unreadStore.getState().unread).toBe(true);
    await act(async () => {
      await router.navigate('/editor/works');
    });
    expect(unreadStore.getState().unread).toBe(false);
  });

  it('closes the connection on logout', () => {
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    setup(socket.factory);
    act(() => socket.push(PushType.Plan));
    act(() => sessionStore.getState().clear());
    expect(socket.close).toHaveBeenCalledTimes(1);
    expect(unreadStore.getState().unread).toBe(false);
  });

  it('asks for the inbox count on sign-in, takes the count of each inbox push, and clears it on the inbox and on logout', async () => {
    get.mockResolvedValueOnce({ data: { status_code: 0, status_message: 'success', data: { unread: 4 } } });
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    const router = setup(socket.factory);
    await act(async () => {
      await Promise.resolve();
    });
    expect(get).toHaveBeenCalledWith('/notice_box/unread', { silent: true });
    expect(inboxStore.getState().unread).toBe(4);
    act(() => socket.push(PushType.InnerPush, { notice_id: 'n1', kind: 'Follow', unread: 2 }));
    expect(inboxStore.getState().unread).toBe(2);
    // The My Story dot is not the inbox's.
    expect(unreadStore.getState().unread).toBe(false);
    await act(async () => {
      await router.navigate('/account/inbox');
    });
    expect(inboxStore.getState().unread).toBe(0);
    act(() => socket.push(PushType.InnerPush, { notice_id: 'n2', kind: 'Like', unread: 1 }));
    expect(inboxStore.getState().unread).toBe(1);
    act(() => sessionStore.getState().clear());
    expect(inboxStore.getState().unread).toBe(0);
  });

  it("re-reads the count on mail to everyone (no count in the push), and shows the team's pushes as a banner", async () => {
    const socket = fakeSocket();
    sessionStore.getState().setUser(user);
    setup(socket.factory);
    await act(async () => {
      await Promise.resolve();
    });
    get.mockResolvedValueOnce({ data: { status_code: 0, status_message: 'success', data: { unread: 3 } } });
    await act(async () => {
      socket.push(PushType.InnerPush, { kind: 'Mail', mail_id: 'm1' });
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(inboxStore.getState().unread).toBe(3);
    // Not an operator's push: no banner.
    act(() => socket.push(PushType.Others, { title: 'x', text: 'y' }));
    expect(pushBannerStore.getState().current).toBeNull();
    act(() => socket.push(PushType.Ad, { ops_push: true, push_id: 'p1', title: 'New season', text: 'Sea stories', link: '//evil.example' }));
    expect(pushBannerStore.getState().current).toEqual({ push_id: 'p1', title: 'New season', text: 'Sea stories', link: '' });
  });
});
