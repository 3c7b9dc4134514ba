import { remoteOrigins, type RemotesJson } from './remotes';

/**
 * Security headers of every page and file the shell serves. Scripts, styles and manifests may come from this
 * origin and from the configured remotes only; the api is reached through this origin's proxy.
 */
export function securityHeaders(remotes: RemotesJson): Record<string, string> {
  const origins = remoteOrigins(remotes).join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${origins}`,
    `style-src 'self' 'unsafe-inline' ${origins}`,
    `connect-src 'self' ws: wss: ${origins}`,
    `img-src 'self' data: blob: https: ${origins}`,
    `font-src 'self' data: ${origins}`,
    `media-src 'self' blob: https: ${origins}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
