import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, startTestApi, type TestApi } from './helpers';
import { CookieJar } from './support/oidcProvider';

const APP_ORIGIN = 'http://app.test:8080';
const CLIENT_KEY = 'sv-client-key';
const CLIENT_SECRET = 'sv-client-secret';

interface ShortVideoUser {
  open_id: string;
  display_name: string;
  avatar_url: string;
}

/**
 * A tiny short-video OAuth 2 server: the authorize endpoint approves (or denies) at once for `user`, the token
 * endpoint checks client, code, redirect URI and PKCE verifier, the user-info endpoint checks the bearer token.
 */
async function startShortVideoServer(redirectUri: string) {
  const state = {
    user: { open_id: 'ov-1', display_name: 'Short Video Star', avatar_url: 'https://img.example/s.png' } as ShortVideoUser,
    deny: false,
    userinfoBroken: false,
    tokenRequests: 0,
  };
  const codes = new Map<string, { challenge: string; redirectUri: string; user: ShortVideoUser }>();
  const tokens = new Map<string, ShortVideoUser>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sv.invalid');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const back = new URL(q.get('redirect_uri') ?? '');
      const ok =
        q.get('client_key') === CLIENT_KEY &&
        q.get('response_type') === 'code' &&
        q.get('redirect_uri') === redirectUri &&
        q.get('code_challenge_method') === 'S256' &&
        !!q.get('code_challenge') &&
        !!q.get('scope');
      if (!ok) return json(res, 400, { error: 'invalid_request' });
      back.searchParams.set('state', q.get('state') ?? '');
      if (state.deny) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, user: state.user });
        back.searchParams.set('code', code);
      }
      res.statusCode = 302;
      res.setHeader('location', back.href);
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      state.tokenRequests += 1;
      const chunks: Buffer[] = [];
      for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        form.get('client_key') === CLIENT_KEY &&
        form.get('client_secret') === CLIENT_SECRET &&
        form.get('grant_type') === 'authorization_code' &&
        grant !== undefined &&
        form.get('redirect_uri') === grant.redirectUri &&
        createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
      if (!ok || !grant) return json(res, 400, { error: 'invalid_grant', error_description: 'bad code or client' });
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.user);
      return json(res, 200, { access_token: accessToken, open_id: grant.user.open_id, expires_in: 86400, token_type: 'Bearer' });
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      if (state.userinfoBroken) {
        res.statusCode = 502;
        return res.end('<html>bad gateway</html>');
      }
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return json(res, 401, { error: { code: 'access_token_invalid', message: 'invalid token' } });
      return json(res, 200, { data: { user }, error: { code: 'ok', message: '' } });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('sign-in with the short-video app (OAuth 2)', () => {
  let api: TestApi;
  let sv: Awaited<ReturnType<typeof startShortVideoServer>>;
  let closedPort: number;

  beforeAll(async () => {
    const port = await freePort();
    closedPort = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    sv = await startShortVideoServer(`${publicUrl}/api/passport/oauth/shortvideo/callback`);
    api = await startTestApi({
      env: {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        APP_ORIGIN,
        SHORTVIDEO_CLIENT_KEY: CLIENT_KEY,
        SHORTVIDEO_CLIENT_SECRET: CLIENT_SECRET,
        SHORTVIDEO_AUTHORIZE_URL: `${sv.base}/authorize`,
        SHORTVIDEO_TOKEN_URL: `${sv.base}/token`,
        SHORTVIDEO_USERINFO_URL: `${sv.base}/userinfo`,
        // A Google whose issuer does not answer: sign-in must end on the app's page, not in a 500.
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${closedPort}`,
        // Apple half-configured: stays off.
        APPLE_CLIENT_ID: 'apple-only-id',
      },
    });
  }, 30_000);

  afterAll(async () => {
    await api?.stop();
    await sv?.close();
  });

  const start = (next = '/editor/works') =>
    `${api.baseUrl}/api/passport/oauth/shortvideo/start?next=${encodeURIComponent(next)}`;

  /** Start, provider, callback: returns the callback URL the provider sent the browser to, and the final redirect. */
  async function signIn(jar: CookieJar, next?: string, tamper?: (callback: URL) => void) {
    const started = await jar.fetch(start(next));
    expect(started.status).toBe(302);
    const authorize = await jar.fetch(started.headers.get('location') ?? '');
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get('location') ?? '');
    tamper?.(callback);
    const done = await jar.fetch(callback.href);
    expect(done.status).toBe(302);
    return { authorizeUrl: new URL(started.headers.get('location') ?? ''), location: new URL(done.headers.get('location') ?? '') };
  }

  async function checkLogin(jar: CookieJar) {
    const res = await call<{ is_login: boolean; user?: { uid: string; nickname: string; avatar: string } }>(
      api.baseUrl,
      '/api/passport/check_login',
      { headers: { cookie: jar.header(`${api.baseUrl}/api/passport/check_login`) } },
    );
    return res.body.data;
  }

  it('lists the configured providers only: a half-configured one stays off', async () => {
    const res = await call<{ providers: Array<{ id: string }> }>(api.baseUrl, '/api/passport/providers');
    expect(res.body.data?.providers.map((p) => p.id)).toEqual(['google', 'shortvideo']);
  });

  it('signs in through authorize, token and user info, and again as the same user', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, '/editor/works');
    expect(first.authorizeUrl.searchParams.get('client_key')).toBe(CLIENT_KEY);
    expect(first.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.location.origin + first.location.pathname).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(first.location.searchParams.get('next')).toBe('/editor/works');
    expect(first.location.searchParams.get('error')).toBeNull();
    const me = await checkLogin(jar);
    expect(me?.is_login).toBe(true);
    expect(me?.user?.nickname).toBe('Short Video Star');
    expect(me?.user?.avatar).toBe('https://img.example/s.png');

    const again = new CookieJar();
    await signIn(again);
    expect((await checkLogin(again))?.user?.uid).toBe(me?.user?.uid);
  });

  it('ends with login_failed when the code is refused at the token endpoint', async () => {
    const jar = new CookieJar();
    const before = sv.state.tokenRequests;
    const { location } = await signIn(jar, '/', (cb) => cb.searchParams.set('code', 'not-a-code'));
    expect(sv.state.tokenRequests).toBe(before + 1);
    expect(location.searchParams.get('error')).toBe('login_failed');
    expect(jar.get('sv_session')).toBeUndefined();
  });

  it('ends with login_failed when user info is unreadable', async () => {
    sv.state.userinfoBroken = true;
    try {
      const jar = new CookieJar();
      const { location } = await signIn(jar);
      expect(location.searchParams.get('error')).toBe('login_failed');
      expect(jar.get('sv_session')).toBeUndefined();
    } finally {
      sv.state.userinfoBroken = false;
    }
  });

  it('ends with authorization_failed when the user denies, without calling the token endpoint', async () => {
    sv.state.deny = true;
    try {
      const before = sv.state.tokenRequests;
      const jar = new CookieJar();
      const { location } = await signIn(jar, '/editor');
      expect(location.searchParams.get('error')).toBe('authorization_failed');
      expect(location.searchParams.get('next')).toBe('/editor');
      expect(sv.state.tokenRequests).toBe(before);
    } finally {
      sv.state.deny = false;
    }
  });

  it('refuses a replayed callback: the code is single-use at the provider and the browser loses its flow cookie', async () => {
    const jar = new CookieJar();
    const started = await jar.fetch(start());
    const authorize = await jar.fetch(started.headers.get('location') ?? '');
    const callback = authorize.headers.get('location') ?? '';
    const flowCookie = jar.get('sv_oauth');
    await jar.fetch(callback);
    expect(jar.get('sv_oauth')).toBeUndefined();
    const replay = await new CookieJar().fetch(callback, { headers: { cookie: `sv_oauth=${flowCookie}` } });
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('error')).toBe('login_failed');
  });

  it("sends the browser to the app's callback with login_failed when an OpenID provider cannot be reached", async () => {
    const res = await new CookieJar().fetch(`${api.baseUrl}/api/passport/oauth/google/start?next=/editor`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(location.searchParams.get('error')).toBe('login_failed');
    expect(location.searchParams.get('next')).toBe('/editor');
    expect(api.logs.find('OpenID discovery failed').length).toBeGreaterThan(0);
  });
});
