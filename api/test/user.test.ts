import { ErrorCode } from 'shared-kit';
import { call, signInByPhone, startTestApi, type CookieClient, type TestApi } from './helpers';

interface Profile {
  uid: string;
  nickname: string;
  username: string;
  avatar: string;
}

describe('account calls under /api/tyler/user', () => {
  let api: TestApi;
  let alice: CookieClient;
  let bob: CookieClient;
  let aliceUid: string;
  let bobUid: string;
  beforeAll(async () => {
    api = await startTestApi({ env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
    alice = await signInByPhone(api.baseUrl, '+12025550180', { confirm: { is_adult: true, agree_terms: true } });
    bob = await signInByPhone(api.baseUrl, '+12025550181', { confirm: { is_adult: true, agree_terms: true } });
    aliceUid = (await alice.call<Profile>('/api/tyler/user/detail')).body.data?.uid ?? '';
    bobUid = (await bob.call<Profile>('/api/tyler/user/detail')).body.data?.uid ?? '';
  });
  afterAll(async () => {
    await api.stop();
  });

  it('launch carries the user, the socket config and the settings', async () => {
    const res = await alice.call<Record<string, unknown>>('/api/tyler/user/launch');
    expect(res.body.data).toMatchObject({
      is_login: true,
      user: { uid: aliceUid, identity: 'User', is_adult: true, agreed_terms: true, need_confirm: false },
      ws_config: { url: '/socket.io', path: '/socket.io' },
      app_ws_conf: { max_retries: 10 },
      settings: { theme: 'system', third_party_data_sharing: false },
    });
    const anonymous = await call<Record<string, unknown>>(api.baseUrl, '/api/tyler/user/launch');
    expect(anonymous.body.data).toMatchObject({ is_login: false, user: null, ws_config: { path: '/socket.io' } });
  });

  it('detail has the spec fields user_nick, uid, biz_uid and the profile counts', async () => {
    const res = await alice.call<Record<string, unknown>>('/api/tyler/user/detail');
    expect(res.body.data).toMatchObject({ uid: aliceUid, follower_count: 0, following_count: 0 });
    expect(res.body.data?.user_nick).toBe(res.body.data?.nickname);
    expect(String(res.body.data?.uid)).toMatch(/^\d{19}$/);
    expect(String(res.body.data?.biz_uid)).toMatch(/^\d{19}$/);
    expect(res.body.data?.phone).toBe('+1******0180');
    expect((await call(api.baseUrl, '/api/tyler/user/detail')).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it.each([
    ['abc', ErrorCode.UsernameFormatError, 'Username must be 4-16 characters'],
    ['abcd', 0, ''],
    ['a_b_c_d_e_f_g_h_', 0, ''],
    ['a_b_c_d_e_f_g_h_i', ErrorCode.UsernameFormatError, 'Username must be 4-16 characters'],
    ['12345678', ErrorCode.UsernameFormatError, 'Username cannot be only digits'],
    ['user_2030', 0, ''],
    ['bad-name', ErrorCode.UsernameFormatError, 'Username may contain only letters, digits and underscores'],
    ['ünïcode', ErrorCode.UsernameFormatError, 'Username may contain only letters, digits and underscores'],
    ['____', 0, ''],
  ])('username %p -> %p', async (username, code, message) => {
    const res = await alice.post<Profile>('/api/tyler/user/save', { username });
    expect(res.body.status_code).toBe(code);
    if (code === 0) expect(res.body.data?.username).toBe(username);
    else expect(res.body.status_message).toBe(message);
  });

  it('refuses a username taken in another case, and says so in check_user_name', async () => {
    expect((await alice.post('/api/tyler/user/save', { username: 'Storyteller' })).body.status_code).toBe(0);
    const dup = await bob.post('/api/tyler/user/save', { username: 'storyTELLER' });
    expect(dup.body).toMatchObject({ status_code: ErrorCode.UsernameDuplicate, status_message: 'Username taken' });
    const check = await bob.call('/api/tyler/user/check_user_name?user_name=STORYTELLER');
    expect(check.body.data).toMatchObject({ available: false, reason: 'taken' });
    // One's own name, in any case, is available to oneself.
    const own = await alice.call('/api/tyler/user/check_user_name?user_name=storyteller');
    expect(own.body.data).toEqual({ available: true });
    const format = await call(api.baseUrl, '/api/tyler/user/check_user_name?user_name=123');
    expect(format.body.data).toMatchObject({ available: false, reason: 'length' });
    const free = await call(api.baseUrl, '/api/tyler/user/check_user_name?user_name=nobody_yet');
    expect(free.body.data).toEqual({ available: true });
  });

  it.each([
    ['A', ErrorCode.NicknameIllegal],
    ['  A  ', ErrorCode.NicknameIllegal],
    ['Al', 0],
    ['x'.repeat(30), 0],
    ['x'.repeat(31), ErrorCode.NicknameLengthExceeded],
    ['😀'.repeat(30), 0],
    ['line\nbreak', ErrorCode.NicknameIllegal],
  ])('nickname of %p -> %p', async (nickname, code) => {
    const res = await alice.post<Profile>('/api/tyler/user/save', { nickname });
    expect(res.body.status_code).toBe(code);
    if (code === 0) expect(res.body.data?.nickname).toBe(nickname.trim());
  });

  it('accepts an avatar URL or upload id and refuses anything else', async () => {
    expect((await alice.post('/api/tyler/user/save', { avatar: 'https://cdn.example.com/a.png' })).body.status_code).toBe(0);
    expect((await alice.post('/api/tyler/user/save', { avatar: 'upl_0123456789' })).body.status_code).toBe(0);
    const bad = await alice.post('/api/tyler/user/save', { avatar: 'javascript:alert(1)' });
    expect(bad.body.status_code).toBe(ErrorCode.AvatarFormatError);
    const unknown = await alice.post('/api/tyler/user/save', { is_admin: true });
    expect(unknown.body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('reads and updates settings partially', async () => {
    const before = await alice.call('/api/tyler/user/settings/get');
    expect(before.body.data).toEqual({
      notifications: { comments: true, likes: true, follows: true, system: true },
      language: 'en',
      theme: 'system',
      third_party_data_sharing: false,
    });
    const upd = await alice.post('/api/tyler/user/settings/update', {
      notifications: { likes: false },
      theme: 'dark',
      language: 'pt-BR',
      third_party_data_sharing: true,
    });
    expect(upd.body.data).toEqual({
      notifications: { comments: true, likes: false, follows: true, system: true },
      language: 'pt-BR',
      theme: 'dark',
      third_party_data_sharing: true,
    });
    expect((await alice.call('/api/tyler/user/settings/get')).body.data).toEqual(upd.body.data);
    expect((await alice.post('/api/tyler/user/settings/update', { theme: 'neon' })).body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('blocks and unblocks, lists blocked users, and refuses to block oneself or a stranger', async () => {
    expect((await alice.post('/api/tyler/user/block', { uid: aliceUid })).body.status_code).toBe(ErrorCode.CannotBlockSelf);
    expect((await alice.post('/api/tyler/user/block', { uid: '1' })).body.status_code).toBe(ErrorCode.UserNotExist);
    expect((await alice.post('/api/tyler/user/block', { uid: bobUid })).body).toMatchObject({ status_code: 0, data: { blocked: true } });
    expect((await alice.post('/api/tyler/user/block', { uid: bobUid })).body.status_code).toBe(0);
    const list = await alice.call<{ list: Array<{ uid: string }>; total: number; has_more: boolean }>('/api/tyler/user/block_list?offset=0&count=10');
    expect(list.body.data).toMatchObject({ total: 1, has_more: false, list: [{ uid: bobUid }] });
    expect((await alice.post('/api/tyler/user/unblock', { uid: bobUid })).body.data).toMatchObject({ blocked: false });
    const after = await alice.call<{ total: number }>('/api/tyler/user/block_list');
    expect(after.body.data?.total).toBe(0);
    expect((await alice.call('/api/tyler/user/block_list?count=500')).body.status_code).toBe(ErrorCode.ClientParamError);
  });

  it('answers youth mode: on for anyone, off only for a confirmed adult', async () => {
    expect((await alice.post('/api/tyler/user/teen_mode', { enable: true })).body.data).toEqual({ teen_mode: 1 });
    expect((await alice.post('/api/tyler/user/teen_mode', { enable: false })).body.data).toEqual({ teen_mode: 0 });
    const minor = await signInByPhone(api.baseUrl, '+12025550182', { confirm: { is_adult: false, agree_terms: true } });
    const me = await minor.call<{ teen_mode: number; is_adult: boolean }>('/api/tyler/user/detail');
    expect(me.body.data).toMatchObject({ teen_mode: 1, is_adult: false });
    const off = await minor.post('/api/tyler/user/teen_mode', { enable: false });
    expect(off.body).toMatchObject({ status_code: ErrorCode.TeenModeIntercept, status_message: 'Users under 18 can only use youth mode' });
    const claim = await minor.post('/api/tyler/user/log_in_confirm', { is_adult: true, agree_terms: true });
    expect(claim.body.status_code).toBe(ErrorCode.TeenModeIntercept);
    const noTerms = await minor.post('/api/tyler/user/log_in_confirm', { is_adult: false, agree_terms: false });
    expect(noTerms.body.status_code).toBe(ErrorCode.InvalidParam);
  });
});
