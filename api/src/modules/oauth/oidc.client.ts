import * as client from 'openid-client';
import type { OidcProviderSettings } from '../../config';
import type { Logger } from '../../lib/logger';
import { OAuthFlowError } from './oauth.errors';
import type { ProviderIdentity } from './oauth.providers';

/** Seconds; openid-client's own default is 30, too long for a browser waiting on a redirect. */
const HTTP_TIMEOUT_S = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface OidcBegin {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcProfile {
  /** Extra authorization parameters (Apple: `response_mode=form_post`). */
  authParams?: Record<string, string>;
  scope: string;
}

/**
 * One OpenID Connect provider: discovery is fetched once and kept; a failed discovery is forgotten so the next
 * sign-in tries again instead of failing until restart.
 */
export class OidcClient {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcProviderSettings,
    private readonly profile: OidcProfile,
    private readonly logger: Logger,
  ) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.settings.issuer);
      // Plain HTTP only for a provider on this machine (tests, local development); anything else must be TLS.
      const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
      const pending = client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_S,
      });
      this.discovered = pending;
      pending.catch((err: unknown) => {
        if (this.discovered === pending) this.discovered = undefined;
        this.logger.warn({ err, issuer: this.settings.issuer }, 'OpenID discovery failed');
      });
    }
    return this.discovered;
  }

  async begin(redirectUri: string): Promise<OidcBegin> {
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch (err) {
      throw new OAuthFlowError('login_failed', 'provider discovery failed', { cause: err });
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.profile.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...this.profile.authParams,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code and validates the ID token: signature, issuer, audience, expiry and nonce are checked by
   * openid-client; the state was already matched by the caller and is checked again here.
   */
  async finish(
    redirectUri: string,
    params: URLSearchParams,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderIdentity> {
    const config = await this.configuration();
    // redirect_uri sent to the token endpoint is this URL without its query, so it is built from config, not
    // from the request's Host header.
    const current = new URL(redirectUri);
    for (const [key, value] of params) current.searchParams.append(key, value);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OAuthFlowError('login_failed', 'token response without an ID token');
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' && verified ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: typeof claims.picture === 'string' ? claims.picture : undefined,
    };
  }
}
