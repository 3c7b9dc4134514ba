import type { Platform } from 'shared-kit';

export const MOBILE_PAGE = '/editor/mobile';

/** Where a phone opening the site's root lands: the player, which is made for phones. */
export const PHONE_HOME = '/play';

/** `/editor` pages a phone may open: they inform rather than edit (spec §2, mobile rule). */
const MOBILE_ALLOWED_EDITOR_PAGES = new Set([
  '/editor/restricted-access',
  '/editor/forbidden-create',
  '/editor/protocol/terms',
  '/editor/protocol/privacy',
  '/editor/mobile',
]);

/** Areas built for desktop only; a phone is sent to the mobile notice page instead. */
const DESKTOP_ONLY_AREAS = ['/editor', '/ops'];

function normalise(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/{2,}/g, '/');
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Where a page request must go instead on this platform, or null when it may stay.
 * `/` forwards to `/editor` elsewhere, which a phone cannot use: a phone goes to the player instead.
 * Login, auth callback, `/play` and `/account` are mobile-first and never redirected.
 */
export function mobileRedirect(pathname: string, platform: Platform): string | null {
  if (platform !== 'mobile') return null;
  const path = normalise(pathname);
  if (path === '/' || path === '') return PHONE_HOME;
  if (MOBILE_ALLOWED_EDITOR_PAGES.has(path)) return null;
  return DESKTOP_ONLY_AREAS.some((area) => isUnder(path, area)) ? MOBILE_PAGE : null;
}
