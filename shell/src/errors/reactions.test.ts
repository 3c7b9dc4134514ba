import {
  ApiError,
  ErrorCode,
  StorageKey,
  TeenMode,
  UI_MESSAGES,
  resetStores,
  sessionStore,
  storage,
  toastStore,
} from 'shared-kit';
import {
  PATHS,
  reactToApiError,
  resetReactions,
  type ReactionContext,
} from './reactions';

function setup(pathname = '/editor/story/12', search = '?tab=plots') {
  const navigate = jest.fn();
  const logout = jest.fn(() => Promise.resolve());
  const toast = jest.fn();
  const context: ReactionContext = { navigate, logout, toast, location: { pathname, search, hash: '' } };
  return { navigate, logout, toast, context };
}

beforeEach(() => {
  localStorage.clear();
  resetReactions();
  resetStores();
});

afterEach(() => jest.useRealTimers());

describe('reactToApiError: the spec §8 table', () => {
  type Row = {
    code: number;
    toast: 'error' | 'warning' | null;
    to: string | null;
    state?: unknown;
    logout: boolean;
    remember: boolean;
  };
  const table: Row[] = [
    { code: ErrorCode.NeedLogin, toast: 'error', to: PATHS.login, logout: false, remember: true },
    {
      code: ErrorCode.NoAccess,
      toast: null,
      to: PATHS.noAccess,
      state: { code: 1008 },
      logout: false,
      remember: false,
    },
    {
      code: ErrorCode.NoPermission,
      toast: null,
      to: PATHS.noAccess,
      state: { code: 1201 },
      logout: false,
      remember: false,
    },
    {
      code: ErrorCode.UserStoryInfoPermission,
      toast: null,
      to: PATHS.noAccess,
      state: { code: 3001 },
      logout: false,
      remember: false,
    },
    { code: ErrorCode.NoStory, toast: 'error', to: PATHS.works, logout: false, remember: false },
    { code: ErrorCode.ClientParamError, toast: 'warning', to: null, logout: false, remember: false },
    { code: ErrorCode.AreaForbidden, toast: 'error', to: PATHS.restricted, logout: true, remember: false },
    {
      code: ErrorCode.AreaForbiddenWithFeedback,
      toast: 'error',
      to: '/editor/restricted-access?feedback=1',
      logout: true,
      remember: false,
    },
    { code: ErrorCode.LoginOnly, toast: null, to: PATHS.forbiddenCreate, logout: false, remember: false },
    { code: ErrorCode.BackendNetworkError, toast: 'warning', to: null, logout: false, remember: false },
    { code: ErrorCode.SwipeOut, toast: 'warning', to: PATHS.login, logout: true, remember: true },
    { code: ErrorCode.TemplateForbidden, toast: 'error', to: PATHS.works, logout: false, remember: false },
  ];

  it.each(table)('code $code', ({ code, toast: toastType, to, state, logout: loggedOut, remember }) => {
    const { navigate, logout, toast, context } = setup();
    const message = code === ErrorCode.BackendNetworkError ? 'Server error' : 'from server';
    expect(reactToApiError(new ApiError(code, message), context)).toBe(true);

    if (toastType) expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: toastType }));
    else expect(toast).not.toHaveBeenCalled();

    if (to) {
      expect(navigate).toHaveBeenCalledTimes(1);
      expect(navigate.mock.calls[0]?.[0]).toBe(to);
      if (state !== undefined) expect(navigate.mock.calls[0]?.[1]).toMatchObject({ state });
    } else {
      expect(navigate).not.toHaveBeenCalled();
    }
    expect(logout).toHaveBeenCalledTimes(loggedOut ? 1 : 0);
    expect(storage.get(StorageKey.LoginRedirect)).toBe(remember ? '/editor/story/12?tab=plots' : null);
  });

  it('words 1009 and 1016 as the spec does', () => {
    const { toast, context } = setup();
    reactToApiError(new ApiError(ErrorCode.ClientParamError, 'story_name: too long'), context);
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', message: 'Request parameter error' });
    reactToApiError(new ApiError(ErrorCode.BackendNetworkError, 'Server error'), context);
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', message: 'Server-level exception' });
  });

  it('shows the network-error toast for a request that got no answer', () => {
    const { toast, navigate, context } = setup();
    expect(
      reactToApiError(new ApiError(ErrorCode.BackendNetworkError, UI_MESSAGES.networkError), context),
    ).toBe(true);
    expect(toast).toHaveBeenCalledWith({ type: 'error', message: UI_MESSAGES.networkError });
    expect(reactToApiError(new TypeError('Failed to fetch'), context)).toBe(true);
    expect(toast).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("toasts the client's own message for a code of the catalogue (in the UI language), not the server's text", () => {
    const { toast, context } = setup();
    reactToApiError(new ApiError(ErrorCode.NoStory, 'Story 12 does not exist'), context);
    expect(toast).toHaveBeenCalledWith({ type: 'error', message: 'Story not found' });
  });

  it('reacts to 6001 at most once per 4 s', () => {
    jest.useFakeTimers({ now: 50_000 });
    const { navigate, logout, toast, context } = setup();
    const swipe = () => reactToApiError(new ApiError(ErrorCode.SwipeOut), context);
    swipe();
    jest.advanceTimersByTime(3999);
    swipe();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    swipe();
    expect(logout).toHaveBeenCalledTimes(2);
  });

  it('does not remember the login page itself as the way back', () => {
    const { context } = setup('/login', '');
    reactToApiError(new ApiError(ErrorCode.NeedLogin), context);
    expect(storage.get(StorageKey.LoginRedirect)).toBeNull();
  });

  it('leaves unknown codes and non-API errors to the caller', () => {
    const { navigate, toast, context } = setup();
    expect(reactToApiError(new ApiError(ErrorCode.InputLimit), context)).toBe(false);
    expect(reactToApiError(new Error('boom'), context)).toBe(false);
    expect(reactToApiError('not an error', context)).toBe(false);
    expect(reactToApiError(null, context)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('uses the shared toast store when no toast is given', () => {
    const { navigate, logout } = setup();
    reactToApiError(new ApiError(ErrorCode.TemplateForbidden, 'Templates are closed'), {
      navigate,
      logout,
      location: { pathname: '/editor/template/3' },
    });
    expect(toastStore.getState().current).toMatchObject({
      type: 'error',
      message: 'This template is not available',
    });
  });

  it('marks the session user as not allowed to create on 1010109', () => {
    sessionStore.getState().setUser({
      uid: '7',
      biz_uid: '7',
      user_nick: 'Ana',
      roles: ['user'],
      teen_mode: TeenMode.Disable,
      creation_forbidden: false,
    });
    const { context } = setup();
    reactToApiError(new ApiError(ErrorCode.LoginOnly), context);
    expect(sessionStore.getState().user?.creation_forbidden).toBe(true);
    expect(sessionStore.getState().status).toBe('user');
  });

  it('survives a logout that throws or rejects', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { navigate, toast } = setup();
    const location = { pathname: '/editor' };
    expect(() =>
      reactToApiError(new ApiError(ErrorCode.AreaForbidden), {
        navigate,
        toast,
        location,
        logout: () => {
          throw new Error('offline');
        },
      }),
    ).not.toThrow();
    expect(navigate).toHaveBeenCalledWith(PATHS.restricted, { replace: true });
    errors.mockRestore();
  });
});

describe('reactToApiError: bans', () => {
  it('sends a creation ban (1010250) to forbidden-create with its end date, and marks creation forbidden', () => {
    sessionStore.getState().setUser({ uid: '1', biz_uid: '1', user_nick: 'Sam', roles: [], teen_mode: TeenMode.Disable, creation_forbidden: false });
    const { navigate, context } = setup();
    const until = '2030-01-08T00:00:00.000Z';
    expect(reactToApiError(new ApiError(ErrorCode.UserCreateBan, 'no', { creation_until: until }), context)).toBe(true);
    expect(navigate).toHaveBeenCalledWith(PATHS.forbiddenCreate, { replace: true, state: { creation_until: until } });
    expect(sessionStore.getState().user?.creation_forbidden).toBe(true);
  });

  it('ends the session of a login-banned account (1015) with the end date in the toast, except on the login page', () => {
    const { navigate, logout, toast, context } = setup();
    const error = new ApiError(ErrorCode.UserBanned, 'Your account is suspended', { login_until: '2030-01-08T00:00:00.000Z', reason: 'Spam' });
    expect(reactToApiError(error, context)).toBe(true);
    expect(logout).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(PATHS.login, { replace: true });
    const shown = (toast.mock.calls[0]![0] as { message: string }).message;
    expect(shown).toContain('2030');
    expect(shown).toContain('Spam');
    const onLogin = setup('/login', '');
    expect(reactToApiError(error, onLogin.context)).toBe(false);
    expect(onLogin.navigate).not.toHaveBeenCalled();
  });
});
