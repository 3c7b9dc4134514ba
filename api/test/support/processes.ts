import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startEmbeddedMongoThread } from 'embedded-mongo';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { DB_NAME } from '../../src/db';
import { call, CookieClient, signInByPhone, type JsonResponse } from '../helpers';

/*
 * Several real api processes on one database, for tests that cross an action between processes.
 *
 *   const procs = await startApiProcesses({ count: 2, env: fake.apiEnv });
 *   const [a, b] = procs.processes;
 *   const alice = await a.signIn('+12025550123');      // a CookieClient bound to process A
 *   const sameUserOnB = b.as(alice);                   // the same cookies, sent to process B
 *   await sameUserOnB.post('/api/...', {...});
 *   a.kill();                                          // SIGKILL, no shutdown
 *   await procs.stop();                                // every process, then the database
 *
 * One embedded-mongo is started once, in this process on its own worker thread, listening on loopback TCP; every
 * api process is a child `node --import tsx api/src/main.ts` (the production entry, NODE_ENV=test: no demo seed)
 * with `MONGODB_URI` pointing at it, on its own ephemeral port, so a test addresses each process by its base URL.
 * `env` is passed to every child (and `ApiProcesses.add` can give one more process extra variables): point the
 * model provider at the loopback fake with `env: fake.apiEnv` (`api/test/support/fakeOpenAI.ts`); the fake runs
 * in the test process and records the requests of every child.
 *
 * A child's stdout (pino JSON lines) is kept in `ApiProcess.logs`; its stderr is kept too and printed with the error
 * when the child fails to start. Children are started with the parent's environment minus anything the api reads
 * (so a developer's shell cannot change a test), plus NODE_ENV=test, HOST=127.0.0.1, PORT=0, LOG_LEVEL=info.
 *
 * `startApiCluster` starts the product's own multi-process mode instead (`API_WORKERS=N`, one port, the primary
 * owning the embedded database), for tests of that mode.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const MAIN = path.join(REPO_ROOT, 'api', 'src', 'main.ts');
/** Starting a child (tsx compiling the api, connecting) takes a few seconds on a busy machine; this bounds it. */
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** What a test does against one address: an api process, or the cluster's shared port. */
export interface ApiEndpoint {
  readonly baseUrl: string;
  /** fetch + JSON against this address (`call` from the helpers). */
  call<T = unknown>(pathAndQuery: string, init?: RequestInit): Promise<JsonResponse<T>>;
  /** A new cookie-keeping client (no session yet) bound to this address. */
  client(): CookieClient;
  /** `other`'s cookies (its session), sent to this address; the two clients share nothing afterwards. */
  as(other: CookieClient): CookieClient;
  /**
   * Signs in by phone through this address (code request, outbox, login, and the first-sign-in confirmation unless
   * `confirm: false`); returns a client bound to this address.
   */
  signIn(phone: string, options?: { confirm?: false | { is_adult: boolean; agree_terms: boolean } }): Promise<CookieClient>;
  /**
   * A socket.io client connected here over websocket, with `client`'s session cookie when given (and `query`, e.g.
   * `{ watch_story: id }`); it resolves once the server said `ready` (the socket has joined its rooms). Close it when
   * done.
   */
  socket(client?: CookieClient, query?: Record<string, string>): Promise<ApiSocket>;
}

export interface ApiSocket {
  readonly socket: ClientSocket;
  /** The process holding the socket, from the server's `ready` message (`<host>:<pid>`, as in health). */
  readonly process: string;
  /** Every `push` received so far, in order. */
  readonly pushes: Array<Record<string, unknown>>;
  /** When each of `pushes` arrived (`performance.now()`). */
  readonly arrivals: number[];
  /** Resolves with the first push (already received or to come) for which `match` holds; rejects after `timeoutMs`. */
  waitForPush(match: (push: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): void;
}

export interface ApiProcess extends ApiEndpoint {
  /** 'A', 'B', ... in start order. */
  readonly name: string;
  readonly pid: number;
  /** The child's stdout, parsed (pino JSON lines); non-JSON lines are kept as `{ msg: line }`. */
  readonly logs: Array<Record<string, unknown>>;
  /** Resolves with the exit code (or signal name) once the child has exited. */
  readonly exited: Promise<number | string>;
  /** True once the child has exited. */
  readonly dead: boolean;
  /** Kills the child with SIGKILL (no shutdown at all) and waits until it has exited. */
  kill(): Promise<void>;
  /** Sends SIGTERM (the graceful shutdown) and waits until it has exited. */
  stop(): Promise<void>;
}

export interface ApiProcesses {
  /** The database every process uses (`mongodb://127.0.0.1:<port>/storyverse`). */
  readonly mongoUri: string;
  /** The processes in start order, killed ones included. */
  readonly processes: ApiProcess[];
  /** Starts one more api process on the same database (with `env` on top of the shared env). */
  add(env?: Record<string, string>): Promise<ApiProcess>;
  /** Stops the database and starts it again on the same port and files (the api processes keep running). */
  restartDatabase(): Promise<void>;
  /** Stops every process still running (SIGTERM, then SIGKILL past a deadline), then the database. */
  stop(): Promise<void>;
}

export interface StartApiProcessesOptions {
  /** How many api processes (default 2). */
  count?: number;
  /** Variables for every child, e.g. `fake.apiEnv`, `DAILY_CHAT_LIMIT`, `SESSION_CACHE_MS`. */
  env?: Record<string, string>;
  /** Run the database as a one-member replica set of this name (change streams: what SOCKET_ADAPTER=mongo needs). */
  replSet?: string;
}

/** Variables the api reads (its config schema's keys and API_WORKERS): a child never inherits them. */
function inheritedEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(NODE_ENV|PORT|HOST|MONGODB_URI|DATA_DIR|LOG_LEVEL|API_WORKERS|SESSION_|LLM_|SMS_|JEST_WORKER_ID)/.test(k)) continue;
    out[k] = v;
  }
  return out;
}

interface SpawnedChild {
  child: ChildProcess;
  logs: Array<Record<string, unknown>>;
  stderr: string[];
  exited: Promise<number | string>;
}

function spawnApi(env: Record<string, string>): SpawnedChild {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...inheritedEnv(), NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const stderr: string[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      logs.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      logs.push({ msg: text });
    }
  });
  readline.createInterface({ input: child.stderr! }).on('line', (text) => stderr.push(text));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, logs, stderr, exited };
}

/** Waits for a log line matching `match`; rejects when the child exits first or the time runs out. */
async function waitForLog(
  spawned: SpawnedChild,
  match: (line: Record<string, unknown>) => boolean,
  what: string,
  timeoutMs = START_TIMEOUT_MS,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void spawned.exited.then((code) => {
    exitedWith = code;
  });
  for (;;) {
    const found = spawned.logs.find(match);
    if (found) return found;
    if (exitedWith !== undefined || Date.now() > deadline) {
      const why = exitedWith !== undefined ? `exited (${exitedWith})` : `did not log it within ${timeoutMs} ms`;
      throw new Error(`api process ${why} before ${what}:\n${[...spawned.stderr, ...spawned.logs.map((l) => JSON.stringify(l))].slice(-40).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function terminate(spawned: SpawnedChild): Promise<void> {
  if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  spawned.child.kill('SIGTERM');
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await spawned.exited;
  clearTimeout(timer);
}

/** The helpers of `ApiEndpoint` for one base URL. */
export function endpoint(baseUrl: string): ApiEndpoint {
  return {
    baseUrl,
    call: (pathAndQuery, init) => call(baseUrl, pathAndQuery, init),
    client: () => new CookieClient(baseUrl),
    as(other) {
      const client = new CookieClient(baseUrl);
      for (const [k, v] of other.cookies) client.cookies.set(k, v);
      return client;
    },
    signIn: (phone, options = {}) =>
      signInByPhone(baseUrl, phone, {
        confirm: options.confirm === false ? undefined : (options.confirm ?? { is_adult: true, agree_terms: true }),
      }),
    socket: (client, query) => connectTo(baseUrl, client, query),
  };
}

function bindProcess(name: string, baseUrl: string, spawned: SpawnedChild): ApiProcess {
  let dead = false;
  void spawned.exited.then(() => {
    dead = true;
  });
  return {
    ...endpoint(baseUrl),
    name,
    pid: spawned.child.pid!,
    logs: spawned.logs,
    exited: spawned.exited,
    get dead() {
      return dead;
    },
    async kill() {
      if (!dead) spawned.child.kill('SIGKILL');
      await spawned.exited;
    },
    stop: () => terminate(spawned),
  };
}

/** A websocket socket.io client on `baseUrl`, resolved once the server has said `ready`. */
export function connectTo(baseUrl: string, client?: CookieClient, query?: Record<string, string>): Promise<ApiSocket> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const socket = connectSocket(baseUrl, {
    path: '/socket.io',
    query,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
  const pushes: Array<Record<string, unknown>> = [];
  const arrivals: number[] = [];
  const waiters = new Set<() => void>();
  socket.on('push', (push: Record<string, unknown>) => {
    pushes.push(push);
    arrivals.push(performance.now());
    for (const w of [...waiters]) w();
  });
  function waitForPush(match: (push: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pushes.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching push within ${timeoutMs} ms; got ${JSON.stringify(pushes)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`socket on ${baseUrl} not ready within 10 s`));
    }, 10_000);
    socket.once('ready', (ready: { process: string }) => {
      clearTimeout(timer);
      resolve({ socket, process: ready.process, pushes, arrivals, waitForPush, close: () => socket.disconnect() });
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.disconnect();
      reject(err);
    });
  });
}

/** Starts the database and `count` api processes on it (in parallel); see the file's comment. */
export async function startApiProcesses(options: StartApiProcessesOptions = {}): Promise<ApiProcesses> {
  const { count = 2, env = {}, replSet } = options;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-procs-'));
  let mongo = await startEmbeddedMongoThread({ dbPath: path.join(dataDir, 'mongo'), port: 0, host: '127.0.0.1', replSet });
  const mongoUri = `mongodb://127.0.0.1:${mongo.port}/${DB_NAME}`;
  const spawned: SpawnedChild[] = [];
  const processes: ApiProcess[] = [];

  async function add(extra: Record<string, string> = {}): Promise<ApiProcess> {
    const s = spawnApi({ ...env, ...extra, MONGODB_URI: mongoUri, DATA_DIR: dataDir });
    spawned.push(s);
    const name = String.fromCharCode(65 + spawned.length - 1);
    const listening = await waitForLog(s, (l) => l.msg === 'listening' && typeof l.url === 'string', 'listening');
    const proc = bindProcess(name, String(listening.url), s);
    processes.push(proc);
    processes.sort((x, y) => x.name.localeCompare(y.name));
    return proc;
  }

  async function stop(): Promise<void> {
    await Promise.all(spawned.map(terminate));
    await mongo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  try {
    await Promise.all(Array.from({ length: count }, () => add()));
  } catch (err) {
    await stop();
    throw err;
  }
  async function restartDatabase(): Promise<void> {
    const port = mongo.port;
    await mongo.stop();
    mongo = await startEmbeddedMongoThread({ dbPath: path.join(dataDir, 'mongo'), port, host: '127.0.0.1', replSet });
  }

  return { mongoUri, processes, add, restartDatabase, stop };
}

/** The product's multi-process mode; `baseUrl` (and the endpoint helpers) is the one address every worker serves. */
export interface ApiCluster extends ApiEndpoint {
  /** The primary's pid. */
  readonly pid: number;
  readonly logs: Array<Record<string, unknown>>;
  /** SIGTERM to the primary (which stops its workers), then waits for it to exit; returns its exit code. */
  stop(): Promise<number | string>;
}

/**
 * `API_WORKERS=workers npm start` as a child, with the embedded database in a temporary folder: above one worker the
 * primary starts the database and forks the workers, and this resolves once it logs that every worker serves; with
 * one, the api runs as the single process `npm start` runs by default.
 */
export async function startApiCluster(options: { workers: number; env?: Record<string, string> }): Promise<ApiCluster> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-cluster-'));
  const s = spawnApi({ ...options.env, API_WORKERS: String(options.workers), DATA_DIR: dataDir });
  try {
    // One worker is the plain single process (no primary); more log once every worker serves.
    // Two starts one after the other (the primary and its database, then the workers, in parallel): twice the bound.
    const ready = await waitForLog(s, (l) => (l.msg === 'workers listening' || l.msg === 'listening') && typeof l.url === 'string', 'listening', 2 * START_TIMEOUT_MS);
    return {
      ...endpoint(String(ready.url)),
      pid: s.child.pid!,
      logs: s.logs,
      async stop() {
        await terminate(s);
        await rm(dataDir, { recursive: true, force: true });
        return s.exited;
      },
    };
  } catch (err) {
    await terminate(s);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
