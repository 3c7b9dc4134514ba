import { ApiError, ErrorCode, TeenMode, resetStores, sessionStore } from 'shared-kit';
import { checkLogin, endSession, logout, toSessionUser } from './service';

const get = jest.fn();
const post = jest.fn();

jest.mock('../http/client', () => ({ api: async () => ({ get, post }) }));

const envelope = (data: unknown) => ({ data: { status_code: 0, status_message: 'success', data } });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  resetStores();
});

describe('checkLogin', () => {
  it('fills the session from a logged-in answer', async () => {
    get.mockResolvedValueOnce(
      envelope({
        is_login: true,
        user: { uid: 42, biz_uid: 'b42', user_nick: 'Mira', roles: ['user', 7], creation_forbidden: true },
      }),
    );
    const user = await checkLogin();
    expect(get).toHaveBeenCalledWith('/passport/check_login', { silent: true });
    expect(user).toEqual({
      uid: '42',
      biz_uid: 'b42',
      user_nick: 'Mira',
      roles: ['user'],
      teen_mode: TeenMode.Unknown,
      creation_forbidden: true,
    });
    expect(sessionStore.getState().status).toBe('user');
  });

  it('asks for the user detail when the check only says yes', async () => {
    get.mockResolvedValueOnce(envelope({ is_login: true }));
    get.mockResolvedValueOnce(envelope({ uid: '9', user_nick: 'Noor' }));
    await checkLogin();
    expect(get).toHaveBeenLastCalledWith('/tyler/user/detail', { silent: true });
    expect(sessionStore.getState().user?.user_nick).toBe('Noor');
  });

  it.each([
    ['a not-logged-in answer', () => get.mockResolvedValueOnce(envelope({ is_login: false }))],
    ['1007', () => get.mockRejectedValueOnce(new ApiError(ErrorCode.NeedLogin))],
    [
      'a missing route (HTTP 404)',
      () => get.mockRejectedValueOnce(new ApiError(ErrorCode.BusinessError, 'Request failed (HTTP 404)')),
    ],
    ['an empty body', () => get.mockResolvedValueOnce({ data: '' })],
  ])('makes a guest on %s', async (_name, arrange) => {
    arrange();
    expect(await checkLogin()).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ status: 'guest', user: null });
  });

  it('shares one request between callers starting together', async () => {
    get.mockResolvedValue(envelope({ is_login: false }));
    await Promise.all([checkLogin(), checkLogin()]);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  beforeEach(() => sessionStore.getState().setUser(toSessionUser({ uid: '1', user_nick: 'A' })));

  it('calls the passport logout, then clears the session', async () => {
    post.mockResolvedValueOnce(envelope(undefined));
    await logout();
    expect(post).toHaveBeenCalledWith('/passport/logout', { next: '/', need_redirect: 0 }, { silent: true });
    expect(sessionStore.getState().status).toBe('guest');
  });

  it('keeps the session when the server refuses, but endSession clears it anyway', async () => {
    post.mockRejectedValue(new ApiError(ErrorCode.BackendNetworkError));
    await expect(logout()).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().status).toBe('user');
    await endSession();
    expect(sessionStore.getState().status).toBe('guest');
  });
});

describe('toSessionUser', () => {
  it.each([null, 'x', [], {}, { uid: '' }, { uid: {} }])('rejects %j', (raw) => {
    expect(toSessionUser(raw)).toBeNull();
  });

  it('falls back to the uid for missing names and keeps optional fields', () => {
    expect(toSessionUser({ uid: 'u1', username: 'writer', avatar: '/a.png', teen_mode: 1 })).toEqual({
      uid: 'u1',
      biz_uid: 'u1',
      user_nick: 'writer',
      username: 'writer',
      avatar: '/a.png',
      roles: [],
      teen_mode: TeenMode.Enable,
      creation_forbidden: false,
    });
  });
});
