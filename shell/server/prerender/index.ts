import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { RemotesJson } from '../remotes';
import { apiCaller, API_TIMEOUT_MS } from './api';
import { prerenderedDocument, shellDocument } from './document';
import { buildPage, publicPage } from './pages';
import { hasSession, pageLanguage } from './request';
import { shellMarkup, shellPage, visitorCountry } from './shell-pages';
import { remoteStyles, shellStyles } from './styles';

/** How long a signed-out visitor's page is kept, here and by browsers and caches (seconds: counts change). */
export const PUBLIC_PAGE_SECONDS = 5;
/** At most this many pages are kept (address x language); the oldest go first. */
const MAX_KEPT = 500;

export interface PrerenderOptions {
  apiUrl: string;
  distDir: string;
  remotes: RemotesJson;
  /** Default PUBLIC_PAGE_SECONDS. */
  keepSeconds?: number;
  apiTimeoutMs?: number;
  /** Told of each page that could not be made (it is sent without its first screen). */
  onFailure?: (path: string, error: unknown) => void;
}

interface Made {
  html: Buffer;
  gzip: Buffer;
  until: number;
}

/**
 * Answers the player's public pages (`/play`, `/play/story/:id`, `/play/user/:uid`, `/play/topic/:id`) with their
 * first screen in the HTML, and the shell's home (`/editor`, not on a phone) and login page (`/login`) with theirs
 * for a visitor without a session. A signed-out visitor's page is made once per address and language and kept a few
 * seconds (`Cache-Control: public, max-age=5`, `Vary` on the language's headers); a signed-in visitor's is made with
 * their own session for them alone and never kept (`private, no-store`). Resolves false when the address is not one
 * of those pages or the page could not be made: the caller then sends the page as before.
 */
export function createPrerenderer(options: PrerenderOptions) {
  const keepMs = (options.keepSeconds ?? PUBLIC_PAGE_SECONDS) * 1000;
  const player = options.remotes.remotes.find((r) => r.name === 'mfe_player');
  const playerStyles = player ? remoteStyles(player.entry) : async () => '';
  let shellCss: { template: string; files: string[]; css: string } | null = null;
  const kept = new Map<string, Made>();
  const making = new Map<string, Promise<Made | null>>();

  async function make(req: IncomingMessage, pathname: string, template: string, signedIn: boolean): Promise<Made | null> {
    const page = publicPage(pathname);
    if (!page) return null;
    const language = pageLanguage(req);
    const api = apiCaller(options.apiUrl, req, language, options.apiTimeoutMs ?? API_TIMEOUT_MS);
    try {
      const [built, remoteCss] = await Promise.all([buildPage(page, api, language, signedIn), playerStyles()]);
      if (shellCss?.template !== template) shellCss = { template, ...shellStyles(options.distDir) };
      const html = prerenderedDocument(template, {
        page,
        language,
        head: built.markup.head,
        body: built.markup.body,
        data: built.data,
        styles: `${shellCss.css}\n${remoteCss}`,
        shellCssFiles: shellCss.files,
        origin: originOf(req),
      });
      return html === null ? null : made(html);
    } catch (error) {
      options.onFailure?.(page.path, error);
      return null;
    }
  }

  /** A written page as it is kept: its bytes, gzipped once, until when it is served. */
  function made(html: string): Made {
    const body = Buffer.from(html);
    return { html: body, gzip: gzipSync(body, { level: 6 }), until: Date.now() + keepMs };
  }

  /** A shell page for a signed-out visitor: its copy in their language, nothing from the api. */
  async function makeShell(req: IncomingMessage, pathname: string, template: string): Promise<Made | null> {
    const page = shellPage(pathname, req);
    if (!page) return null;
    try {
      const language = pageLanguage(req);
      const markup = shellMarkup(page, language, visitorCountry(req));
      if (shellCss?.template !== template) shellCss = { template, ...shellStyles(options.distDir) };
      const html = shellDocument(template, { page, language, title: markup.title, body: markup.body, styles: shellCss.css, shellCssFiles: shellCss.files });
      return html === null ? null : made(html);
    } catch (error) {
      options.onFailure?.(page.path, error);
      return null;
    }
  }

  /** A signed-out visitor's page, made once per address, language (and for the login page, country) and kept. */
  async function publicCopy(req: IncomingMessage, pathname: string, template: string, shell = false): Promise<Made | null> {
    const country = shell && shellPage(pathname, req)?.name === 'login' ? visitorCountry(req) : '';
    const key = `${pathname.replace(/\/+$/, '')}|${pageLanguage(req)}|${country}|${originOf(req)}`;
    const hit = kept.get(key);
    if (hit && hit.until > Date.now()) return hit;
    let pending = making.get(key);
    if (!pending) {
      pending = (shell ? makeShell(req, pathname, template) : make(req, pathname, template, false)).then((made) => {
        making.delete(key);
        kept.delete(key);
        if (made) {
          kept.set(key, made);
          if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
        }
        return made;
      });
      making.set(key, pending);
    }
    return pending;
  }

  return async function prerender(req: IncomingMessage, res: ServerResponse, pathname: string, template: string, headers: Record<string, string>): Promise<boolean> {
    const signedIn = hasSession(req);
    const shell = shellPage(pathname, req);
    // The shell's pages only for a visitor without a session: a signed-in one gets today's page (no login screen
    // shown to someone who is signed in, even for a moment).
    if (shell && signedIn) return false;
    if (!shell && !publicPage(pathname)) return false;
    const made = shell ? await publicCopy(req, pathname, template, true) : signedIn ? await make(req, pathname, template, true) : await publicCopy(req, pathname, template);
    if (!made || res.headersSent || res.destroyed) return false;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? made.gzip : made.html;
    res.writeHead(200, {
      ...headers,
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': signedIn ? 'private, no-store' : `public, max-age=${Math.round(keepMs / 1000)}`,
      // The page's language comes from the language cookie or Accept-Language; a session makes it another's page;
      // the editor's home is not sent to a phone (which the app sends to the mobile notice).
      Vary: `Accept-Encoding, Accept-Language, Cookie${shell?.name === 'home' ? ', User-Agent' : ''}`,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** The address the visitor used (behind a proxy: its forwarded protocol and host). */
function originOf(req: IncomingMessage): string {
  const proto = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() || 'http';
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost').split(',')[0]?.trim();
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
