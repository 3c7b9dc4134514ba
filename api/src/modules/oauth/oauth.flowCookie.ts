import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../lib/context';
import { oauthCookiePath, PROVIDER_IDS, type ProviderId } from './oauth.providers';

export const FLOW_COOKIE = 'sv_oauth';
/** Long enough to sign in at the provider (including a password reset), short enough that a stale flow dies. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

/** What one browser's sign-in attempt must remember between start and callback. */
export interface Flow {
  provider: ProviderId;
  state: string;
  /** OpenID Connect only: bound into the ID token. */
  nonce?: string;
  codeVerifier: string;
  next: string;
  expiresAt: number;
}

const flowSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  state: z.string().min(1),
  nonce: z.string().min(1).optional(),
  codeVerifier: z.string().min(43).max(128),
  next: z.string(),
  expiresAt: z.number(),
});

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The flow is kept in the browser, sealed with AES-256-GCM: the code verifier stays secret from scripts and from
 * anyone reading the URL, and any change to the cookie fails authentication. The key is derived from SESSION_SECRET
 * for this one purpose, so it never equals a key used elsewhere.
 */
function flowKey(config: Config): Buffer {
  return Buffer.from(hkdfSync('sha256', config.sessionSecret, 'oauth-flow', 'sv_oauth cookie v1', 32));
}

export function sealFlow(config: Config, flow: Flow): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', flowKey(config), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The flow inside a cookie value, or null when it is malformed, forged or expired. */
export function openFlow(config: Config, sealed: string | undefined, now: number): Flow | null {
  if (!sealed || sealed.length > 4096) return null;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', flowKey(config), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const parsed = flowSchema.safeParse(JSON.parse(text));
    if (!parsed.success || parsed.data.expiresAt <= now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * Written by hand like the session cookie: Koa refuses `Secure` on plain HTTP, while in production TLS usually
 * ends at a proxy. SameSite=Lax is sent on the provider's top-level GET redirect back to us; Apple's form_post is
 * a cross-site POST that would not carry it, which is why that POST is first turned into a GET (see formPost).
 */
function writeCookie(ctx: AppContext, config: Config, value: string, maxAgeS: number): void {
  const secure = config.nodeEnv === 'production' ? '; Secure' : '';
  ctx.append(
    'Set-Cookie',
    `${FLOW_COOKIE}=${value}; Path=${oauthCookiePath(config)}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`,
  );
}

export function setFlowCookie(ctx: AppContext, config: Config, flow: Flow): void {
  writeCookie(ctx, config, sealFlow(config, flow), Math.floor(FLOW_TTL_MS / 1000));
}

/** A flow is good for one callback, whatever its outcome. */
export function clearFlowCookie(ctx: AppContext, config: Config): void {
  writeCookie(ctx, config, '', 0);
}
