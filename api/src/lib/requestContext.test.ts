import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { AppState } from './context';
import { createLogger, REDACT_PATHS, type Logger } from './logger';
import { ACCESS_LOG_FIELDS, redactionTouchesAccessLog, requestContext } from './requestContext';

class Lines extends Writable {
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.raw.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    done();
  }
  parsed(): Array<Record<string, unknown>> {
    return this.raw.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

async function serve(app: Koa<AppState>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

function appWith(logger: Logger, handler: Koa.Middleware<AppState>): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  app.use(requestContext(logger));
  app.use(handler);
  return app;
}

/** A line without its time, which differs between two writes. */
const timeless = (line: string) => line.replace(/"time":\d+,/, '');

describe('requestContext', () => {
  it('writes the access line exactly as the redacting request logger would', async () => {
    const out = new Lines();
    const logger = createLogger({ level: 'info', destination: out });
    const srv = await serve(
      appWith(logger, (ctx) => {
        ctx.status = 201;
        ctx.body = 'ok';
      }),
    );
    try {
      const res = await fetch(`${srv.url}/api/some/path?phone=123&code=9`, {
        headers: { 'x-request-id': 'req-1' },
      });
      await res.text();
    } finally {
      await srv.close();
    }
    expect(out.raw).toHaveLength(1);
    const line = out.parsed()[0]!;
    expect(line).toMatchObject({
      level: 30,
      service: 'api',
      request_id: 'req-1',
      method: 'GET',
      path: '/api/some/path',
      status: 201,
      msg: 'request',
    });
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'service',
      'request_id',
      'method',
      'path',
      'status',
      'ms',
      'msg',
    ]);
    // The same fields through a redacting child bound to the id, as each request used to make one.
    logger
      .child({ request_id: 'req-1' })
      .info({ method: 'GET', path: '/api/some/path', status: 201, ms: line.ms }, 'request');
    expect(timeless(out.raw[0]!)).toBe(timeless(out.raw[1]!));
  });

  it('makes the request logger on first use, bound to the request id, and keeps one per request', async () => {
    const out = new Lines();
    const logger = createLogger({ level: 'info', destination: out });
    let same = false;
    const srv = await serve(
      appWith(logger, (ctx) => {
        same = ctx.state.log === ctx.state.log;
        ctx.state.log.warn({ phone: '+15550100' }, 'probe');
        ctx.body = { id: ctx.state.requestId };
      }),
    );
    let id: string | null;
    try {
      const res = await fetch(`${srv.url}/x`);
      id = res.headers.get('x-request-id');
      expect(await res.json()).toEqual({ id });
    } finally {
      await srv.close();
    }
    expect(same).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [probe, access] = out.parsed();
    expect(probe).toMatchObject({ level: 40, request_id: id, phone: '[redacted]', msg: 'probe' });
    expect(access).toMatchObject({ level: 30, request_id: id, msg: 'request', status: 200 });
  });

  it('writes the access line through a logger a handler put in place of the request one', async () => {
    const out = new Lines();
    const other = new Lines();
    const logger = createLogger({ level: 'info', destination: out });
    const replacement = createLogger({ level: 'info', destination: other }).child({ request_id: 'mine' });
    const srv = await serve(
      appWith(logger, (ctx) => {
        ctx.state.log = replacement;
        ctx.body = 'ok';
      }),
    );
    try {
      await (await fetch(`${srv.url}/y`)).text();
    } finally {
      await srv.close();
    }
    expect(out.raw).toHaveLength(0);
    expect(other.parsed()).toEqual([
      expect.objectContaining({ request_id: 'mine', path: '/y', msg: 'request' }),
    ]);
  });

  it("follows the root logger's level", async () => {
    const out = new Lines();
    const logger = createLogger({ level: 'info', destination: out });
    const srv = await serve(appWith(logger, (ctx) => void (ctx.body = 'ok')));
    try {
      logger.level = 'warn';
      await (await fetch(`${srv.url}/quiet`)).text();
      logger.level = 'debug';
      await (await fetch(`${srv.url}/loud`)).text();
    } finally {
      await srv.close();
    }
    expect(out.parsed().map((l) => l.path)).toEqual(['/loud']);
  });

  it('knows which redact paths could reach the access line', () => {
    expect(redactionTouchesAccessLog(REDACT_PATHS)).toBe(false);
    for (const field of ACCESS_LOG_FIELDS) expect(redactionTouchesAccessLog([field])).toBe(true);
    expect(redactionTouchesAccessLog(['*'])).toBe(true);
    expect(redactionTouchesAccessLog(['path.x'])).toBe(true);
    expect(redactionTouchesAccessLog(['["method"]'])).toBe(true);
    expect(redactionTouchesAccessLog(['*.path', 'headers.cookie', 'phone'])).toBe(false);
  });
});
