import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { startTestApi } from './helpers';

const API_DIR = path.join(__dirname, '..');

describe('graceful shutdown', () => {
  it('stop() closes sockets and the server, letting an in-flight request finish', async () => {
    const api = await startTestApi({
      extraRoutes: (router) => {
        router.get('/api/test/slow', async (ctx) => {
          await new Promise((r) => setTimeout(r, 300));
          ctx.body = { status_code: 0, status_message: 'success' };
        });
      },
    });
    const socket = connect(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('ready', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const inFlight = fetch(`${api.baseUrl}/api/test/slow`).then((r) => r.json() as Promise<{ status_code: number }>);
    await new Promise((r) => setTimeout(r, 50));

    await api.stop();
    expect(await disconnected).toBeTruthy();
    expect((await inFlight).status_code).toBe(0);
    await expect(fetch(`${api.baseUrl}/api/health`)).rejects.toThrow();
    expect(api.running.server.listening).toBe(false);
  });

  it('main.ts starts on PORT, then exits 0 on SIGTERM after closing everything', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', MONGODB_URI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Array<Record<string, unknown>> = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const listening = new Promise<string>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
          buffer = buffer.slice(nl + 1);
          lines.push(line);
          if (line.msg === 'listening') resolve(String(line.url));
        }
      });
      child.once('exit', (code) => reject(new Error(`exited early (${code}): ${stderr}`)));
    });
    try {
      const url = await listening;
      const health = (await (await fetch(`${url}/api/health`)).json()) as { data: { db: string } };
      expect(health.data.db).toBe('up');

      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'shutdown complete']));
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('main.ts refuses to start with a bad variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment variable PORT');
  }, 30_000);
});
