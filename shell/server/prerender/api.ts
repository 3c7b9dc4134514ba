import type { IncomingMessage } from 'node:http';
import { ENV_VALUES } from '../../../shared-kit/src/constants';
import { reduceLanguage } from '../../../shared-kit/src/format';
import { SESSION_COOKIE, cookieValue } from './request';

/** How long the server waits for the api before it sends the page without its first screen. */
export const API_TIMEOUT_MS = 2000;

/** An answer the page cannot be made from (the api refused, failed or was too slow): the page is sent as before. */
export class PrerenderApiError extends Error {
  override name = 'PrerenderApiError';
}

export interface ApiCaller {
  /** The envelope's data of `GET /api<path>`, asked as the visitor would ask it (their session and language). */
  get<T>(path: string, params?: Record<string, string | number>): Promise<T>;
}

/**
 * Calls the api the way the page's own code would: the common query with the page's language, the visitor's session
 * cookie only (nothing else of theirs is passed on) and their address, as the shell's proxy forwards it.
 */
export function apiCaller(apiUrl: string, req: IncomingMessage, language: string, timeoutMs = API_TIMEOUT_MS): ApiCaller {
  const session = cookieValue(req, SESSION_COOKIE);
  const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].flat().filter(Boolean).join(', ');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session) headers.Cookie = `${SESSION_COOKIE}=${session}`;
  if (forwarded) headers['X-Forwarded-For'] = forwarded;
  return {
    async get<T>(path: string, params: Record<string, string | number> = {}): Promise<T> {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...ENV_VALUES, language: reduceLanguage(language), ...params })) query.set(k, String(v));
      let res: Response;
      try {
        res = await fetch(`${apiUrl}/api${path}?${query}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new PrerenderApiError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const body = (await res.json().catch(() => null)) as { status_code?: number; data?: T } | null;
      if (!res.ok || !body || body.status_code !== 0) throw new PrerenderApiError(`${path}: HTTP ${res.status}, status ${body?.status_code}`);
      return body.data as T;
    },
  };
}
