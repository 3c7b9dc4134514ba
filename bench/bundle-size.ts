// Bundle-size budgets of the front end: `npx tsx bench/bundle-size.ts`.
//
// Method (gzip level 9 of each file, summed; 1 KB = 1024 bytes):
// - Shell critical path: what the browser must run before the shell's first paint. That is every <script> of
//   shell/dist/index.html, the chunks of the `import('./bootstrap')` chunk group (found in the build's stats by the
//   origin request './bootstrap'), and the chunks of every shared singleton the shell provides (the chunks whose
//   origin is a `provide shared module`), since the bootstrap awaits them before rendering. The manifest's
//   `shared[].assets.js.sync` is not used for this: it also lists the shell's fallback copies, never fetched on its page.
//   To get the stats, the shell is built once more here with `rspack build --json` (BUNDLE_STATS=1), the same
//   CLI build `npm start` makes, so the files measured are the files served.
// - Each remote: remoteEntry.js plus the synchronous chunks of its `./App` expose (`exposes[].assets.js.sync` in the
//   remote's mf-manifest.json). Shared singletons are not counted there: the shell provides them, and so the
//   federation runtime, which a production remote's entry takes from the page (counted in the shell's main.js).
// Targets (budgets that stop growth): the shell <= 205 KB (react-dom, react-router and the federation runtime alone
// are about 130 KB, the floor of the chosen stack), each remote <= 40 KB.
// Apps whose dist is missing or stale are built first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { StatsCompilation } from '@rspack/core';
import { buildStaleApps, REMOTE_APPS, ROOT } from '../scripts/apps';

const SHELL_BUDGET_KB = 205;
const REMOTE_BUDGET_KB = 40;

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

export function gzipKb(dir: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
  return bytes / 1024;
}

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
}

/** Builds the app in `appDir` with the rspack CLI and returns its chunk stats. */
function buildWithStats(appDir: string): StatsCompilation {
  const tmp = mkdtempSync(join(tmpdir(), 'bundle-stats-'));
  const file = join(tmp, 'stats.json');
  try {
    const cli = join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
    const r = spawnSync(process.execPath, [cli, 'build', '--config-loader', 'jiti', '--json', file], {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production', BUNDLE_STATS: '1' },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`building ${appDir} failed:\n${r.stderr || r.stdout}`);
    return JSON.parse(readFileSync(file, 'utf8')) as StatsCompilation;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The shell's critical-path files, relative to `dist`, given its production config. */
export function shellCriticalFiles(appDir: string): string[] {
  const dist = join(appDir, 'dist');
  const stats = buildWithStats(appDir);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="\/?([^"]+)"/g)) if (m[1]) files.add(m[1]);
  const bootstrap = (stats.chunks ?? []).filter((c) => (c.origins ?? []).some((o) => o.request === './bootstrap'));
  if (bootstrap.length === 0) throw new Error('no chunk for ./bootstrap in the shell build: is src/index.ts `import(\'./bootstrap\')`?');
  for (const chunk of bootstrap) for (const f of chunk.files ?? []) if (f.endsWith('.js')) files.add(f);
  const providers = (stats.chunks ?? []).filter((c) => (c.origins ?? []).some((o) => o.moduleIdentifier?.startsWith('provide shared module ')));
  if (providers.length === 0) throw new Error('no chunk of a provided shared module in the shell build');
  for (const chunk of providers) for (const f of chunk.files ?? []) if (f.endsWith('.js')) files.add(f);
  return [...files];
}

function line(label: string, kb: number, budget: number, files: string[]): boolean {
  const pass = kb <= budget;
  console.log(`${label.padEnd(28)} ${kb.toFixed(1).padStart(7)} KB gzip  (target <= ${budget} KB)  ${pass ? 'PASS' : 'FAIL'}  [${files.length} files]`);
  return pass;
}

async function main(): Promise<void> {
  const built = await buildStaleApps({ log: (name, text) => (/error/i.test(text) ? console.error(`${name} | ${text}`) : undefined) });
  if (built.length) console.log(`built ${built.join(', ')}`);

  let ok = true;
  try {
    const shellFiles = shellCriticalFiles(join(ROOT, 'shell'));
    ok = line('shell critical path', gzipKb(join(ROOT, 'shell', 'dist'), shellFiles), SHELL_BUDGET_KB, shellFiles) && ok;
  } catch (error) {
    console.log(`${'shell critical path'.padEnd(28)} not measured: ${error instanceof Error ? error.message : String(error)}  FAIL`);
    ok = false;
  }

  for (const app of REMOTE_APPS) {
    const dist = join(ROOT, app.dir, 'dist');
    const expose = readManifest(dist).exposes.find((e) => e.path === './App');
    if (!expose) throw new Error(`${app.dir} does not expose ./App`);
    const files = ['remoteEntry.js', ...expose.assets.js.sync];
    ok = line(`${app.dir} entry + ./App`, gzipKb(dist, files), REMOTE_BUDGET_KB, files) && ok;
  }
  if (!ok) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
