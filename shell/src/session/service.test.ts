import { ApiError, ErrorCode, TeenMode, resetStores, sessionStore } from 'shared-kit';
import { accountStore, resetAccount } from './account';
import { checkLogin, endSession, logout, revalidateSession, toSessionUser } from './service';

const get = jest.fn();
const post = jest.fn();

jest.mock('../http/client', () => ({ api: async () => ({ get, post }) }));

const envelope = (data: unknown) => ({ data: { status_code: 0, status_message: 'success', data } });

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  resetStores();
  resetAccount();
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

  it("reads the API's own answer: nickname, need_confirm and is_adult", async () => {
    get.mockResolvedValueOnce(
      envelope({
        is_login: true,
        user: {
          uid: '7',
          biz_uid: 'b7',
          nickname: 'User 000007',
          roles: ['user'],
          need_confirm: true,
          is_adult: null,
        },
      }),
    );
    const user = await checkLogin();
    expect(user?.user_nick).toBe('User 000007');
    expect(accountStore.getState()).toMatchObject({ needConfirm: true, isAdult: null });
  });

  it('treats a guest (Tour identity, is_login false) as not logged in', async () => {
    get.mockResolvedValueOnce(
      envelope({ is_login: false, user: { uid: '8', nickname: 'Guest 000008', identity: 'Tour' } }),
    );
    expect(await checkLogin()).toBeNull();
    expect(sessionStore.getState().status).toBe('guest');
  });

  it('shares one request between callers starting together', async () => {
    get.mockResolvedValue(envelope({ is_login: false }));
    await Promise.all([checkLogin(), checkLogin()]);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('revalidateSession', () => {
  it('runs the login check, then launch and user detail, and keeps what they add', async () => {
    get.mockImplementation(async (url: string) => {
      if (url === '/passport/check_login')
        return envelope({
          is_login: true,
          user: { uid: '5', biz_uid: 'b5', nickname: 'Old', need_confirm: false, is_adult: true },
        });
      if (url === '/tyler/user/launch')
        return envelope({ is_login: true, ws_config: { url: '/socket', path: '/socket' } });
      if (url === '/tyler/user/detail')
        return envelope({
          uid: '5',
          biz_uid: 'b5',
          user_nick: 'Fresh',
          follower_count: 3,
          following_count: 4,
        });
      throw new Error(`unexpected ${url}`);
    });
    const user = await revalidateSession();
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/passport/check_login',
      '/tyler/user/launch',
      '/tyler/user/detail',
    ]);
    expect(user?.user_nick).toBe('Fresh');
    expect(sessionStore.getState().user?.user_nick).toBe('Fresh');
    expect(accountStore.getState()).toMatchObject({
      needConfirm: false,
      isAdult: true,
      wsConfig: { url: '/socket', path: '/socket' },
      followerCount: 3,
      followingCount: 4,
    });
  });

  it('keeps the login check when launch and detail fail', async () => {
    get.mockImplementation(async (url: string) => {
      if (url === '/passport/check_login')
        return envelope({ is_login: true, user: { uid: '5', nickname: 'Kept' } });
      throw new ApiError(ErrorCode.BackendNetworkError);
    });
    expect((await revalidateSession())?.user_nick).toBe('Kept');
    expect(sessionStore.getState().status).toBe('user');
  });

  it('stops after the login check for a guest', async () => {
    get.mockResolvedValueOnce(envelope({ is_login: false }));
    expect(await revalidateSession()).toBeNull();
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
