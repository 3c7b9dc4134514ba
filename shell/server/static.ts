// The static file server: each remote's `dist` in production (with CORS, since the shell loads it from another
// origin), and the file half of the shell's server. No framework: the needs are few and the rules must be exact.
//   tsx shell/server/static.ts --dir mfe-editor/dist --port 8081
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.svg', '.txt']);
/** Names the build gives a content hash (`main.1a2b3c4d.js`): they never change, so browsers may keep them. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';

export interface StaticOptions {
  /** The folder to serve. */
  dir: string;
  /** Allow any origin to read the files (remotes are fetched by the shell's page). */
  cors?: boolean;
  /** Answer page requests (no file extension, HTML accepted) with index.html, for client-side routes. */
  historyFallback?: boolean;
  /** Headers added to every answer (the shell's security headers). */
  headers?: Record<string, string>;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => void;

interface Cached {
  mtimeMs: number;
  gzip: Buffer;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });
  res.end(body);
}

function statFile(path: string): Stats | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

/** Serves files from `dir`; never outside it, whatever the request path says. */
export function createStaticHandler(options: StaticOptions): StaticHandler {
  const dir = resolve(options.dir);
  const gzipCache = new Map<string, Cached>();
  const base: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', ...options.headers };
  if (options.cors) {
    base['Access-Control-Allow-Origin'] = '*';
    base['Cross-Origin-Resource-Policy'] = 'cross-origin';
  }

  function gzipped(path: string, st: Stats): Buffer {
    const hit = gzipCache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs) return hit.gzip;
    const gzip = gzipSync(readFileSync(path), { level: 9 });
    gzipCache.set(path, { mtimeMs: st.mtimeMs, gzip });
    return gzip;
  }

  function resolveRequest(urlPath: string, accept: string): { path: string; st: Stats } | undefined {
    const target = resolve(dir, '.' + urlPath);
    const inside = relative(dir, target);
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
    for (const path of [target, join(target, 'index.html')]) {
      const st = statFile(path);
      if (st) return { path, st };
    }
    if (options.historyFallback && extname(urlPath) === '' && /text\/html|\*\/\*/.test(accept)) {
      const index = join(dir, 'index.html');
      const st = statFile(index);
      if (st) return { path: index, st };
    }
    return undefined;
  }

  return (req, res) => {
    if (req.method === 'OPTIONS' && options.cors) {
      res.writeHead(204, { ...base, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'Method not allowed', { ...base, Allow: 'GET, HEAD' });
      return;
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      send(res, 400, 'Bad request path', base);
      return;
    }
    if (urlPath.includes('\0')) {
      send(res, 400, 'Bad request path', base);
      return;
    }
    const found = resolveRequest(urlPath, req.headers.accept ?? '*/*');
    if (!found) {
      send(res, 404, 'Not found', base);
      return;
    }
    const { path, st } = found;
    const ext = extname(path);
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      ...base,
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(path) ? LONG_CACHE : 'no-cache',
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (acceptsGzip && COMPRESSIBLE.has(ext) && st.size > 1024) {
      const body = gzipped(path, st);
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(st.size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}

/** Parses `--dir D --port N [--host H] [--no-cors]`; the port falls back to `PORT`. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv): { dir: string; port: number; host: string; cors: boolean } {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dir = value('--dir');
  if (!dir) throw new Error('static server: --dir <folder> is required');
  const rawPort = value('--port') ?? env.PORT;
  const port = Number(rawPort);
  if (!rawPort || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`static server: --port (or PORT) must be a port number between 1 and 65535, got "${rawPort ?? ''}"`);
  }
  return { dir, port, host: value('--host') ?? env.HOST ?? '0.0.0.0', cors: !argv.includes('--no-cors') };
}

/** Starts a static server and resolves once it listens. */
export function serveStatic(options: StaticOptions & { port: number; host?: string }): Promise<Server> {
  const server = createServer(createStaticHandler({ historyFallback: true, ...options }));
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolveListen(server));
  });
}

async function main(): Promise<void> {
  const args = parseServeArgs(process.argv.slice(2), process.env);
  if (!statFile(join(args.dir, 'index.html')) && !statFile(join(args.dir, 'remoteEntry.js'))) {
    throw new Error(`static server: ${args.dir} has no build output; run the app's build first`);
  }
  const server = await serveStatic({ dir: args.dir, port: args.port, host: args.host, cors: args.cors });
  console.log(`serving ${resolve(args.dir)} on http://localhost:${args.port}`);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
