import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OAuth2ProviderSettings } from '../../config';
import { OAuthFlowError } from './oauth.errors';
import type { ProviderIdentity } from './oauth.providers';

const HTTP_TIMEOUT_MS = 10_000;
const SCOPE = 'user.info.basic';
const USER_FIELDS = 'open_id,union_id,avatar_url,display_name';

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  open_id: z.string().min(1).optional(),
});

const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

const userSchema = z.object({
  open_id: z.string().min(1),
  display_name: z.string().optional(),
  avatar_url: z.string().optional(),
});

/** The user-info answer: `{ data: { user }, error: { code: "ok" } }`; any other error code is a failure. */
const userinfoSchema = z.object({
  data: z.object({ user: userSchema }),
  error: z.object({ code: z.string() }).optional(),
});

export interface OAuth2Begin {
  url: URL;
  state: string;
  codeVerifier: string;
}

function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

async function readJson(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OAuthFlowError('login_failed', `${what}: HTTP ${res.status}, not JSON`);
  }
}

/**
 * The short-video app's sign-in: plain OAuth 2 with PKCE, no ID token. It names the client id `client_key`, and
 * who signed in comes from its user-info endpoint, read with the access token.
 */
export class ShortVideoClient {
  constructor(private readonly settings: OAuth2ProviderSettings) {}

  begin(redirectUri: string): OAuth2Begin {
    const state = randomToken();
    const codeVerifier = randomToken();
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('client_key', this.settings.clientKey);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SCOPE);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url, state, codeVerifier };
  }

  async finish(redirectUri: string, code: string, codeVerifier: string): Promise<ProviderIdentity> {
    const token = await this.exchange(redirectUri, code, codeVerifier);
    const user = await this.userinfo(token.access_token);
    if (token.open_id !== undefined && token.open_id !== user.open_id) {
      throw new OAuthFlowError('login_failed', 'user info belongs to another account than the token');
    }
    return { subject: user.open_id, name: user.display_name, picture: user.avatar_url };
  }

  private async exchange(redirectUri: string, code: string, codeVerifier: string): Promise<z.output<typeof tokenSchema>> {
    const res = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_key: this.settings.clientKey,
        client_secret: this.settings.clientSecret,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = await readJson(res, 'token endpoint');
    const refused = tokenErrorSchema.safeParse(body);
    if (!res.ok || refused.success) {
      throw new OAuthFlowError('login_failed', `token endpoint refused: ${refused.success ? refused.data.error : res.status}`);
    }
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new OAuthFlowError('login_failed', 'token endpoint answer has no access_token');
    return parsed.data;
  }

  private async userinfo(accessToken: string): Promise<z.output<typeof userSchema>> {
    const url = new URL(this.settings.userinfoUrl);
    url.searchParams.set('fields', USER_FIELDS);
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = await readJson(res, 'user-info endpoint');
    const parsed = userinfoSchema.safeParse(body);
    if (!res.ok || !parsed.success) throw new OAuthFlowError('login_failed', `user-info endpoint: HTTP ${res.status}, unexpected answer`);
    if (parsed.data.error && parsed.data.error.code !== 'ok') {
      throw new OAuthFlowError('login_failed', `user-info endpoint error ${parsed.data.error.code}`);
    }
    return parsed.data.data.user;
  }
}
