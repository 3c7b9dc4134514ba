/**
 * A real OpenID provider (oidc-provider) on loopback, for tests that go through the whole sign-in redirect flow:
 * the api's own tests (driving it with fetch and `CookieJar`) and the browser tests (clicking its pages). It has
 * no test-runner dependency.
 *
 * Its login page lists the configured accounts as buttons ("Sign in as <name>") and a Cancel button; consent is
 * granted automatically, as for a first-party client.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type ProviderClass from 'oidc-provider';
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  /** The `sub` claim. */
  id: string;
  email?: string;
  name?: string;
  picture?: string;
}

export interface OidcProviderOptions {
  redirectUris: string[];
  accounts: TestAccount[];
  clientId?: string;
  clientSecret?: string;
  host?: string;
  port?: number;
}

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * oidc-provider prints an "unsupported runtime" warning on Node 20, which the product runs on; the test provider
 * works there, so that one line is dropped while the module loads.
 */
async function loadProvider(): Promise<typeof ProviderClass> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, accounts: TestAccount[]): string {
  const buttons = accounts
    .map(
      (a) =>
        `<button type="submit" name="account" value="${escapeHtml(a.id)}">Sign in as ${escapeHtml(a.name ?? a.id)}</button>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test provider sign-in</title></head><body>
<h1>Test provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">${buttons}</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
}

/**
 * In-memory storage for the provider's artefacts, one store per provider instance. (The provider's own fallback
 * does the same but is shared by every instance in the process and warns on each start.)
 */
function memoryAdapter(): (model: string) => Adapter {
  const items = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const item = items.get(key);
    if (item && item.expiresAt <= Date.now()) items.delete(key);
    return items.get(key)?.payload;
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      items.set(`${model}:${id}`, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      for (const [key, item] of items) if (key.startsWith(`${model}:`) && item.payload.uid === uid) return live(key);
      return undefined;
    },
    async findByUserCode(userCode) {
      for (const [key, item] of items) if (key.startsWith(`${model}:`) && item.payload.userCode === userCode) return live(key);
      return undefined;
    },
    async consume(id) {
      const item = items.get(`${model}:${id}`);
      if (item) item.payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      items.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, item] of items) if (item.payload.grantId === grantId) items.delete(key);
    },
  });
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const Provider = await loadProvider();
  const clientId = options.clientId ?? 'test-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map(options.accounts.map((a) => [a.id, a]));

  // The issuer URL needs the port, so the server listens first and the provider is plugged in after.
  let handle: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey()] },
    // Explicit lifetimes (seconds), long enough for a slow browser test, so the provider need not warn about defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, put the profile claims in the ID token: the api reads who signed in from it alone.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email !== undefined,
          name: account.name,
          picture: account.picture,
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerHandler = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action?: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction does not match its cookie');
    if (action === 'login' && req.method === 'POST') {
      const accountId = (await readForm(req)).get('account') ?? '';
      if (!accounts.has(accountId)) {
        res.statusCode = 400;
        res.end('unknown account');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'abort' && req.method === 'POST') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'consent') {
      const { details: missing } = details.prompt;
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new Error('grant not found');
      if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(loginPage(uid, [...accounts.values()]));
  }

  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/.exec(path);
    if (!match) {
      void providerHandler(req, res);
      return;
    }
    interaction(req, res, match[1] as string, match[2]).catch((err: unknown) => {
      if (!res.headersSent) res.statusCode = 400;
      res.end(err instanceof Error ? err.message : 'interaction failed');
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Cookies for driving a redirect flow with fetch: kept per host (ports share cookies, as in a browser), with Path
 * and Max-Age honoured. No Domain attribute or expiry dates beyond what these servers send.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string; host: string }>();

  store(url: string, res: Response): void {
    const { hostname } = new URL(url);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.split('=');
        if (k.toLowerCase() === 'path') path = v || '/';
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const key = `${hostname} ${path} ${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path, host: hostname });
    }
  }

  header(url: string): string {
    const { hostname, pathname } = new URL(url);
    const out: string[] = [];
    for (const [key, c] of this.cookies) {
      if (c.host !== hostname) continue;
      if (pathname !== c.path && !pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)) continue;
      out.push(`${key.split(' ')[2]}=${c.value}`);
    }
    return out.join('; ');
  }

  get(name: string): string | undefined {
    for (const [key, c] of this.cookies) if (key.split(' ')[2] === name) return c.value;
    return undefined;
  }

  /** One request with this jar, never following redirects. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return res;
  }
}
