/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShellServer, isApiPath } from '../server/app';
import { renderPage } from '../server/page';
import { remotesFromEnv } from '../server/remotes';
import { close, listen } from './support/servers';


async function get(port: number, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('shell server', () => {
  let dist: string;
  let api: Server;
  let shell: Server;
  let shellPort: number;
  const apiRequests: string[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shell-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log("shell")');
    mkdirSync(join(dist, 'nested'));
    api = createServer((req, res) => {
      apiRequests.push(`${req.method} ${req.url} xff=${req.headers['x-forwarded-for'] ?? ''}`);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'sid=1; Path=/; HttpOnly' });
      res.end(JSON.stringify({ status_code: 0, status_message: 'ok', data: { path: req.url } }));
    });
    api.on('upgrade', (req, socket) => {
      socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`);
    });
    const apiPort = await listen(api);
    shell = createShellServer({
      apiUrl: `http://127.0.0.1:${apiPort}`,
      distDir: dist,
      remotes: remotesFromEnv({ REMOTE_EDITOR_URL: 'http://editor.test:9001' }),
    });
    shellPort = await listen(shell);
  });

  afterAll(async () => {
    await close(shell);
    await close(api);
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html uncached with the security headers', async () => {
    const res = await get(shellPort, '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' http://editor.test:9001 http://localhost:8082");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('falls back to index.html for client routes but not for missing files', async () => {
    const deep = await get(shellPort, '/editor/works', { accept: 'text/html' });
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('id="root"');
    expect((await get(shellPort, '/missing.0123abcd.js')).status).toBe(404);
  });

  it('caches content-hashed files for a year', async () => {
    const res = await get(shellPort, '/main.0123abcd.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never serves files outside the build folder', async () => {
    const res = await get(shellPort, '/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(404);
    expect((await get(shellPort, '/%E0%A4%A')).status).toBe(400);
  });

  it('serves /remotes.json from the environment, uncached', async () => {
    const res = await get(shellPort, '/remotes.json');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const json = JSON.parse(res.body) as { remotes: { name: string; entry: string }[]; apiBase: string };
    expect(json.apiBase).toBe('/api');
    expect(json.remotes[0]).toEqual({ name: 'mfe_editor', entry: 'http://editor.test:9001/mf-manifest.json' });
    expect(json.remotes.map((r) => r.name)).toEqual(['mfe_editor', 'mfe_brainstorm', 'mfe_player', 'mfe_account', 'mfe_ops']);
  });

  it("writes /remotes.json into every page, and on a phone's first areas preloads that remote's manifest", async () => {
    const remotes = remotesFromEnv({ REMOTE_EDITOR_URL: 'http://editor.test:9001' });
    const inline = (body: string) => JSON.parse(/<script type="application\/json" id="remotes-json">(.*?)<\/script>/.exec(body)?.[1] ?? 'null') as unknown;
    const play = await get(shellPort, '/play', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(play.status).toBe(200);
    expect(play.headers.get('cache-control')).toBe('no-cache');
    expect(play.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(play.body.startsWith('<!doctype html>')).toBe(true);
    expect(inline(play.body)).toEqual(remotes);
    expect(play.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="http://localhost:8083/mf-manifest.json">');
    const story = await get(shellPort, '/play/story/7', { accept: 'text/html' });
    expect(story.body).toContain('href="http://localhost:8083/mf-manifest.json"');
    const account = await get(shellPort, '/account/settings', { accept: 'text/html' });
    expect(account.body).toContain('href="http://localhost:8084/mf-manifest.json"');
    const editor = await get(shellPort, '/editor/works', { accept: 'text/html' });
    expect(inline(editor.body)).toEqual(remotes);
    expect(editor.body).not.toContain('rel="preload"');
    expect(inline((await get(shellPort, '/')).body)).toEqual(remotes);
  });

  it('writes the config so that no value can close its script element', () => {
    const remotes = { remotes: [{ name: 'mfe_player', entry: 'http://x.test/</script><script>alert(1)</script>' }], apiBase: '/api' };
    const page = renderPage('<html><head></head><body></body></html>', remotes, '/play');
    expect(page).not.toContain('</script><script>');
    expect(page).toContain('\\u003c/script>');
    expect(page).toContain('href="http://x.test/&lt;/script>&lt;script>alert(1)&lt;/script>"');
  });

  it('proxies /api with its cookies and the forwarded client address', async () => {
    const res = await get(shellPort, '/api/editor/story/list?aid=1');
    expect(JSON.parse(res.body)).toEqual({ status_code: 0, status_message: 'ok', data: { path: '/api/editor/story/list?aid=1' } });
    expect(res.headers.get('set-cookie')).toContain('sid=1');
    expect(apiRequests.at(-1)).toMatch(/^GET \/api\/editor\/story\/list\?aid=1 xff=\S+/);
  });

  it('proxies socket.io websocket upgrades', async () => {
    const upgraded = await new Promise<{ status?: number; path?: string | string[] }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: shellPort,
        path: '/socket.io/?EIO=4&transport=websocket',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve({ status: res.statusCode, path: res.headers['x-path'] });
      });
      req.on('error', reject);
      req.end();
    });
    expect(upgraded).toEqual({ status: 101, path: '/socket.io/?EIO=4&transport=websocket' });
  });

  it('answers 502 in the api envelope when the api is down', async () => {
    const down = createShellServer({ apiUrl: 'http://127.0.0.1:1', distDir: dist, remotes: remotesFromEnv({}) });
    const port = await listen(down);
    try {
      const res = await get(port, '/api/user/detail');
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toMatchObject({ status_code: -1 });
    } finally {
      await close(down);
    }
  });

  it('tells api paths from page paths', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/x')).toBe(true);
    expect(isApiPath('/socket.io/?EIO=4')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/s/AbC234xyz')).toBe(true);
    expect(isApiPath('/settings')).toBe(false);
    expect(isApiPath('/editor/api')).toBe(false);
  });
});
