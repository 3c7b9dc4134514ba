import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import httpProxy from 'http-proxy';
import { createStaticHandler } from './static';
import { securityHeaders } from './headers';
import { createPageHandler, isPageRequest } from './page';
import { createPrerenderer } from './prerender';
import type { ShellServerConfig } from './config';

/** Paths that belong to the api (share links' landing pages, `/s/<code>`, are rendered there); everything else is the shell's. */
export function isApiPath(url: string): boolean {
  return /^\/(api|socket\.io)(\/|\?|$)/.test(url) || url.startsWith('/s/');
}

/**
 * The shell's production server: the built shell with history fallback (each page with `/remotes.json` written
 * into it, see page.ts), `/remotes.json` from the environment, and a proxy to the api (HTTP and websocket upgrades)
 * so the browser talks to one origin.
 */
export function createShellServer(config: Omit<ShellServerConfig, 'port' | 'host'>): Server {
  const headers = securityHeaders(config.remotes);
  const files = createStaticHandler({ dir: config.distDir, historyFallback: true, headers });
  const pages = createPageHandler(config.distDir, config.remotes, headers);
  const prerender = createPrerenderer({
    apiUrl: config.apiUrl,
    distDir: config.distDir,
    remotes: config.remotes,
    onFailure: (path, error) => console.warn(`pre-render of ${path} failed, sent without its first screen: ${error instanceof Error ? error.message : String(error)}`),
  });
  const remotesBody = JSON.stringify(config.remotes);
  const proxy = httpProxy.createProxyServer({ target: config.apiUrl, xfwd: true, ws: true });

  proxy.on('error', (error, req, target) => {
    if (isResponse(target)) {
      if (target.headersSent) {
        // The api's answer is already on its way (it answered before reading the whole body and the connection
        // broke while the rest was still being sent): let that answer finish, drop the rest of the client's body.
        req.unpipe();
        req.resume();
        return;
      }
      target.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      // The api's envelope shape, so the client shows its network-error message rather than a parse failure.
      target.end(JSON.stringify({ status_code: -1, status_message: `api unavailable: ${error.message}` }));
    } else {
      target.destroy();
    }
  });
  // An answer that arrives before the client finished sending its body (a refused upload) is passed on as it is;
  // what the client still sends is read and dropped so its connection stays usable.
  proxy.on('proxyRes', (proxyRes, req, res) => {
    // An answer cut off midway must not leave the client waiting for the rest.
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
    if (req.complete) return;
    req.unpipe();
    req.resume();
  });

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (isApiPath(url)) {
      proxy.web(req, res);
      return;
    }
    if (url === '/remotes.json' || url.startsWith('/remotes.json?')) {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache, no-store' });
      res.end(req.method === 'HEAD' ? undefined : remotesBody);
      return;
    }
    const pathname = pathOf(url);
    if (pathname !== null && isPageRequest(req, pathname)) {
      const template = pages.text(pathname);
      if (template === null) {
        files(req, res);
        return;
      }
      // A public page with its first screen; any failure sends the page as before.
      prerender(req, res, pathname, template, headers)
        .catch(() => false)
        .then((sent) => {
          if (!sent && !res.headersSent) pages(req, res, pathname);
        })
        .catch(() => res.destroy());
      return;
    }
    files(req, res);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isApiPath(req.url ?? '')) proxy.ws(req, socket, head);
    else socket.destroy();
  });
  server.on('close', () => proxy.close());
  return server;
}

function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
}

function isResponse(target: ServerResponse | Duplex | undefined): target is ServerResponse {
  return target !== undefined && 'writeHead' in target;
}
