import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from 'shared-kit';
import type { AppState } from './context';
import { errorEnvelope } from './envelope';
import { createLogger } from './logger';
import { rateLimit } from './rateLimit';
import { Writable } from 'node:stream';

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

describe('rateLimit', () => {
  it('allows max requests per window, then refuses with RateLimit and Retry-After until the window resets', async () => {
    let t = 1_000_000;
    const srv = await serve(appWith(rateLimit({ windowMs: 10_000, max: 2, now: () => t })));
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(srv.url);
        const body = (await res.json()) as { status_code: number; data?: { retry_after_s: number } };
        codes.push(body.status_code);
        if (i === 2) {
          expect(res.status).toBe(429);
          expect(res.headers.get('retry-after')).toBe('10');
          expect(body.data?.retry_after_s).toBe(10);
        }
      }
      expect(codes).toEqual([0, 0, ErrorCode.RateLimit]);
      t += 10_000;
      const after = (await (await fetch(srv.url)).json()) as { status_code: number };
      expect(after.status_code).toBe(0);
    } finally {
      await srv.close();
    }
  });

  it('counts per forwarded client address only when the proxy is trusted', async () => {
    const trusted = await serve(appWith(rateLimit({ windowMs: 60_000, max: 1 }), true));
    const untrusted = await serve(appWith(rateLimit({ windowMs: 60_000, max: 1 }), false));
    try {
      const a = (url: string, ip: string) =>
        fetch(url, { headers: { 'x-forwarded-for': ip } }).then((r) => r.json() as Promise<{ status_code: number }>);
      expect((await a(trusted.url, '10.0.0.1')).status_code).toBe(0);
      expect((await a(trusted.url, '10.0.0.2')).status_code).toBe(0);
      expect((await a(trusted.url, '10.0.0.1')).status_code).toBe(ErrorCode.RateLimit);
      // Without TRUST_PROXY the header is ignored: both "clients" are the same socket address.
      expect((await a(untrusted.url, '10.0.0.1')).status_code).toBe(0);
      expect((await a(untrusted.url, '10.0.0.2')).status_code).toBe(ErrorCode.RateLimit);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it('rejects nonsensical settings', () => {
    expect(() => rateLimit({ windowMs: 0, max: 1 })).toThrow();
    expect(() => rateLimit({ windowMs: 1000, max: 0 })).toThrow();
  });
});
