import { loadConfig } from '../src/config';
import { appleUserName } from '../src/modules/oauth/apple';
import { FLOW_TTL_MS, openFlow, sealFlow, type Flow } from '../src/modules/oauth/oauth.flowCookie';
import { isSafeNextPath } from '../src/modules/oauth/oauth.next';
import { configuredProviders, oauthCookiePath, redirectUri } from '../src/modules/oauth/oauth.providers';

describe('provider settings', () => {
  it('enables a provider only when all of its settings are present', () => {
    expect(loadConfig({}).oauth).toEqual({});
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      APPLE_CLIENT_ID: 'apple',
      SHORTVIDEO_CLIENT_KEY: 'k',
      SHORTVIDEO_CLIENT_SECRET: 's',
      SHORTVIDEO_AUTHORIZE_URL: 'https://sv.example/auth',
      SHORTVIDEO_TOKEN_URL: 'https://sv.example/token',
    });
    expect(c.oauth.google).toEqual({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' });
    expect(c.oauth.apple).toBeUndefined();
    expect(c.oauth.shortvideo).toBeUndefined();
    expect(configuredProviders(c)).toEqual([{ id: 'google', name: 'Google' }]);
  });

  it('uses Apple’s issuer by default and names a bad URL variable', () => {
    const c = loadConfig({ APPLE_CLIENT_ID: 'a', APPLE_CLIENT_SECRET: 'b' });
    expect(c.oauth.apple?.issuer).toBe('https://appleid.apple.com');
    expect(() => loadConfig({ GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
    expect(() => loadConfig({ SHORTVIDEO_TOKEN_URL: 'nope' })).toThrow(/SHORTVIDEO_TOKEN_URL/);
  });

  it('builds redirect URIs from PUBLIC_URL, defaulting to APP_ORIGIN', () => {
    const byOrigin = loadConfig({ APP_ORIGIN: 'https://app.example' });
    expect(redirectUri(byOrigin, 'google')).toBe('https://app.example/api/passport/oauth/google/callback');
    const prefixed = loadConfig({ PUBLIC_URL: 'https://edge.example/story/' });
    expect(redirectUri(prefixed, 'apple')).toBe('https://edge.example/story/api/passport/oauth/apple/callback');
    expect(oauthCookiePath(prefixed)).toBe('/story/api/passport/oauth');
  });
});

describe('isSafeNextPath', () => {
  it.each(['/', '/editor/works', '/editor/story/12?tab=chars#top', '/a%2F%2Fb'])('accepts %s', (p) => {
    expect(isSafeNextPath(p)).toBe(true);
  });
  it.each([
    '',
    'editor',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (p) => {
    expect(isSafeNextPath(p)).toBe(false);
  });
});

describe('flow cookie', () => {
  const config = loadConfig({ SESSION_SECRET: 'a-test-secret-of-enough-length' });
  const now = 1_800_000_000_000;
  const flow: Flow = {
    provider: 'google',
    state: 's'.repeat(43),
    nonce: 'n'.repeat(43),
    codeVerifier: 'v'.repeat(43),
    next: '/editor',
    expiresAt: now + FLOW_TTL_MS,
  };

  it('opens what it sealed, and hides the verifier', () => {
    const sealed = sealFlow(config, flow);
    expect(sealed).not.toContain('vvvv');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('vvvv');
    expect(openFlow(config, sealed, now)).toEqual(flow);
  });

  it('refuses an altered, foreign, expired or malformed cookie', () => {
    const sealed = sealFlow(config, flow);
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(openFlow(config, raw.toString('base64url'), now)).toBeNull();
    const other = loadConfig({ SESSION_SECRET: 'another-secret-of-enough-length' });
    expect(openFlow(other, sealed, now)).toBeNull();
    expect(openFlow(config, sealed, flow.expiresAt)).toBeNull();
    expect(openFlow(config, undefined, now)).toBeNull();
    expect(openFlow(config, 'short', now)).toBeNull();
    expect(openFlow(config, 'x'.repeat(5000), now)).toBeNull();
  });
});

describe('appleUserName', () => {
  it('reads the first authorization’s name and ignores anything else', () => {
    expect(appleUserName(JSON.stringify({ name: { firstName: 'Ann', lastName: 'Lee' }, email: 'a@b.c' }))).toBe('Ann Lee');
    expect(appleUserName(JSON.stringify({ name: { firstName: 'Ann' } }))).toBe('Ann');
    expect(appleUserName('{not json')).toBeUndefined();
    expect(appleUserName(JSON.stringify({ name: { firstName: { $ne: null } } }))).toBeUndefined();
    expect(appleUserName(null)).toBeUndefined();
  });
});
