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

  it('shows at most one toast per 4 s (dropped at 3999 ms, shown at 4000 ms)', () => {
    const { show } = toastStore.getState();
    expect(show({ type: 'error', message: 'first' })).toBe(true);
    jest.advanceTimersByTime(3999);
    expect(show({ type: 'error', message: 'too soon' })).toBe(false);
    jest.advanceTimersByTime(1);
    expect(show({ type: 'warning', message: 'second' })).toBe(true);
    expect(toastStore.getState().current).toMatchObject({ type: 'warning', message: 'second' });
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
