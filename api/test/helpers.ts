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
    running = await startServer(config, { logger, db, events, resolveUser: options.resolveUser }, options);
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
