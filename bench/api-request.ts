// The api's per-request overhead: `npx tsx bench/api-request.ts` (also run by `npm run bench`).
//
// Method: the api runs in this process on an embedded-mongo in a temporary folder (the test setup) and a player signs
// in by phone. After WARMUP requests, REQUESTS sequential authenticated requests go over one keep-alive connection on
// loopback to each route below, and as many to a bare node:http server in the same process that answers the same
// JSON body with no middleware at all. The two are timed in alternating blocks so that load from elsewhere on the
// machine falls on both alike; the difference of the two is what the api's middleware stack, router, guards,
// validator and handler cost a request. The routes:
//   - GET /api/tyler/user/settings/get: session guard, no validator, no database read (the session is cached);
//   - GET /api/tyler/played_story: session guard, a zod query validator, one indexed read (the player has no plays);
//   - POST /api/bench/send and GET /api/bench/stream_reply: routes added for this bench only, with the guards and
//     validators of message/send (a JSON body) and message/stream_reply (a query) and a handler that only answers,
//     so they show what a chat turn's two requests pay before their handlers do any work.
// Then, for BREAKDOWN more requests of some routes, a second listener on the same app runs every middleware wrapped
// in a timer (here, in the bench; nothing in the api is changed) and prints each one's own time per request: the
// time it runs itself, awaits included, not counting the middleware it calls. The wrappers cost a little themselves,
// so these figures are a bit above the unwrapped ones. Log level is info, so every request writes its access-log
// line; the test log capture is swapped for a sink that only counts lines, as a pipe or file would take them.
// Figures are milliseconds. Exits non-zero only when a request fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import { requireSession } from '../api/src/lib/auth';
import type { AppRouter } from '../api/src/lib/context';
import { respond } from '../api/src/lib/envelope';
import { validate } from '../api/src/lib/validate';
import { PLAY_REQUESTS } from 'shared-kit/schemas';
import { signInByPhone, startTestApi, type TestApi } from '../api/test/helpers';
import { ADULT } from '../api/test/support/playStories';

const WARMUP = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const BLOCK = 250;
const BREAKDOWN = 1000;

interface Route {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Whether the per-middleware breakdown is printed for it. */
  breakdown?: boolean;
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/tyler/user/settings/get', breakdown: true },
  { method: 'GET', path: '/api/tyler/played_story?offset=0&count=20' },
  {
    method: 'POST',
    path: '/api/bench/send',
    body: JSON.stringify({ play_id: '1234567890123', message: 'Where does the lamp keeper go at night?' }),
    breakdown: true,
  },
  {
    method: 'GET',
    path: '/api/bench/stream_reply?dialogue_id=1234567890124&seq_st=3&seq_ed=4',
    breakdown: true,
  },
];

/** The bench-only routes: message/send's and stream_reply's guards and validators, and a handler that only answers. */
function benchRoutes(router: AppRouter): void {
  const send = validate({ body: PLAY_REQUESTS.sendBody });
  router.post('/api/bench/send', requireSession, send, (ctx) => {
    respond(ctx, {
      play_id: send.input(ctx).body.play_id,
      reply_dialogue_ids: ['1234567890124'],
      seq_st: 3,
      seq_ed: 4,
    });
  });
  const stream = validate({ query: PLAY_REQUESTS.streamQuery });
  router.get('/api/bench/stream_reply', requireSession, stream, (ctx) => {
    respond(ctx, { dialogue_id: stream.input(ctx).query.dialogue_id, done: true });
  });
}

const pathOf = (route: Route) => `${route.method} ${route.path.split('?')[0]}`;

const now = () => performance.now();

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Reply {
  status: number;
  body: string;
}

/** One request over the given keep-alive agent, read to the end. */
function send(
  agent: http.Agent,
  port: number,
  route: Route,
  headers: Record<string, string>,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const all =
      route.body === undefined
        ? headers
        : {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(route.body)),
          };
    const options = { host: '127.0.0.1', port, method: route.method, path: route.path, agent, headers: all };
    const req = http.request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(route.body);
  });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function checkOk(reply: Reply, what: string): void {
  if (reply.status !== 200) throw new Error(`${what}: HTTP ${reply.status}: ${reply.body.slice(0, 300)}`);
  const body = JSON.parse(reply.body) as { status_code?: number };
  if (body.status_code !== 0) throw new Error(`${what}: ${reply.body.slice(0, 300)}`);
}

/** Replaces the test log capture (which parses every line back) with a sink that counts lines and keeps the last. */
function countLogLines(api: TestApi): { count: () => number; last: () => string } {
  let lines = 0;
  let last = '';
  api.logs._write = (chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void) => {
    const text = chunk.toString('utf8');
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
    last = text;
    done();
  };
  return { count: () => lines, last: () => last };
}

async function compare(
  api: TestApi,
  route: Route,
  headers: Record<string, string>,
): Promise<{ api: number[]; bare: number[] }> {
  const apiPort = api.running.port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const what = pathOf(route);
  const first = await send(agent, apiPort, route, headers);
  checkOk(first, what);
  // The bare server answers the api's own body for this route, with the same content type.
  const fixed = first.body;
  const bare = http.createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(fixed),
      });
      res.end(fixed);
    });
  });
  const barePort = await listen(bare);
  try {
    for (let i = 0; i < WARMUP; i += 1) {
      checkOk(await send(agent, apiPort, route, headers), what);
      checkOk(await send(agent, barePort, route, headers), 'bare');
    }
    const times = { api: [] as number[], bare: [] as number[] };
    for (let done = 0; done < REQUESTS; done += BLOCK) {
      for (const [which, port] of [
        ['api', apiPort],
        ['bare', barePort],
      ] as const) {
        for (let i = 0; i < BLOCK && done + i < REQUESTS; i += 1) {
          const t0 = now();
          const reply = await send(agent, port, route, headers);
          times[which].push(now() - t0);
          if (which === 'api') checkOk(reply, what);
        }
      }
    }
    return times;
  } finally {
    agent.destroy();
    await close(bare);
  }
}

type Mw = Middleware & { router?: unknown };

interface Frame {
  start: number;
  children: number;
}

/** Per-request timing state, kept by the request object. */
interface Timing {
  arrived: number;
  firstMiddleware?: number;
  handler?: number;
  frames: Frame[];
  self: Map<string, number>;
}

const timings = new WeakMap<object, Timing>();

/** Wraps a middleware so that its own time (minus what runs inside the middleware it calls) is added up per request. */
function timed(name: string, mw: Mw, isHandler = false): Middleware {
  return async (ctx, next) => {
    const t = timings.get(ctx.req);
    if (!t) return mw(ctx, next);
    const frame: Frame = { start: now(), children: 0 };
    t.firstMiddleware ??= frame.start;
    if (isHandler) t.handler = frame.start;
    const parent = t.frames[t.frames.length - 1];
    t.frames.push(frame);
    try {
      await mw(ctx, next);
    } finally {
      const total = now() - frame.start;
      t.frames.pop();
      if (parent) parent.children += total;
      t.self.set(name, (t.self.get(name) ?? 0) + total - frame.children);
    }
  };
}

/** A second listener on the api's app with every app-level middleware timed; the api's own listener is untouched. */
async function timedListener(api: TestApi): Promise<{
  port: number;
  names: string[];
  done: Array<{ t: Timing; finished: number }>;
  close: () => Promise<void>;
}> {
  const { app, router } = api.running;
  const names: string[] = [];
  // A new array: the api's own listener keeps the chain it composed at start.
  const untimed = app.middleware;
  app.middleware = untimed.map((mw: Mw, i, all) => {
    let name =
      mw.name.replace(/Middleware$/, '') || (i === all.length - 1 ? 'allowedMethods' : `middleware #${i}`);
    if (mw.router)
      name = mw.router === router ? 'router (match + dispatch)' : 'media router (match + dispatch)';
    if (name === 'onlyWhereItRoutes') name = 'media router (path check)';
    names.push(name);
    return timed(name, mw);
  });
  const callback = app.callback();
  app.middleware = untimed;
  const done: Array<{ t: Timing; finished: number }> = [];
  const server = http.createServer((req, res) => {
    const t: Timing = { arrived: now(), frames: [], self: new Map() };
    timings.set(req, t);
    res.once('finish', () => done.push({ t, finished: now() }));
    void callback(req, res);
  });
  const port = await listen(server);
  return { port, names, done, close: () => close(server) };
}

async function breakdown(
  api: TestApi,
  listener: Awaited<ReturnType<typeof timedListener>>,
  route: Route,
  headers: Record<string, string>,
): Promise<void> {
  const path = route.path.split('?')[0];
  const layer = api.running.router.stack.find((l) => l.path === path && l.methods.includes(route.method));
  if (!layer) throw new Error(`no route layer for ${pathOf(route)}`);
  const original = layer.stack;
  const routeNames = original.map((mw, i) =>
    i === original.length - 1
      ? 'route handler'
      : `route: ${mw.name === 'middleware' || !mw.name ? 'validate' : mw.name}`,
  );
  // Only requests to the timed listener carry timing state; the wrappers pass the others straight through.
  layer.stack = original.map((mw, i) => timed(routeNames[i]!, mw as Mw, i === original.length - 1));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const what = pathOf(route);
  try {
    for (let i = 0; i < WARMUP; i += 1) checkOk(await send(agent, listener.port, route, headers), what);
    listener.done.length = 0;
    for (let i = 0; i < BREAKDOWN; i += 1) checkOk(await send(agent, listener.port, route, headers), what);
  } finally {
    agent.destroy();
    layer.stack = original;
  }

  const done = listener.done.splice(0);
  const f = (n: number) => n.toFixed(3);
  const pick = (fn: (d: { t: Timing; finished: number }) => number) => median(done.map(fn));
  console.log(`\nper request, ${what}, medians of ${done.length} timed requests (ms):`);
  console.log(
    `  koa context (request event to first middleware): ${f(pick((d) => (d.t.firstMiddleware ?? NaN) - d.t.arrived))}`,
  );
  for (const name of [...listener.names, ...routeNames]) {
    console.log(`  ${name}: ${f(pick((d) => d.t.self.get(name) ?? 0))}`);
  }
  console.log(
    `  first middleware to route handler: ${f(pick((d) => (d.t.handler ?? NaN) - (d.t.firstMiddleware ?? NaN)))}`,
  );
  console.log(`  request event to response written: ${f(pick((d) => d.finished - d.t.arrived))}`);
}

async function main(): Promise<void> {
  const api = await startTestApi({
    // BENCH_API_ENV (JSON) adds or overrides settings, e.g. {"SESSION_CACHE_MS":"0"} to read the session every time.
    env: {
      LOG_LEVEL: 'info',
      SMS_IP_SENDS_PER_HOUR: '1000',
      ...(JSON.parse(process.env.BENCH_API_ENV ?? '{}') as Record<string, string>),
    },
    extraRoutes: (router) => benchRoutes(router),
  });
  try {
    const client = await signInByPhone(api.baseUrl, '+12025550777', ADULT);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = { cookie, accept: 'application/json' };
    const log = countLogLines(api);

    const f = (n: number) => n.toFixed(3);
    console.log(`${REQUESTS} sequential requests each after ${WARMUP} warm-up ones; p50 / p99 in ms`);
    for (const route of ROUTES) {
      const before = log.count();
      const t = await compare(api, route, headers);
      const apiLines = log.count() - before;
      const expected = 1 + WARMUP + REQUESTS;
      if (apiLines < expected)
        throw new Error(`${pathOf(route)}: ${apiLines} log lines for ${expected} requests`);
      t.api.sort((a, b) => a - b);
      t.bare.sort((a, b) => a - b);
      const [a50, a99, b50, b99] = [
        percentile(t.api, 50),
        percentile(t.api, 99),
        percentile(t.bare, 50),
        percentile(t.bare, 99),
      ];
      console.log(
        `${pathOf(route)}: api ${f(a50)} / ${f(a99)}, bare node:http ${f(b50)} / ${f(b99)}, stack cost ${f(a50 - b50)} / ${f(a99 - b99)}`,
      );
    }
    const access = JSON.parse(log.last()) as Record<string, unknown>;
    if (access.msg !== 'request' || typeof access.request_id !== 'string') {
      throw new Error(`the last log line is not an access-log line: ${log.last()}`);
    }

    const listener = await timedListener(api);
    try {
      for (const route of ROUTES) if (route.breakdown) await breakdown(api, listener, route, headers);
    } finally {
      await listener.close();
    }
  } finally {
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
