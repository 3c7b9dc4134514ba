import type { Next } from 'koa';
import type { AppContext } from './context';

/** Headers every response gets; API responses are never framed nor cached by shared caches. */
export function securityHeaders(ctx: AppContext, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (isApiPath(ctx.path)) {
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cache-Control', 'no-store');
  }
  return next();
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
