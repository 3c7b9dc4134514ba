import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { INLINE_REMOTES_ID, remoteForPath } from '../src/remotes/first-render';
import type { RemotesJson } from './remotes';

/** JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment opener). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The app's page for one address: the built index.html with `/remotes.json` written into it (the page reads it
 * there instead of asking for it, one round trip less before any remote can load) and, when the address is one a
 * phone opens directly (`/play`, `/account`), a preload of that remote's manifest, so the browser fetches it while
 * it downloads the shell's code instead of after that code has run. The federation runtime fetches the manifest
 * with `fetch(url)`: a cross-origin, credential-less request, which `crossorigin="anonymous"` matches.
 */
export function renderPage(template: string, remotes: RemotesJson, pathname: string): string {
  const first = remoteForPath(pathname);
  const entry = first ? remotes.remotes.find((r) => r.name === first)?.entry : undefined;
  const hints = entry
    ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(entry)}">`
    : '';
  const config = `<script type="application/json" id="${INLINE_REMOTES_ID}">${scriptJson(remotes)}</script>`;
  if (template.includes('</head>')) return template.replace('</head>', `${hints}${config}</head>`);
  // No head element written out: right after the doctype (before it, the page would render in quirks mode).
  return template.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype) => `${doctype}${hints}${config}`);
}

/** Whether a request is for a page of the app (history fallback): a GET/HEAD of an address with no file extension. */
export function isPageRequest(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname !== '/index.html' && extname(pathname) !== '') return false;
  // A path that climbs out of the site or carries a NUL is the file handler's to refuse.
  if (pathname.includes('\0') || pathname.split(/[/\\]/).includes('..')) return false;
  return /text\/html|\*\/\*/.test(req.headers.accept ?? '*/*');
}

interface Rendered {
  text: string;
  html: Buffer;
  gzip: Buffer;
}

/**
 * Serves the app's pages from `distDir/index.html` (read again when the file changes), uncached like index.html
 * itself, with `headers` (the security headers). Returns false when there is no index.html, for the file handler.
 */
export function createPageHandler(distDir: string, remotes: RemotesJson, headers: Record<string, string>) {
  const index = join(distDir, 'index.html');
  let template: { mtimeMs: number; text: string } | null = null;
  const rendered = new Map<string, Rendered>();

  function render(pathname: string): Rendered | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(index).mtimeMs;
    } catch {
      return null;
    }
    if (!template || template.mtimeMs !== mtimeMs) {
      template = { mtimeMs, text: readFileSync(index, 'utf8') };
      rendered.clear();
    }
    // One rendering per first remote (most addresses have none), not one per address.
    const key = remoteForPath(pathname) ?? '';
    let page = rendered.get(key);
    if (!page) {
      const text = renderPage(template.text, remotes, pathname);
      const html = Buffer.from(text);
      page = { text, html, gzip: gzipSync(html, { level: 9 }) };
      rendered.set(key, page);
    }
    return page;
  }

  const handler = (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    const page = render(pathname);
    if (!page) return false;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? page.gzip : page.html;
    res.writeHead(200, {
      ...headers,
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'text/html; charset=utf-8',
      // The page carries the remotes' addresses, which a restart of the server may change.
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
  /** The page's HTML for `pathname` (what the handler sends), for the pre-rendered public pages to start from. */
  handler.text = (pathname: string): string | null => render(pathname)?.text ?? null;
  return handler;
}
