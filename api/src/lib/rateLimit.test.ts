import Koa from 'koa';
import mongoose from 'mongoose';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { startEmbeddedMongo, type EmbeddedMongo } from 'embedded-mongo';
import { ErrorCode } from 'shared-kit';
import type { AppState } from './context';
import { errorEnvelope } from './envelope';
import { createLogger } from './logger';
import { RATE_LIMIT_COLLECTION, rateLimit } from './rateLimit';

const silent = createLogger({ level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) });

async function serve(app: Koa<AppState>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

function appWith(limiter: ReturnType<typeof rateLimit>, proxy = false): Koa<AppState> {
  const app = new Koa<AppState>({ proxy });
  app.use(async (ctx, next) => {
    ctx.state.log = silent;
    ctx.state.requestId = 'r';
    await next();
  });
  app.use(errorEnvelope);
  app.use(limiter);
  app.use((ctx) => {
    ctx.body = { status_code: 0, status_message: 'success', data: ctx.ip };
  });
  return app;
}

const statusOf = async (url: string, headers: Record<string, string> = {}) =>
  ((await (await fetch(url, { headers })).json()) as { status_code: number }).status_code;

describe('rateLimit', () => {
  let mongo: EmbeddedMongo;
  beforeAll(async () => {
    mongo = await startEmbeddedMongo({ port: 0 });
    await mongoose.connect(`${mongo.uri}ratelimit`);
  });
  afterAll(async () => {
    await mongoose.disconnect();
    await mongo.stop();
  });

  it('allows max requests per window, then refuses with RateLimit and Retry-After until the window resets', async () => {
    const srv = await serve(appWith(rateLimit({ name: 'window', windowMs: 1500, max: 2 })));
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(srv.url);
        const body = (await res.json()) as { status_code: number; data?: { retry_after_s: number } };
        codes.push(body.status_code);
        if (i < 2) expect(res.headers.get('ratelimit-remaining')).toBe(String(1 - i));
        if (i === 2) {
          expect(res.status).toBe(429);
          expect(res.headers.get('retry-after')).toMatch(/^[12]$/);
          expect(body.data?.retry_after_s).toBeGreaterThanOrEqual(1);
        }
      }
      expect(codes).toEqual([0, 0, ErrorCode.RateLimit]);
      // The count lives in the database, one document per name and key.
      const stored = await mongoose.connection.collection(RATE_LIMIT_COLLECTION).findOne({ key: 'window:127.0.0.1' });
      expect(stored).toMatchObject({ points: 3 });
      // Once the window has passed (polled: the wait is the window itself), requests are allowed again.
      const deadline = Date.now() + 5000;
      let after = ErrorCode.RateLimit as number;
      while (after !== 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        after = await statusOf(srv.url);
      }
      expect(after).toBe(0);
    } finally {
      await srv.close();
    }
  });

  it('counts one limit over several servers exactly as one server does', async () => {
    const a = await serve(appWith(rateLimit({ name: 'shared', windowMs: 60_000, max: 5 })));
    const b = await serve(appWith(rateLimit({ name: 'shared', windowMs: 60_000, max: 5 })));
    const other = await serve(appWith(rateLimit({ name: 'other', windowMs: 60_000, max: 5 })));
    try {
      const codes = await Promise.all(Array.from({ length: 8 }, (_, i) => statusOf(i % 2 === 0 ? a.url : b.url)));
      expect(codes.filter((c) => c === 0)).toHaveLength(5);
      expect(codes.filter((c) => c === ErrorCode.RateLimit)).toHaveLength(3);
      // Another name is another count.
      expect(await statusOf(other.url)).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });

  it('counts per forwarded client address only when the proxy is trusted', async () => {
    const trusted = await serve(appWith(rateLimit({ name: 'trusted', windowMs: 60_000, max: 1 }), true));
    const untrusted = await serve(appWith(rateLimit({ name: 'untrusted', windowMs: 60_000, max: 1 }), false));
    try {
      const a = (url: string, ip: string) => statusOf(url, { 'x-forwarded-for': ip });
      expect(await a(trusted.url, '10.0.0.1')).toBe(0);
      expect(await a(trusted.url, '10.0.0.2')).toBe(0);
      expect(await a(trusted.url, '10.0.0.1')).toBe(ErrorCode.RateLimit);
      // Without TRUST_PROXY the header is ignored: both "clients" are the same socket address.
      expect(await a(untrusted.url, '10.0.0.1')).toBe(0);
      expect(await a(untrusted.url, '10.0.0.2')).toBe(ErrorCode.RateLimit);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it('rejects nonsensical settings', () => {
    expect(() => rateLimit({ name: 'x', windowMs: 0, max: 1 })).toThrow();
    expect(() => rateLimit({ name: 'x', windowMs: 1000, max: 0 })).toThrow();
    expect(() => rateLimit({ name: 'a name', windowMs: 1000, max: 1 })).toThrow();
  });
});
