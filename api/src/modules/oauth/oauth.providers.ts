import type { Config, OAuth2ProviderSettings, OidcProviderSettings } from '../../config';

/** Every provider the product knows; which of them are on is a matter of config. */
export const PROVIDER_IDS = ['google', 'apple', 'shortvideo'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  google: 'Google',
  apple: 'Apple',
  shortvideo: 'Short-video app',
};

export interface ProviderInfo {
  id: ProviderId;
  name: string;
}

export type ProviderSettings =
  | { kind: 'oidc'; id: 'google' | 'apple'; settings: OidcProviderSettings }
  | { kind: 'oauth2'; id: 'shortvideo'; settings: OAuth2ProviderSettings };

/** The configured providers, in a fixed order so the login page's buttons do not shuffle. */
export function configuredProviders(config: Config): ProviderInfo[] {
  return PROVIDER_IDS.filter((id) => config.oauth[id] !== undefined).map((id) => ({ id, name: PROVIDER_NAMES[id] }));
}

export function providerSettings(config: Config, id: ProviderId): ProviderSettings | undefined {
  if (id === 'shortvideo') {
    const settings = config.oauth.shortvideo;
    return settings && { kind: 'oauth2', id, settings };
  }
  const settings = config.oauth[id];
  return settings && { kind: 'oidc', id, settings };
}

/** Where the provider sends the browser back; registered with the provider exactly as built here. */
export function redirectUri(config: Config, id: ProviderId): string {
  return `${config.publicUrl}/api/passport/oauth/${id}/callback`;
}

/** The browser-side path of the oauth routes, which scopes the flow cookie (PUBLIC_URL may carry a path prefix). */
export function oauthCookiePath(config: Config): string {
  return `${new URL(config.publicUrl).pathname.replace(/\/+$/, '')}/api/passport/oauth`;
}

/** Who the provider says signed in; `subject` is the provider's stable id for the account. */
export interface ProviderIdentity {
  subject: string;
  email?: string;
  name?: string;
  picture?: string;
}
