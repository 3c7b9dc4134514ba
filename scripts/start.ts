// `npm start`: the whole product on one machine. Builds the front-end apps that are missing or out of date, then runs
// the api, the five remotes' static servers and the shell's server, each line of output prefixed with its name.
// `npm run dev` runs `rspack serve` for every app instead. Ports: API_PORT, SHELL_PORT, EDITOR_PORT, BRAINSTORM_PORT,
// PLAYER_PORT, ACCOUNT_PORT, OPS_PORT.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildStaleApps, FRONT_END_APPS, portsFromEnv, REMOTE_APPS, ROOT, RSPACK_CLI, RSPACK_CONFIG_LOADER, SHELL, type FrontEndApp, type Ports } from './apps';
import { portAnswers, prefixedLogger, spawnService, type LogLine, type Service } from './services';

export { portsFromEnv, type Ports } from './apps';

/** The api may start embedded-mongo and seed demo content on first run. */
const API_READY_MS = 90_000;
const APP_READY_MS = 60_000;

export interface StartOptions {
  /** `rspack serve` for each app instead of built files and static servers. */
  dev?: boolean;
  ports: Ports;
  /** Environment for every child (DATA_DIR, LOG_LEVEL, REMOTE_*_URL, ...). */
  env?: NodeJS.ProcessEnv;
  log?: LogLine;
  /** Skip the up-to-date check and build nothing (the caller built already). */
  skipBuild?: boolean;
  /** Told of each service as it starts, so a caller can stop them even while startup is still running. */
  onService?: (service: Service) => void;
}

export interface RunningProduct {
  urls: Record<string, string>;
  services: Service[];
  /** Resolves with the first service that exits on its own. */
  firstExit: Promise<Service>;
  stop(): Promise<void>;
}

function tsxArgs(file: string, args: string[] = []): string[] {
  return ['--import', 'tsx', join(ROOT, file), ...args];
}

async function ensurePortFree(name: string, port: number): Promise<void> {
  if (await portAnswers(port)) throw new Error(`port ${port} (${name}) is already in use; set another port in the environment`);
}

/** The environment every child sees: ports, where the api is, and where the shell finds each remote. */
function childEnv(ports: Ports, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, ...env, API_PORT: String(ports.api), API_URL: env.API_URL ?? `http://localhost:${ports.api}` };
  for (const app of FRONT_END_APPS) out[app.portVariable] = String(ports[app.key]);
  return out;
}

/** Starts a remote's static server (built `dist`, CORS) on `port`. */
export async function startRemoteServer(app: FrontEndApp, port: number, log: LogLine, env: NodeJS.ProcessEnv = process.env): Promise<Service> {
  await ensurePortFree(app.dir, port);
  const service = spawnService(app.dir, process.execPath, tsxArgs('shell/server/static.ts', ['--dir', join(ROOT, app.dir, 'dist'), '--port', String(port)]), {
    cwd: ROOT,
    env,
    log,
  });
  await readyOrStop(service, port, APP_READY_MS);
  return service;
}

/** Starts the shell's server on `port`; `env` carries API_URL and any REMOTE_*_URL or *_PORT. */
export async function startShellServer(port: number, log: LogLine, env: NodeJS.ProcessEnv, name = 'shell'): Promise<Service> {
  await ensurePortFree(name, port);
  const service = spawnService(name, process.execPath, tsxArgs('shell/server/index.ts'), {
    cwd: ROOT,
    env: { ...env, SHELL_PORT: String(port) },
    log,
  });
  await readyOrStop(service, port, APP_READY_MS);
  return service;
}

async function readyOrStop(service: Service, port: number, timeoutMs: number): Promise<void> {
  try {
    await service.ready(port, timeoutMs);
  } catch (error) {
    await service.stop();
    throw error;
  }
}

async function startApi(ports: Ports, env: NodeJS.ProcessEnv, log: LogLine): Promise<Service> {
  await ensurePortFree('api', ports.api);
  // Calls recognise speech offline with Debian's pocketsphinx: installed when missing (without it a call's speech
  // is answered with an error, and everything else runs).
  if (spawnSync('bash', [join(ROOT, 'scripts', 'ensure-speech.sh')], { stdio: 'inherit' }).status !== 0) {
    console.warn('Speech recognition for calls is not installed (scripts/ensure-speech.sh failed)');
  }
  const service = spawnService('api', process.execPath, tsxArgs('api/src/main.ts'), {
    cwd: ROOT,
    env: { APP_ORIGIN: `http://localhost:${ports.shell}`, ...env, PORT: String(ports.api) },
    log,
  });
  await readyOrStop(service, ports.api, API_READY_MS);
  return service;
}

async function startDevServer(app: FrontEndApp, ports: Ports, env: NodeJS.ProcessEnv, log: LogLine): Promise<Service> {
  await ensurePortFree(app.dir, ports[app.key]);
  const service = spawnService(app.dir, process.execPath, [RSPACK_CLI, 'serve', ...RSPACK_CONFIG_LOADER], {
    cwd: join(ROOT, app.dir),
    env: { ...env, NODE_ENV: 'development' },
    log,
  });
  await readyOrStop(service, ports[app.key], APP_READY_MS);
  return service;
}

/**
 * Plays are shared as videos rendered by ffmpeg: Debian's package is installed when missing (scripts/ensure-ffmpeg.sh).
 * Without it the product still starts; only video renders fail, and the api says so.
 */
function ensureFfmpeg(): void {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'ensure-ffmpeg.sh')], { stdio: 'inherit' });
  if (r.status !== 0) console.warn('ffmpeg is not installed: sharing a play as a video will not work until it is');
}

/**
 * Starts the product and resolves once every port answers. On failure, whatever was started is stopped again.
 */
export async function startProduct(options: StartOptions): Promise<RunningProduct> {
  const { ports } = options;
  const log = options.log ?? prefixedLogger(['api', 'shell', ...REMOTE_APPS.map((a) => a.dir), ...FRONT_END_APPS.map((a) => `build ${a.dir}`)]);
  const env = childEnv(ports, options.env ?? {});
  const services: Service[] = [];
  const track = (service: Service) => {
    services.push(service);
    options.onService?.(service);
  };
  const stop = async () => {
    await Promise.all(services.splice(0).reverse().map((s) => s.stop()));
  };
  try {
    if (!options.dev && !options.skipBuild) {
      const built = await buildStaleApps({ log, env });
      log('start', built.length ? `built ${built.join(', ')}` : 'every front-end app is up to date');
    }
    track(await startApi(ports, env, log));
    for (const app of REMOTE_APPS) {
      track(options.dev ? await startDevServer(app, ports, env, log) : await startRemoteServer(app, ports[app.key], log, env));
    }
    track(options.dev ? await startDevServer(SHELL, ports, env, log) : await startShellServer(ports.shell, log, env));
  } catch (error) {
    await stop();
    throw error;
  }
  const urls = productUrls(ports);
  const firstExit = Promise.race(services.map((s) => s.exited.then(() => s)));
  return { urls, services, firstExit, stop };
}

/**
 * The addresses `npm start` prints, by app. Each answers when opened: the api's is its health check (a bare `/api`
 * has no route).
 */
export function productUrls(ports: Ports): Record<string, string> {
  const urls: Record<string, string> = { shell: `http://localhost:${ports.shell}/`, api: `http://localhost:${ports.api}/api/health` };
  for (const app of REMOTE_APPS) urls[app.dir] = `http://localhost:${ports[app.key]}/`;
  return urls;
}

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const ports = portsFromEnv(process.env);
  const started: Service[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(started.map((s) => s.stop()));
    process.exit(code);
  };
  // Installed before anything starts: a signal during the build or startup must still stop what is running.
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  // Last resort if this process ends any other way: leave no server behind.
  process.once('exit', () => started.forEach((s) => s.running && s.child.kill('SIGKILL')));

  ensureFfmpeg();
  const product = await startProduct({ dev, ports, onService: (s) => started.push(s) });
  if (stopping) return;
  console.log(`\nStoryverse is running${dev ? ' (development servers)' : ''}:`);
  for (const [name, url] of Object.entries(product.urls)) console.log(`  ${name.padEnd(15)} ${url}`);
  console.log('\nOpen the shell URL in a browser. Ctrl-C stops everything.\n');

  const exited = await product.firstExit;
  if (!stopping) {
    console.error(`${exited.name} stopped unexpectedly; stopping the rest`);
    await shutdown(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
