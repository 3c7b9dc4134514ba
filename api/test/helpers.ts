import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Envelope } from 'shared-kit';
import { loadConfig, type Config } from '../src/config';
import { connectDb, type Db } from '../src/db';
import { createLogger, type Logger } from '../src/lib/logger';
import { createEventBus, type EventBus } from '../src/realtime/events';
import type { ResolveUser } from '../src/realtime';
import { startServer, type RunningServer } from '../src/server';
import type { AppOptions } from '../src/app';

/** Captures pino's JSON lines so tests can assert on what was logged. */
export class LogCapture extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
  /** Lines whose serialised form contains `text`. */
  find(text: string): Array<Record<string, unknown>> {
    return this.lines.filter((l) => JSON.stringify(l).includes(text));
  }
}

export interface TestApi {
  baseUrl: string;
  config: Config;
  logs: LogCapture;
  logger: Logger;
  events: EventBus;
  db: Db;
  running: RunningServer;
  stop(): Promise<void>;
}

export interface TestApiOptions extends Omit<AppOptions, 'server'> {
  env?: Record<string, string>;
  resolveUser?: ResolveUser;
  /** Milliseconds since the epoch for the app's time-based rules (sessions, sign-in codes). */
  clock?: () => number;
}

/** The real server on an ephemeral port, backed by an embedded-mongo in a temporary folder. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const logs = new LogCapture();
  const logger = createLogger({ level: config.logLevel, destination: logs });
  const db = await connectDb(config, logger);
  const events = createEventBus(logger);
  let running: RunningServer;
  try {
    running = await startServer(config, { logger, db, events, resolveUser: options.resolveUser, clock: options.clock }, options);
  } catch (err) {
    await db.close();
    throw err;
  }
  return {
    baseUrl: running.url,
    config,
    logs,
    logger,
    events,
    db,
    running,
    async stop() {
      await running.stop(2000);
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** fetch + JSON body, for envelope assertions. */
export async function call<T = unknown>(baseUrl: string, pathAndQuery: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const res = await fetch(baseUrl + pathAndQuery, init);
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`Expected JSON from ${pathAndQuery}, got HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** A browser-like caller: keeps the cookies the api sets and sends them back. */
export class CookieClient {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie lines of the last response. */
  lastSetCookie: string[] = [];

  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(pathAndQuery: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await call<T>(this.baseUrl, pathAndQuery, { ...init, headers });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post<T = unknown>(pathAndQuery: string, body: unknown = {}): Promise<JsonResponse<T>> {
    return this.call<T>(pathAndQuery, postJson(body));
  }
}

/** The newest sign-in code the outbox holds for `phone` (development and test only). */
export async function outboxCode(baseUrl: string, phone: string): Promise<string> {
  const res = await call<{ messages: Array<{ to: string; text: string }> }>(
    baseUrl,
    `/api/dev/sms_outbox?phone=${encodeURIComponent(phone)}`,
  );
  const text = res.body.data?.messages[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${phone}: ${JSON.stringify(res.body)}`);
  return code;
}

/** Signs a new client in by phone through the outbox; optionally answers the first-sign-in confirmation. */
export async function signInByPhone(
  baseUrl: string,
  phone: string,
  options: { confirm?: { is_adult: boolean; agree_terms: boolean } } = {},
): Promise<CookieClient> {
  const client = new CookieClient(baseUrl);
  const sent = await client.post('/api/passport/sms/send', { phone });
  if (sent.body.status_code !== 0) throw new Error(`sms/send failed: ${JSON.stringify(sent.body)}`);
  const code = await outboxCode(baseUrl, phone);
  const login = await client.post('/api/passport/sms/login', { phone, code });
  if (login.body.status_code !== 0) throw new Error(`sms/login failed: ${JSON.stringify(login.body)}`);
  if (options.confirm) {
    const confirmed = await client.post('/api/tyler/user/log_in_confirm', options.confirm);
    if (confirmed.body.status_code !== 0) throw new Error(`log_in_confirm failed: ${JSON.stringify(confirmed.body)}`);
  }
  return client;
}
