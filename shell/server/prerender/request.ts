import type { IncomingMessage } from 'node:http';
import { reduceLanguage } from '../../../shared-kit/src/format';
import { LANGUAGE_COOKIE } from '../../../shared-kit/src/prerender';

/** The languages the player's copy is written in (the kit's LANGUAGES); the first is the fallback. */
export const PAGE_LANGUAGES = ['en', 'zh-CN'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** The api's session cookie: a request carrying it is a signed-in visitor's (or was). */
export const SESSION_COOKIE = 'sv_session';

const CATALOGUE_FOR: Readonly<Record<string, PageLanguage>> = { en: 'en', zh: 'zh-CN' };

/** One cookie's value from the request's Cookie header. */
export function cookieValue(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The page's language, chosen as the app chooses it: the language cookie (the UI's stored choice, written by the
 * kit), else the first language of Accept-Language (by weight) that has a catalogue, else English.
 */
export function pageLanguage(req: Pick<IncomingMessage, 'headers'>): PageLanguage {
  const chosen = cookieValue(req, LANGUAGE_COOKIE);
  if ((PAGE_LANGUAGES as readonly string[]).includes(chosen ?? '')) return chosen as PageLanguage;
  const tags = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const found = CATALOGUE_FOR[reduceLanguage(tag)];
    if (found) return found;
  }
  return 'en';
}

/** Whether the request carries a session: its page is made with that session and never shared. */
export function hasSession(req: Pick<IncomingMessage, 'headers'>): boolean {
  return Boolean(cookieValue(req, SESSION_COOKIE));
}
