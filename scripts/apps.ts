// The front-end apps, their ports, and building the ones whose `dist` is missing or older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnService, type LogLine } from './services';

export const ROOT = resolve(__dirname, '..');

export interface FrontEndApp {
  /** Workspace folder. */
  dir: string;
  /** Key in Ports. */
  key: 'shell' | 'editor' | 'brainstorm' | 'player' | 'account' | 'ops';
  portVariable: string;
  defaultPort: number;
}

export const SHELL: FrontEndApp = { dir: 'shell', key: 'shell', portVariable: 'SHELL_PORT', defaultPort: 8080 };
export const REMOTE_APPS: readonly FrontEndApp[] = [
  { dir: 'mfe-editor', key: 'editor', portVariable: 'EDITOR_PORT', defaultPort: 8081 },
  { dir: 'mfe-brainstorm', key: 'brainstorm', portVariable: 'BRAINSTORM_PORT', defaultPort: 8082 },
  { dir: 'mfe-player', key: 'player', portVariable: 'PLAYER_PORT', defaultPort: 8083 },
  { dir: 'mfe-account', key: 'account', portVariable: 'ACCOUNT_PORT', defaultPort: 8084 },
  { dir: 'mfe-ops', key: 'ops', portVariable: 'OPS_PORT', defaultPort: 8085 },
];
export const FRONT_END_APPS: readonly FrontEndApp[] = [SHELL, ...REMOTE_APPS];

export type Ports = Record<FrontEndApp['key'] | 'api', number>;

/** Ports from SHELL_PORT, EDITOR_PORT, ..., API_PORT, each defaulting to the agreed one; a bad value is named. */
export function portsFromEnv(env: NodeJS.ProcessEnv): Ports {
  const read = (variable: string, fallback: number): number => {
    const raw = env[variable]?.trim();
    if (!raw) return fallback;
    const port = Number(raw);
    if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
      throw new Error(`${variable} must be a port number between 1 and 65535, got "${raw}"`);
    }
    return port;
  };
  const ports = { api: read('API_PORT', 3000) } as Ports;
  for (const app of FRONT_END_APPS) ports[app.key] = read(app.portVariable, app.defaultPort);
  const seen = new Map<number, string>();
  for (const [key, port] of Object.entries(ports)) {
    const other = seen.get(port);
    if (other) throw new Error(`${other} and ${key} are both set to port ${port}`);
    seen.set(port, key);
  }
  return ports;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * What a bundle is made of: the app's sources, the one base config, shared-kit and ui-kit (bundled into every app),
 * with the kits' package.json (their entries and `sideEffects` decide what a bundle keeps).
 */
function inputsOf(app: FrontEndApp): string[] {
  const dir = join(ROOT, app.dir);
  return [
    join(dir, 'src'),
    join(dir, 'public'),
    join(dir, 'rspack.config.ts'),
    join(dir, 'package.json'),
    join(ROOT, 'rspack.base.ts'),
    join(ROOT, 'shared-kit', 'src'),
    join(ROOT, 'shared-kit', 'package.json'),
    join(ROOT, 'ui-kit', 'src'),
    join(ROOT, 'ui-kit', 'package.json'),
  ];
}

/** Files every finished build writes; the oldest of them dates the build. */
const BUILD_OUTPUTS = ['index.html', 'mf-manifest.json'];

export function isStale(app: FrontEndApp): boolean {
  const dist = join(ROOT, app.dir, 'dist');
  const outputs = BUILD_OUTPUTS.map((f) => join(dist, f));
  if (!outputs.every((f) => existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return inputsOf(app).some((input) => newestMtime(input) > built);
}

export const RSPACK_CLI = join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
/**
 * How the rspack CLI loads each app's rspack.config.ts: with its TypeScript loader on every Node.js version (also
 * each app's `build` and `dev` scripts). Left to choose, it first tries Node's own type stripping where the version
 * has it, which cannot load these configurations (extensionless imports, `__dirname`) and, on Node 24 and later,
 * warns that the package has no module type before it falls back.
 */
export const RSPACK_CONFIG_LOADER = ['--config-loader', 'jiti'] as const;

async function build(app: FrontEndApp, log: LogLine, env: NodeJS.ProcessEnv): Promise<void> {
  const service = spawnService(`build ${app.dir}`, process.execPath, [RSPACK_CLI, 'build', ...RSPACK_CONFIG_LOADER], {
    cwd: join(ROOT, app.dir),
    env: { ...env, NODE_ENV: 'production' },
    log,
  });
  const code = await service.exited;
  if (code !== 0) throw new Error(`building ${app.dir} failed (exit ${code}):\n${service.tail.join('\n')}`);
}

/**
 * Builds the apps that need it, `concurrency` at a time (two suits a two-core machine: rspack is itself parallel).
 * Returns the folders built.
 */
export async function buildStaleApps(options: {
  log: LogLine;
  apps?: readonly FrontEndApp[];
  force?: boolean;
  concurrency?: number;
  env?: NodeJS.ProcessEnv;
}): Promise<string[]> {
  const queue = (options.apps ?? FRONT_END_APPS).filter((app) => options.force || isStale(app));
  const built: string[] = [];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      await build(app, options.log, options.env ?? process.env);
      built.push(app.dir);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  return built;
}
