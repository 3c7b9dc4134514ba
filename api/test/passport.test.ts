import { ErrorCode } from 'shared-kit';
import { call, CookieClient, outboxCode, postJson, signInByPhone, startTestApi, type TestApi } from './helpers';

const PHONE = '+12025550140';

interface LoginData {
  is_new: boolean;
  need_confirm: boolean;
  user: { uid: string; identity: string };
}

describe('phone sign-in', () => {
  let api: TestApi;
  let t = Date.UTC(2030, 0, 1, 12, 0, 0);
  const later = (ms: number): void => {
    t += ms;
  };
  beforeAll(async () => {
    api = await startTestApi({ clock: () => t, env: { SMS_IP_SENDS_PER_HOUR: '1000' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('signs in through the outbox, sets an httpOnly SameSite=Lax cookie, and check_login sees the user', async () => {
    const client = new CookieClient(api.baseUrl);
    const sent = await client.post('/api/passport/sms/send', { phone: '202 555 0140', country: 'US' });
    expect(sent.body).toMatchObject({ status_code: 0, data: { retry_after_s: 60, expires_in_s: 600 } });
    const code = await outboxCode(api.baseUrl, PHONE);
    expect(code).toMatch(/^\d{6}$/);
    // The code reaches the log only through the outbox provider's own line.
    expect(api.logs.find(code).every((l) => String(l.msg).startsWith(`SMS to ${PHONE}`))).toBe(true);

    const login = await client.post<LoginData>('/api/passport/sms/login', { phone: PHONE, code });
    expect(login.body.status_code).toBe(0);
    expect(login.body.data).toMatchObject({ is_new: true, need_confirm: true, user: { identity: 'User' } });
    const cookie = client.lastSetCookie.find((c) => c.startsWith('sv_session='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    const state = await client.call<{ is_login: boolean; user: { uid: string } }>('/api/passport/check_login');
    expect(state.body.data).toMatchObject({ is_login: true, user: { uid: login.body.data?.user.uid } });
    const anonymous = await call(api.baseUrl, '/api/passport/check_login');
    expect(anonymous.body.data).toEqual({ is_login: false });

    // The same code cannot be used twice.
    const again = await new CookieClient(api.baseUrl).post('/api/passport/sms/login', { phone: PHONE, code });
    expect(again.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Code expired' });
    later(61_000);
  });

  it('signs the same number into the same account next time', async () => {
    const first = await signInByPhone(api.baseUrl, '+12025550141');
    const a = await first.call<{ user: { uid: string } }>('/api/passport/check_login');
    later(61_000);
    const second = await signInByPhone(api.baseUrl, '+1 (202) 555-0141');
    const b = await second.call<{ user: { uid: string } }>('/api/passport/check_login');
    expect(b.body.data?.user.uid).toBe(a.body.data?.user.uid);
  });

  it('refuses a second send within 60 s with the retry delay, and accepts it after', async () => {
    const phone = '+12025550142';
    expect((await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }))).body.status_code).toBe(0);
    later(20_000);
    const early = await call<{ retry_after_s: number }>(api.baseUrl, '/api/passport/sms/send', postJson({ phone }));
    expect(early.body.status_code).toBe(ErrorCode.RateLimit);
    expect(early.body.status_message).toBe('Too many attempts, try again in 40 seconds');
    expect(early.body.data?.retry_after_s).toBe(40);
    later(40_000);
    expect((await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }))).body.status_code).toBe(0);
  });

  it('invalidates a code on the fifth wrong try; the right code then counts as expired', async () => {
    const phone = '+12025550143';
    await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }));
    const code = await outboxCode(api.baseUrl, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call<{ attempts_left: number }>(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code: wrong }));
      expect(res.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Code incorrect' });
      left.push(res.body.data?.attempts_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code }));
    expect(right.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Code expired' });
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an expired code (after 10 minutes) and a code never sent', async () => {
    const phone = '+12025550144';
    later(61_000);
    await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }));
    const code = await outboxCode(api.baseUrl, phone);
    later(10 * 60 * 1000 + 1);
    const res = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code }));
    expect(res.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Code expired', data: { reason: 'code_expired' } });
    const never = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone: '+12025550145', code: '123456' }));
    expect(never.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Code not sent', data: { reason: 'code_not_sent' } });
  });

  it('locks a number for the rest of the hour after 100 failed tries', async () => {
    const phone = '+12025550146';
    const hourStart = t - (t % 3_600_000);
    for (let i = 0; i < 100; i += 1) {
      const res = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code: '123456' }));
      expect(res.body.status_code).toBe(ErrorCode.InvalidParam);
    }
    const locked = await call<{ retry_after_s: number }>(api.baseUrl, '/api/passport/sms/send', postJson({ phone }));
    expect(locked.body.status_code).toBe(ErrorCode.RateLimit);
    expect(locked.body.data?.retry_after_s).toBe(Math.ceil((hourStart + 3_600_000 - t) / 1000));
    t = hourStart + 3_600_000;
    expect((await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }))).body.status_code).toBe(0);
    // A hundred sign-in attempts one after another, each counted in MongoDB: more than jest's default 5 s on a busy machine.
  }, 30_000);

  it('answers an invalid number with the spec message, and a malformed body with 1009', async () => {
    for (const body of [{ phone: '+1 555 0100' }, { phone: '12345', country: 'US' }, { phone: 'call me' }, { phone: '2025550100', country: 'ZZ' }]) {
      const res = await call(api.baseUrl, '/api/passport/sms/send', postJson(body));
      expect(res.body).toMatchObject({ status_code: ErrorCode.InvalidParam, status_message: 'Invalid phone number' });
    }
    const noCode = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone: PHONE, code: '12a456' }));
    expect(noCode.body.status_code).toBe(ErrorCode.ClientParamError);
    const missing = await call(api.baseUrl, '/api/passport/sms/send', postJson({}));
    expect(missing.body).toMatchObject({ status_code: ErrorCode.ClientParamError, status_message: 'phone: Required' });
  });

  it('ends the session on logout: the cookie is cleared and the old token no longer works', async () => {
    later(61_000);
    const client = await signInByPhone(api.baseUrl, '+12025550147');
    const token = client.cookies.get('sv_session');
    expect(token).toBeDefined();
    const out = await client.post('/api/passport/logout');
    expect(out.body).toMatchObject({ status_code: 0, data: { is_login: false } });
    expect(client.lastSetCookie.some((c) => /^sv_session=;.*Max-Age=0/.test(c))).toBe(true);
    const replay = await call<{ is_login: boolean }>(api.baseUrl, '/api/passport/check_login', { headers: { cookie: `sv_session=${token}` } });
    expect(replay.body.data).toEqual({ is_login: false });
    const detail = await call(api.baseUrl, '/api/tyler/user/detail', { headers: { cookie: `sv_session=${token}` } });
    expect(detail.body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('slides the 30-day expiry on use, at most once an hour, and expires an idle session', async () => {
    later(61_000);
    const client = await signInByPhone(api.baseUrl, '+12025550148');
    later(30 * 60 * 1000);
    await client.call('/api/passport/check_login');
    expect(client.lastSetCookie).toEqual([]);
    later(31 * 60 * 1000);
    await client.call('/api/passport/check_login');
    expect(client.lastSetCookie.some((c) => c.startsWith('sv_session=') && /Max-Age=2592000/.test(c))).toBe(true);
    later(29 * 24 * 3_600_000);
    expect((await client.call<{ is_login: boolean }>('/api/passport/check_login')).body.data?.is_login).toBe(true);
    later(31 * 24 * 3_600_000);
    expect((await client.call<{ is_login: boolean }>('/api/passport/check_login')).body.data?.is_login).toBe(false);
  });

  it('gives a visitor a guest (Tour) session with its chat-turn allowance', async () => {
    const guest = new CookieClient(api.baseUrl);
    const res = await guest.post<{ created: boolean; user: { identity: string } }>('/api/passport/guest');
    expect(res.body.data).toMatchObject({ created: true, user: { identity: 'Tour' } });
    const again = await guest.post<{ created: boolean }>('/api/passport/guest');
    expect(again.body.data?.created).toBe(false);
    const launch = await guest.call<{ is_login: boolean; guest: { chat_turns: number; chat_turns_left: number } }>('/api/tyler/user/launch');
    expect(launch.body.data).toMatchObject({ is_login: false, guest: { chat_turns: 10, chat_turns_left: 10 } });
    // A guest may not act as a signed-in account.
    expect((await guest.post('/api/tyler/user/save', { nickname: 'Guesty' })).body.status_code).toBe(ErrorCode.NeedLogin);
  });

  it('names a new account in the language the sign-up is made in: 用户 and six digits in Chinese, User and six digits otherwise', async () => {
    later(61_000);
    const signUp = async (phone: string, query: string, headers: Record<string, string> = {}): Promise<{ uid: string; nickname: string }> => {
      const client = new CookieClient(api.baseUrl);
      expect((await client.call(`/api/passport/sms/send${query}`, postJson({ phone }, headers))).body.status_code).toBe(0);
      const code = await outboxCode(api.baseUrl, phone);
      const login = await client.call<{ is_new: boolean; user: { uid: string; nickname: string } }>(`/api/passport/sms/login${query}`, postJson({ phone, code }, headers));
      expect(login.body.data?.is_new).toBe(true);
      const me = await client.call<{ user: { uid: string; nickname: string } }>('/api/passport/check_login');
      expect(me.body.data?.user.nickname).toBe(login.body.data?.user.nickname);
      return login.body.data!.user;
    };
    // The UI's language, which every request of the app carries as `language`; the text message is in it too.
    const zh = await signUp('+12025550150', '?language=zh-CN', { 'accept-language': 'en-US,en;q=0.9' });
    expect(zh.nickname).toBe(`用户${zh.uid.slice(-6)}`);
    const texts = async (phone: string): Promise<string> =>
      (await call<{ messages: Array<{ text: string }> }>(api.baseUrl, `/api/dev/sms_outbox?phone=${encodeURIComponent(phone)}`)).body.data!.messages[0]!.text;
    expect(await texts('+12025550150')).toMatch(/^你的 Storyverse 验证码是 \d{6}，10 分钟内有效。$/);
    const en = await signUp('+12025550151', '?language=en', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(en.nickname).toBe(`User ${en.uid.slice(-6)}`);
    expect(await texts('+12025550151')).toMatch(/^Your Storyverse code is \d{6}\. It expires in 10 minutes\.$/);
    // Without it, the browser's language; anything but Chinese reads English.
    const browserZh = await signUp('+12025550152', '', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' });
    expect(browserZh.nickname).toBe(`用户${browserZh.uid.slice(-6)}`);
    const other = await signUp('+12025550153', '?language=fr', {});
    expect(other.nickname).toBe(`User ${other.uid.slice(-6)}`);
    // Signing in again keeps the name, whatever the language then.
    later(61_000);
    const client = new CookieClient(api.baseUrl);
    await client.call('/api/passport/sms/send?language=en', postJson({ phone: '+12025550150' }));
    const code = await outboxCode(api.baseUrl, '+12025550150');
    const again = await client.call<{ is_new: boolean; user: { uid: string; nickname: string } }>('/api/passport/sms/login?language=en', postJson({ phone: '+12025550150', code }));
    expect(again.body.data).toMatchObject({ is_new: false, user: { uid: zh.uid, nickname: zh.nickname } });
    // A guest is named the same way.
    const guest = await new CookieClient(api.baseUrl).post<{ user: { uid: string; nickname: string } }>('/api/passport/guest?language=zh-CN');
    expect(guest.body.data?.user.nickname).toBe(`游客${guest.body.data!.user.uid.slice(-6)}`);
  });
});

describe('sign-in rules by region and per client address', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { BLOCKED_COUNTRIES: 'br, id', SMS_IP_SENDS_PER_HOUR: '3', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('refuses a number from a blocked region with 1010106 and no session', async () => {
    const phone = '+5511912345678';
    await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }));
    const code = await outboxCode(api.baseUrl, phone);
    const res = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code }));
    expect(res.body).toMatchObject({ status_code: ErrorCode.AreaForbidden, data: { country: 'BR' } });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses by the proxy country header when the proxy is trusted', async () => {
    const phone = '+12025550150';
    await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone }, { 'x-forwarded-for': '10.0.0.9' }));
    const code = await outboxCode(api.baseUrl, phone);
    const res = await call(api.baseUrl, '/api/passport/sms/login', postJson({ phone, code }, { 'cf-ipcountry': 'ID' }));
    expect(res.body.status_code).toBe(ErrorCode.AreaForbidden);
  });

  it('limits code requests per client address', async () => {
    const from = { 'x-forwarded-for': '10.0.0.77' };
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await call(api.baseUrl, '/api/passport/sms/send', postJson({ phone: `+1202555016${i}` }, from));
      codes.push(res.body.status_code);
    }
    expect(codes).toEqual([0, 0, 0, ErrorCode.RateLimit]);
  });
});

describe('production config', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-for-tests', SMS_PROVIDER: 'outbox' } });
  });
  afterAll(async () => {
    await api.stop();
  });

  it('has no outbox route, and marks the session cookie Secure', async () => {
    const res = await call(api.baseUrl, '/api/dev/sms_outbox?phone=%2B12025550170');
    expect(res.status).toBe(404);
    const client = new CookieClient(api.baseUrl);
    await client.post('/api/passport/guest');
    const cookie = client.lastSetCookie.find((c) => c.startsWith('sv_session='));
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});
