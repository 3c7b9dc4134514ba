import type { AppContext } from '../../lib/context';

export const SESSION_COOKIE = 'sv_session';

/**
 * Writes the session cookie by hand rather than through `ctx.cookies`: Koa refuses `Secure` on a plain-HTTP
 * request, yet in production TLS usually ends at a proxy in front of us and the browser does see HTTPS.
 */
export function setSessionCookie(ctx: AppContext, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - ctx.state.accounts.now()) / 1000));
  writeCookie(ctx, `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}`);
}

export function clearSessionCookie(ctx: AppContext): void {
  writeCookie(ctx, `${SESSION_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
}

function writeCookie(ctx: AppContext, base: string): void {
  const secure = ctx.state.accounts.config.nodeEnv === 'production' ? '; Secure' : '';
  const value = `${base}; HttpOnly; SameSite=Lax${secure}`;
  // One session cookie per response: a later write (logout after a refresh) replaces the earlier one.
  const existing = ctx.response.get('Set-Cookie');
  const others = (Array.isArray(existing) ? existing : existing ? [existing] : []).filter(
    (c) => !c.startsWith(`${SESSION_COOKIE}=`),
  );
  ctx.set('Set-Cookie', [...others, value]);
}

/** The token from a raw Cookie header (sockets have no Koa context). */
export function tokenFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}
