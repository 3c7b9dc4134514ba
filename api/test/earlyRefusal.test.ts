import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createShellServer } from '../../shell/server/app';
import { remotesFromEnv } from '../../shell/server/remotes';
import { startTestApi, type TestApi } from './helpers';

/** A multipart body of `size` bytes of file content, sent in one go with the given headers. */
function postMultipart(baseUrl: string, path: string, size: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const boundary = 'early-refusal-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.alloc(size, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    // As curl and proxies do: the body follows the api's 100 Continue.
    if (headers.expect) req.once('continue', () => req.end(body));
    else req.end(body);
  });
}

describe('answers given before the body is read', () => {
  let api: TestApi;
  let shell: Server;
  let shellUrl: string;
  let dist: string;
  beforeAll(async () => {
    api = await startTestApi();
    // The shell's own server in front of the api, as `npm start` runs them: its proxy is what the browser talks to.
    dist = mkdtempSync(join(tmpdir(), 'shell-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    shell = createShellServer({ apiUrl: api.baseUrl, distDir: dist, remotes: remotesFromEnv({}) });
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', () => resolve()));
    shellUrl = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shell.closeAllConnections();
    await new Promise<void>((resolve) => shell.close(() => resolve()));
    rmSync(dist, { recursive: true, force: true });
    await api.stop();
  });

  // The shell's proxy asks the api to close each connection after its answer; the api must still read the body
  // first, or the proxy's write breaks (EPIPE) and the client gets a 502 instead of the answer.
  it.each([
    ['an unknown route', '/api/editor/nope', {}, 1009],
    ['a signed-out upload', '/api/editor/upload', {}, 1007],
    ['a body of the wrong content type', '/api/editor/story/create', { 'content-type': 'text/plain' }, 1009],
  ])('%s arrives through the shell as its error, for 1 KB and 1 MB bodies', async (_what, path, headers, code) => {
    for (let i = 0; i < 20; i += 1) {
      const size = i % 2 === 0 ? 1024 : 1024 * 1024;
      const res = await postMultipart(shellUrl, path, size, { expect: '100-continue', ...headers });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ status_code: code });
    }
  });

  it('keeps the early answer and closes the connection for a body too large to read', async () => {
    // Declared 64 MB, of which only 1 KB is ever sent: the answer must not wait for the rest.
    const raw = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const url = new URL(api.baseUrl);
      const req = request(
        { host: url.hostname, port: url.port, path: '/api/editor/nope', method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': String(64 * 1024 * 1024) } },
        (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode ?? 0, connection: r.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
    expect(raw.status).toBe(200);
    expect(raw.connection).toBe('close');
  });
});
