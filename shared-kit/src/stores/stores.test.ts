import { TeenMode } from '../enums';
import { hasRole, resetStores, sessionStore, toastStore, useSessionStore, useToastStore, type SessionUser } from './index';

const user: SessionUser = {
  uid: '1',
  biz_uid: 'b1',
  user_nick: 'Mira',
  roles: ['user', 'operator'],
  teen_mode: TeenMode.Disable,
  creation_forbidden: false,
};

afterEach(() => {
  resetStores();
  jest.useRealTimers();
});

describe('sessionStore', () => {
  it('starts unknown, then user or guest', () => {
    expect(sessionStore.getState().status).toBe('unknown');
    sessionStore.getState().setUser(user);
    expect(sessionStore.getState()).toMatchObject({ status: 'user', user });
    expect(hasRole('operator')).toBe(true);
    expect(hasRole('developer')).toBe(false);
    sessionStore.getState().clear();
    expect(sessionStore.getState()).toMatchObject({ status: 'guest', user: null });
    sessionStore.getState().setUser(null);
    expect(sessionStore.getState().status).toBe('guest');
  });
  it('exposes the same store through the hook object', () => {
    useSessionStore.getState().setUser(user);
    expect(sessionStore.getState().user?.uid).toBe('1');
  });
  it('resets between tests', () => {
    expect(sessionStore.getState().status).toBe('unknown');
  });
});

describe('toastStore', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
  });

  it('shows at most one toast per 4 s: one asked for sooner waits for the end of the window', () => {
    const { show } = toastStore.getState();
    expect(show({ type: 'success', message: 'Saved successfully' })).toBe(true);
    jest.advanceTimersByTime(100);
    expect(show({ type: 'success', message: 'Published successfully' })).toBe(true);
    expect(toastStore.getState().current?.message).toBe('Saved successfully');
    jest.advanceTimersByTime(1400);
    expect(toastStore.getState().current).toBeNull();
    jest.advanceTimersByTime(2499);
    expect(toastStore.getState().current).toBeNull();
    jest.advanceTimersByTime(1);
    expect(toastStore.getState().current).toMatchObject({ type: 'success', message: 'Published successfully' });
    // Its own window starts now.
    jest.advanceTimersByTime(3999);
    show({ type: 'warning', message: 'next' });
    expect(toastStore.getState().current).toBeNull();
    jest.advanceTimersByTime(1);
    expect(toastStore.getState().current).toMatchObject({ type: 'warning', message: 'next' });
  });

  it('a burst shows its first message and then only the latest one waiting; a repeat of the shown one is dropped', () => {
    const { show } = toastStore.getState();
    show({ type: 'error', message: 'Network error' });
    expect(show({ type: 'error', message: 'Network error' })).toBe(false);
    show({ type: 'error', message: 'Timed out' });
    show({ type: 'error', message: 'Server error' });
    expect(show({ type: 'error', message: 'Network error' })).toBe(false);
    const seen: string[] = [];
    const unsubscribe = toastStore.subscribe((s) => {
      if (s.current) seen.push(s.current.message);
    });
    jest.advanceTimersByTime(20_000);
    unsubscribe();
    expect(seen).toEqual(['Server error']);
  });

  it('hides each toast after 1.5 s', () => {
    toastStore.getState().show({ type: 'info', message: 'hello' });
    jest.advanceTimersByTime(1499);
    expect(toastStore.getState().current?.message).toBe('hello');
    jest.advanceTimersByTime(1);
    expect(toastStore.getState().current).toBeNull();
  });

  it('can be dismissed early and ignores empty messages', () => {
    useToastStore.getState().show({ type: 'success', message: 'saved' });
    useToastStore.getState().dismiss();
    expect(toastStore.getState().current).toBeNull();
    jest.advanceTimersByTime(4000);
    expect(toastStore.getState().show({ type: 'info', message: '   ' })).toBe(false);
  });

  it('resetStores clears the throttle', () => {
    toastStore.getState().show({ type: 'info', message: 'a' });
    resetStores();
    expect(toastStore.getState().show({ type: 'info', message: 'b' })).toBe(true);
  });
});
