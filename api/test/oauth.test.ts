import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from 'shared-kit';
import { providersResponseSchema } from '../src/modules/oauth/oauth.schema';
import { call, startTestApi, type TestApi } from './helpers';
import { CookieJar, startOidcProvider, type RunningOidcProvider, type TestAccount } from './support/oidcProvider';
import { publishStory, type Started } from './support/playStories';

const ALICE: TestAccount = { id: 'alice-sub', email: 'alice@example.com', name: 'Alice Example', picture: 'https://img.example/a.png' };
const BOB: TestAccount = { id: 'bob-sub', email: 'bob@example.com', name: 'Bob Example' };
const APP_ORIGIN = 'http://app.test:8080';

/** The api's port must be known before it starts: the provider registers the redirect URI built from it. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface FlowEnd {
  /** Where the api finally sends the browser (the app's /auth/callback). */
  location: URL;
  /** Whether the provider showed its login page on the way. */
  sawLogin: boolean;
  /** Whether the provider answered with a form POST to the api (response_mode=form_post). */
  postedToApi?: boolean;
}

/** Parses the provider's auto-submitting form_post page into its action and fields. */
function parseFormPost(html: string): { action: string; fields: URLSearchParams } {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) throw new Error(`no form in provider page: ${html.slice(0, 200)}`);
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) fields.set(m[1] as string, m[2] as string);
  return { action: action.replace(/&amp;/g, '&'), fields };
}

describe('sign-in with OpenID providers', () => {
  let api: TestApi;
  let google: RunningOidcProvider;
  let apple: RunningOidcProvider;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    google = await startOidcProvider({
      redirectUris: [`${publicUrl}/api/passport/oauth/google/callback`],
      accounts: [ALICE, BOB],
      clientId: 'google-client',
    });
    apple = await startOidcProvider({
      redirectUris: [`${publicUrl}/api/passport/oauth/apple/callback`],
      accounts: [ALICE],
      clientId: 'apple-client',
    });
    api = await startTestApi({
      env: {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        APP_ORIGIN,
        TRUST_PROXY: 'true',
        BLOCKED_COUNTRIES: 'KP',
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_ISSUER: google.issuer,
        APPLE_CLIENT_ID: apple.clientId,
        APPLE_CLIENT_SECRET: apple.clientSecret,
        APPLE_ISSUER: apple.issuer,
      },
    });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await google?.close();
    await apple?.close();
  });

  const start = (provider: string, next = '/editor/works') =>
    `${api.baseUrl}/api/passport/oauth/${provider}/start?next=${encodeURIComponent(next)}`;

  /**
   * Follows the browser's path from `url`: through the provider (picking `account` on its login page, or pressing
   * Cancel), a form_post page if any, and the api's callback, until the api sends the browser to the app.
   */
  async function follow(
    jar: CookieJar,
    url: string,
    opts: { account?: TestAccount; cancel?: boolean; stopAtCallback?: boolean; headers?: Record<string, string> } = {},
  ): Promise<FlowEnd & { callbackUrl?: string }> {
    let current = url;
    let init: RequestInit = {};
    let sawLogin = false;
    let postedToApi = false;
    for (let hop = 0; hop < 20; hop += 1) {
      if (opts.stopAtCallback && current.startsWith(`${api.baseUrl}/api/passport/oauth/`) && current.includes('/callback')) {
        return { location: new URL(current), sawLogin, callbackUrl: current };
      }
      const toApi = current.startsWith(api.baseUrl);
      if (toApi && init.method === 'POST') postedToApi = true;
      const res = await jar.fetch(current, { ...init, headers: { ...(toApi ? opts.headers : {}), ...init.headers } });
      init = {};
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, current);
        if (next.origin === APP_ORIGIN) return { location: next, sawLogin, postedToApi };
        current = next.href;
        continue;
      }
      const html = await res.text();
      const interaction = /\/interaction\/([A-Za-z0-9_-]+)$/.exec(new URL(current).pathname);
      if (res.status === 200 && interaction) {
        sawLogin = true;
        const form = opts.cancel ? new URLSearchParams() : new URLSearchParams({ account: opts.account?.id ?? '' });
        current = `${new URL(current).origin}/interaction/${interaction[1]}/${opts.cancel ? 'abort' : 'login'}`;
        init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
        continue;
      }
      if (res.status === 200 && /<form/i.test(html)) {
        const { action, fields } = parseFormPost(html);
        current = action;
        init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() };
        continue;
      }
      throw new Error(`unexpected HTTP ${res.status} at ${current}: ${html.slice(0, 300)}`);
    }
    throw new Error('too many redirects');
  }

  async function checkLogin(jar: CookieJar) {
    const res = await call<{ is_login: boolean; user?: { uid: string; nickname?: string } }>(
      api.baseUrl,
      '/api/passport/check_login',
      { headers: { cookie: jar.header(`${api.baseUrl}/api/passport/check_login`) } },
    );
    expect(res.body.status_code).toBe(0);
    return res.body.data;
  }

  it('lists only the configured providers', async () => {
    const res = await call(api.baseUrl, '/api/passport/providers');
    expect(res.body.status_code).toBe(0);
    expect(providersResponseSchema.parse(res.body.data).providers).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'apple', name: 'Apple' },
    ]);
  });

  it('signs in with Google through the whole redirect flow, and again as the same user', async () => {
    const jar = new CookieJar();
    const startRes = await jar.fetch(start('google'));
    expect(startRes.status).toBe(302);
    const authorize = new URL(startRes.headers.get('location') ?? '');
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${api.baseUrl}/api/passport/oauth/google/callback`);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const flowCookie = startRes.headers.getSetCookie().find((c) => c.startsWith('sv_oauth='));
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    expect(flowCookie).toMatch(/Path=\/api\/passport\/oauth/);

    const first = await follow(jar, authorize.href, { account: ALICE });
    expect(first.sawLogin).toBe(true);
    expect(first.location.origin + first.location.pathname).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(first.location.searchParams.get('next')).toBe('/editor/works');
    expect(first.location.searchParams.get('error')).toBeNull();
    expect(jar.get('sv_session')).toBeTruthy();
    expect(jar.get('sv_oauth')).toBeUndefined();
    const state1 = await checkLogin(jar);
    expect(state1?.is_login).toBe(true);
    expect(state1?.user?.nickname).toBe('Alice Example');
    const uid = state1?.user?.uid;
    expect(uid).toBeTruthy();

    // The provider remembers the browser, so the second sign-in skips its login page and lands on the same account.
    const second = await follow(jar, start('google', '/editor'));
    expect(second.sawLogin).toBe(false);
    expect(second.location.searchParams.get('next')).toBe('/editor');
    expect((await checkLogin(jar))?.user?.uid).toBe(uid);

    // Another account at the same provider is another user.
    const other = new CookieJar();
    await follow(other, start('google'), { account: BOB });
    const bob = await checkLogin(other);
    expect(bob?.is_login).toBe(true);
    expect(bob?.user?.uid).not.toBe(uid);
  });

  it("signs in with Apple's form_post response, as its own account even with the same e-mail", async () => {
    const jar = new CookieJar();
    const startRes = await jar.fetch(start('apple', '/'));
    const authorize = new URL(startRes.headers.get('location') ?? '');
    expect(authorize.origin).toBe(apple.issuer);
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    const end = await follow(jar, authorize.href, { account: ALICE });
    expect(end.postedToApi).toBe(true);
    expect(end.location.searchParams.get('error')).toBeNull();
    expect(end.location.searchParams.get('next')).toBe('/');
    const state = await checkLogin(jar);
    expect(state?.is_login).toBe(true);

    const viaGoogle = new CookieJar();
    await follow(viaGoogle, start('google'), { account: ALICE });
    expect((await checkLogin(viaGoogle))?.user?.uid).not.toBe(state?.user?.uid);
  });

  it('refuses a callback whose state was tampered with, or that this browser did not start', async () => {
    const jar = new CookieJar();
    const atCallback = await follow(jar, start('google'), { account: ALICE, stopAtCallback: true });
    const tampered = new URL(atCallback.callbackUrl ?? '');
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const res = await jar.fetch(tampered.href);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(location.searchParams.get('error')).toBe('authorization_failed');
    expect(jar.get('sv_session')).toBeUndefined();

    // The untouched response in another browser (no flow cookie): a login-CSRF attempt.
    const victim = new CookieJar();
    const again = new CookieJar();
    const fresh = await follow(again, start('google'), { account: ALICE, stopAtCallback: true });
    const stolen = await victim.fetch(fresh.callbackUrl ?? '');
    expect(new URL(stolen.headers.get('location') ?? '').searchParams.get('error')).toBe('authorization_failed');
    expect(victim.get('sv_session')).toBeUndefined();

    // A forged flow cookie fails to open.
    const forged = await jar.fetch(fresh.callbackUrl ?? '', { headers: { cookie: 'sv_oauth=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(new URL(forged.headers.get('location') ?? '').searchParams.get('error')).toBe('authorization_failed');
  });

  it('refuses an open redirect in next', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'editor', '/\t/evil.example']) {
      const res = await call(api.baseUrl, `/api/passport/oauth/google/start?next=${encodeURIComponent(next)}`);
      expect(res.body.status_code).toBe(ErrorCode.ClientParamError);
      expect(res.body.status_message).toMatch(/^next:/);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('sv_oauth='))).toBe(false);
    }
  });

  it("ends on the app's callback page with an error when the user cancels at the provider", async () => {
    const jar = new CookieJar();
    const end = await follow(jar, start('google', '/editor/works'), { cancel: true });
    expect(end.location.origin + end.location.pathname).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(end.location.searchParams.get('error')).toBe('authorization_failed');
    expect(end.location.searchParams.get('next')).toBe('/editor/works');
    expect(jar.get('sv_session')).toBeUndefined();

    const direct = await new CookieJar().fetch(`${api.baseUrl}/api/passport/oauth/google/callback?error=access_denied&state=x`);
    expect(direct.status).toBe(302);
    expect(new URL(direct.headers.get('location') ?? '').searchParams.get('error')).toBe('authorization_failed');
  });

  it('passes on a refusal by the account rules (blocked region) instead of a session', async () => {
    const jar = new CookieJar();
    const end = await follow(jar, start('google'), { account: BOB, headers: { 'x-country': 'KP' } });
    expect(end.location.searchParams.get('error')).toBe(String(ErrorCode.AreaForbidden));
    expect(jar.get('sv_session')).toBeUndefined();
  });

  it('names the provider when it is unknown, and says so when it is not configured', async () => {
    const unknown = await call(api.baseUrl, '/api/passport/oauth/myspace/start');
    expect(unknown.body.status_code).toBe(ErrorCode.ClientParamError);
    expect(unknown.body.status_message).toMatch(/^provider:/);
    const unknownPost = await call(api.baseUrl, '/api/passport/oauth/myspace/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=x&state=y',
    });
    expect(unknownPost.body.status_code).toBe(ErrorCode.ClientParamError);

    const off = await call<{ provider: string; reason: string }>(api.baseUrl, '/api/passport/oauth/shortvideo/start');
    expect(off.body.status_code).toBe(ErrorCode.BusinessError);
    expect(off.body.data).toEqual({ provider: 'shortvideo', reason: 'provider_not_configured' });
  });

  it('hands a guest\'s play to the account the guest signs in to with a provider', async () => {
    const { storyId } = await publishStory(api.baseUrl);
    const jar = new CookieJar();
    const post = async <T>(path: string, body: unknown) => {
      const res = await jar.fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as { status_code: number; data: T };
    };
    expect((await post('/api/passport/guest', {})).status_code).toBe(0);
    const guestPlay = (await post<Started>('/api/tyler/story/start_play', { story_id: storyId })).data.play_info.play_id;

    await follow(jar, start('google', `/play/story/${storyId}/play`), { account: BOB });
    expect((await checkLogin(jar))?.is_login).toBe(true);
    expect((await post('/api/tyler/user/log_in_confirm', { is_adult: true, agree_terms: true })).status_code).toBe(0);
    const resumed = await post<Started>('/api/tyler/story/start_play', { story_id: storyId });
    expect(resumed.status_code).toBe(0);
    expect(resumed.data.play_info.play_id).toBe(guestPlay);
  }, 30_000);
});
