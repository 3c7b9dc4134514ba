#!/usr/bin/env node
// Runs every test of the product: typecheck, lint, each workspace's jest suite and the Playwright e2e suite.
// Each suite writes a JSON report; the last line printed is the total, `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { printNames, readJestReport, readPlaywrightReport } from './test-reports.mjs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const jestSuites = ['shared-kit', 'ui-kit', 'embedded-mongo', 'api', 'shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];
const only = process.argv.slice(2);
/**
 * The api's suite runs its files three at a time on the machine's two cores: much of a file's time is spent waiting on
 * its servers, child processes and timers (the product's clock reaching a region's midnight), not computing; two at a
 * time kept 1.6 cores busy and took 476 s, three 1.85 cores and 394 s (API_TEST_WORKERS changes it; 1 runs them one
 * by one).
 */
const API_TEST_WORKERS = process.env.API_TEST_WORKERS ?? '3';
/**
 * The browser suite runs as E2E_SHARDS parts at once (1 runs it whole), each part a whole product of its own on its
 * own ports and data folder, so no spec sees another's data; the spec files are split by their measured times
 * (scripts/spec-times.mjs). A part keeps about half a core busy, most of its time waiting on pages, streams and
 * timers: three parts fill the machine's two cores where two left them half idle.
 */
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 3) || 1);
const FRONT_END_APPS = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];
const selected = (name) => only.length === 0 || only.includes(name);

/** A failed test runs once more before it counts (jest and Playwright); one that passes then is named as flaky. */
const TEST_RETRIES = process.env.TEST_RETRIES ?? '1';

let passed = 0;
let failed = 0;
const problems = [];
/** Names of the tests that failed, and of those that passed only on a second try, printed above the total. */
const failedTests = [];
const flakyTests = [];

/** Each step's label and seconds, printed above the total (where a long run's time went). */
const stepTimes = [];
const timed = (label, since) => stepTimes.push({ label, seconds: Math.round((Date.now() - since) / 1000) });

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const since = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_RETRIES, ...env } });
  timed(label, since);
  return r.status ?? 1;
}

function count({ passed: p, failed: f, failedTests: names, flakyTests: flaky }) {
  failedTests.push(...names);
  flakyTests.push(...flaky);
  return { passed: p, failed: f };
}

if (selected('typecheck')) {
  if (run('typecheck', 'npx', ['lerna', 'run', 'typecheck', '--concurrency', '2']) !== 0) problems.push('typecheck');
  // The benchmarks import the api's and the kit's files: a move there must not leave one that no longer starts.
  else if (run('typecheck bench', 'npx', ['tsc', '-p', 'bench']) !== 0) problems.push('typecheck');
}
if (selected('lint')) {
  if (run('lint', 'npm', ['run', 'lint']) !== 0) problems.push('lint');
}

for (const ws of jestSuites) {
  if (!selected(ws) || !existsSync(join(root, ws, 'jest.config.cjs'))) continue;
  // The api's call tests speak with eSpeak NG and recognise with pocketsphinx (Debian packages, installed when missing).
  if (ws === 'api' && run('speech tools', 'bash', ['scripts/ensure-speech.sh']) !== 0) problems.push('speech tools install');
  const out = join(reports, `${ws}.json`);
  // --forceExit: once the suite has reported, jest ends even if a test whose server start timed out left that server
  // open (jest names the suite); otherwise the whole run waits on it forever and never prints its total.
  const workers = ws === 'api' ? [`--maxWorkers=${API_TEST_WORKERS}`] : [];
  const code = run(`tests ${ws}`, 'npx', ['jest', '-c', join(ws, 'jest.config.cjs'), '--ci', '--forceExit', ...workers, '--json', `--outputFile=${out}`]);
  if (!existsSync(out)) {
    failed += 1;
    problems.push(`${ws} (no report, exit ${code})`);
    continue;
  }
  const c = count(readJestReport(out, root, ws));
  passed += c.passed;
  failed += c.failed;
  if (code !== 0) problems.push(`${ws} (exit ${code})`);
}

/**
 * The spec files split into `total` parts of about the same time: each file's seconds from the last measured run
 * (e2e/spec-times.json; a file not in it counts as the median), the longest first, each to the part with least so far.
 */
function specParts(total) {
  const dir = join(root, 'e2e', 'tests');
  const files = readdirSync(dir).filter((f) => f.endsWith('.spec.ts')).sort();
  const times = JSON.parse(readFileSync(join(root, 'e2e', 'spec-times.json'), 'utf8'));
  const known = Object.values(times).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 30;
  const parts = Array.from({ length: total }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => (times[b] ?? median) - (times[a] ?? median) || a.localeCompare(b))) {
    const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least));
    part.files.push(file);
    part.seconds += times[file] ?? median;
  }
  // Each file by an anchored pattern (Playwright reads the arguments as regular expressions over the file's path).
  return parts.map((p) => p.files.sort().map((f) => `/tests/${f.replace(/[.]/g, '\\.')}$`));
}

/** Runs one part of the browser suite with its output prefixed by the part's name; resolves with its exit code. */
function runShard(index, total, files = []) {
  const name = total > 1 ? `e2e ${index}/${total}` : 'e2e';
  const out = join(reports, total > 1 ? `e2e-${index}.json` : 'e2e.json');
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...files];
  // Each part: its own ports (E2E_PORT_BASE and the ten after it, E2E_API_PORT), output folder and product log.
  const env =
    total > 1
      ? {
          E2E_PORT_BASE: String(Number(process.env.E2E_PORT_BASE ?? 8180) + (index - 1) * 20),
          E2E_API_PORT: String(Number(process.env.E2E_API_PORT ?? 3100) + (index - 1) * 20),
          E2E_OUTPUT_DIR: join(root, 'e2e', 'test-results', `part-${index}`),
          E2E_PRODUCT_LOG: join(reports, `e2e-product-${index}.log`),
        }
      : {};
  console.log(`\n=== tests ${name}: npx ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, env: { ...process.env, TEST_RETRIES, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out }, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = total > 1 ? `[${name}] ` : '';
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) sink.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && sink.write(`${prefix}${rest}\n`));
    }
    child.on('error', () => resolve({ out, code: 1 }));
    child.on('close', (code) => resolve({ out, code: code ?? 1 }));
  });
}

if (selected('e2e')) {
  if (run('browser', 'bash', ['scripts/ensure-chromium.sh']) !== 0) problems.push('chromium install');
  // Built once before the parts start (each part's setup would otherwise build the same apps at once).
  if (run('build of every app', 'npm', ['run', 'build', ...FRONT_END_APPS.flatMap((app) => ['-w', app])]) !== 0) problems.push('build');
  const split = E2E_SHARDS > 1 ? specParts(E2E_SHARDS) : [[]];
  const since = Date.now();
  const parts = await Promise.all(split.map((files, i) => runShard(i + 1, split.length, files).then((r) => (timed(`tests e2e ${i + 1}/${split.length}`, since), r))));
  for (const { out, code } of parts) {
    if (existsSync(out)) {
      const c = count(readPlaywrightReport(out));
      passed += c.passed;
      failed += c.failed;
    } else failed += 1;
    if (code !== 0) problems.push(`e2e (exit ${code})`);
  }
}

console.log('\nTime per step:');
for (const t of stepTimes) console.log(`  ${t.label.padEnd(28)} ${String(t.seconds).padStart(5)} s`);
printNames({ failedTests, flakyTests });
if (problems.length) console.log(`\nProblems: ${problems.join(', ')}`);
if (problems.length && failed === 0) failed = problems.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
