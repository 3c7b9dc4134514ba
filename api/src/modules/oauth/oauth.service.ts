import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from 'shared-kit';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { completeLogin } from '../passport';
import { requestLanguage } from '../../lib/language';
import { findOrCreateByIdentity } from '../users';
import { clearFlowCookie, FLOW_COOKIE, FLOW_TTL_MS, openFlow, setFlowCookie, type Flow } from './oauth.flowCookie';
import { OAuthFlowError, type OAuthFailureCode } from './oauth.errors';
import {
  configuredProviders,
  PROVIDER_NAMES,
  providerSettings,
  redirectUri,
  type ProviderId,
  type ProviderIdentity,
  type ProviderInfo,
  type ProviderSettings,
} from './oauth.providers';
import { OidcClient } from './oidc.client';
import { appleUserName } from './apple';
import { ShortVideoClient } from './shortvideo.client';

const OIDC_PROFILES = {
  google: { scope: 'openid email profile' },
  // Apple sends the response as a form POST whenever name or email is asked for.
  apple: { scope: 'openid email name', authParams: { response_mode: 'form_post' } },
} as const;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sign-in with the configured providers. One per app: it keeps each provider's discovery document, so a provider
 * is asked for it once, not on every sign-in.
 */
export class OAuthService {
  private readonly oidc = new Map<ProviderId, OidcClient>();

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  providers(): ProviderInfo[] {
    return configuredProviders(this.config);
  }

  /** A known provider that is switched off is a client mistake worth its own message, not a generic 1009. */
  private settingsOf(id: ProviderId): ProviderSettings {
    const settings = providerSettings(this.config, id);
    if (!settings) {
      throw new AppError(ErrorCode.BusinessError, `Sign-in with ${PROVIDER_NAMES[id]} is not enabled on this server`, {
        data: { provider: id, reason: 'provider_not_configured' },
      });
    }
    return settings;
  }

  private oidcClient(id: 'google' | 'apple', settings: ProviderSettings & { kind: 'oidc' }): OidcClient {
    let c = this.oidc.get(id);
    if (!c) {
      c = new OidcClient(settings.settings, OIDC_PROFILES[id], this.logger.child({ provider: id }));
      this.oidc.set(id, c);
    }
    return c;
  }

  /** The app page that finishes a sign-in in the browser. */
  appCallbackUrl(params: Record<string, string | undefined>): string {
    const url = new URL('/auth/callback', this.config.appOrigin);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
    return url.href;
  }

  /**
   * Starts a sign-in: remembers state, nonce, PKCE verifier and `next` in the sealed flow cookie and returns the
   * provider's authorization URL. A provider that cannot be reached ends on the app's callback page with an error.
   */
  async start(ctx: AppContext, id: ProviderId, next: string): Promise<string> {
    const settings = this.settingsOf(id);
    const redirect = redirectUri(this.config, id);
    const expiresAt = ctx.state.accounts.now() + FLOW_TTL_MS;
    let flow: Flow;
    let url: URL;
    try {
      if (settings.kind === 'oidc') {
        const begun = await this.oidcClient(settings.id, settings).begin(redirect);
        url = begun.url;
        flow = { provider: id, state: begun.state, nonce: begun.nonce, codeVerifier: begun.codeVerifier, next, expiresAt };
      } else {
        const begun = new ShortVideoClient(settings.settings).begin(redirect);
        url = begun.url;
        flow = { provider: id, state: begun.state, codeVerifier: begun.codeVerifier, next, expiresAt };
      }
    } catch (err) {
      return this.failure(ctx, id, err, next);
    }
    setFlowCookie(ctx, this.config, flow);
    return url.href;
  }

  /** Finishes a sign-in. Always answers with where to send the browser: the app's callback page, never a 500. */
  async callback(ctx: AppContext, id: ProviderId, params: URLSearchParams): Promise<string> {
    const settings = this.settingsOf(id);
    const flow = openFlow(this.config, ctx.cookies.get(FLOW_COOKIE), ctx.state.accounts.now());
    clearFlowCookie(ctx, this.config);
    try {
      const providerError = params.get('error');
      if (providerError !== null) {
        throw new OAuthFlowError('authorization_failed', `provider answered error=${providerError.slice(0, 64)}`);
      }
      if (!flow) throw new OAuthFlowError('authorization_failed', 'no sign-in in progress: flow cookie missing, expired or altered');
      if (flow.provider !== id) throw new OAuthFlowError('authorization_failed', `sign-in was started with ${flow.provider}`);
      const state = params.get('state');
      if (state === null || !sameSecret(state, flow.state)) throw new OAuthFlowError('authorization_failed', 'state mismatch');
      const identity = await this.identify(settings, params, flow);
      const user = await findOrCreateByIdentity({ provider: id, ...identity, language: requestLanguage(ctx) }, ctx.state.accounts.now());
      await completeLogin(ctx, user);
      ctx.state.log.info({ provider: id, uid: user.uid }, 'signed in with a provider');
      return this.appCallbackUrl({ next: flow.next });
    } catch (err) {
      return this.failure(ctx, id, err, flow?.next);
    }
  }

  private async identify(settings: ProviderSettings, params: URLSearchParams, flow: Flow): Promise<ProviderIdentity> {
    const redirect = redirectUri(this.config, settings.id);
    try {
      if (settings.kind === 'oauth2') {
        const code = params.get('code');
        if (!code) throw new OAuthFlowError('authorization_failed', 'callback without a code');
        return await new ShortVideoClient(settings.settings).finish(redirect, code, flow.codeVerifier);
      }
      if (!flow.nonce) throw new OAuthFlowError('authorization_failed', 'flow has no nonce');
      const identity = await this.oidcClient(settings.id, settings).finish(redirect, params, {
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
      // Apple puts the name only in the first response's `user` field, never in the ID token.
      if (settings.id === 'apple' && !identity.name) identity.name = appleUserName(params.get('user'));
      return identity;
    } catch (err) {
      if (err instanceof OAuthFlowError) throw err;
      throw new OAuthFlowError('login_failed', err instanceof Error ? `${err.name}: ${err.message}` : 'exchange failed', {
        cause: err,
      });
    }
  }

  private failure(ctx: AppContext, id: ProviderId, err: unknown, next: string | undefined): string {
    let code: OAuthFailureCode | string;
    if (err instanceof OAuthFlowError) {
      code = err.code;
      ctx.state.log.warn({ provider: id, reason: err.message, failure: code }, 'provider sign-in failed');
    } else if (err instanceof AppError) {
      // The account rules said no (blocked region, login ban): the app reacts to these codes as usual.
      code = String(err.code);
      ctx.state.log.info({ provider: id, status_code: err.code }, 'provider sign-in refused');
    } else {
      code = 'login_failed';
      ctx.state.log.error({ err, provider: id }, 'provider sign-in failed unexpectedly');
    }
    return this.appCallbackUrl({ error: code, next });
  }
}
