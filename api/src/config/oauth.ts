import type { Env } from './env';

// Sign-in providers: Google and Apple (OpenID Connect) and the short-video platform (OAuth 2).

export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OAuth2ProviderSettings {
  clientKey: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface OAuthSettings {
  google?: OidcProviderSettings;
  apple?: OidcProviderSettings;
  shortvideo?: OAuth2ProviderSettings;
}

/** Half-configured providers stay off rather than failing at sign-in time with a provider-side error. */
export function oauthSettings(e: Env): OAuthSettings {
  const out: OAuthSettings = {};
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    out.google = { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET };
  }
  if (e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET) {
    out.apple = { issuer: e.APPLE_ISSUER, clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET };
  }
  const { SHORTVIDEO_CLIENT_KEY: key, SHORTVIDEO_CLIENT_SECRET: secret } = e;
  const { SHORTVIDEO_AUTHORIZE_URL: authorizeUrl, SHORTVIDEO_TOKEN_URL: tokenUrl, SHORTVIDEO_USERINFO_URL: userinfoUrl } = e;
  if (key && secret && authorizeUrl && tokenUrl && userinfoUrl) {
    out.shortvideo = { clientKey: key, clientSecret: secret, authorizeUrl, tokenUrl, userinfoUrl };
  }
  return out;
}
