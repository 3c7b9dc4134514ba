#!/usr/bin/env node
// Runs every test of the product: typecheck, lint, each workspace's jest suite and the Playwright e2e suite.
// Each suite writes a JSON report; the last line printed is the total, `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const jestSuites = ['shared-kit', 'ui-kit', 'embedded-mongo', 'api', 'shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];
const only = process.argv.slice(2);
const selected = (name) => only.length === 0 || only.includes(name);

let passed = 0;
let failed = 0;
const problems = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function countJest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
}

function countPlaywright(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0) };
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
  const out = join(reports, `${ws}.json`);
  // --forceExit: once the suite has reported, jest ends even if a test whose server start timed out left that server
  // open (jest names the suite); otherwise the whole run waits on it forever and never prints its total.
  const code = run(`tests ${ws}`, 'npx', ['jest', '-c', join(ws, 'jest.config.cjs'), '--ci', '--forceExit', '--json', `--outputFile=${out}`]);
  if (!existsSync(out)) {
    failed += 1;
    problems.push(`${ws} (no report, exit ${code})`);
    continue;
  }
  const c = countJest(out);
  passed += c.passed;
  failed += c.failed;
  if (code !== 0) problems.push(`${ws} (exit ${code})`);
}

if (selected('e2e')) {
  if (run('browser', 'bash', ['scripts/ensure-chromium.sh']) !== 0) problems.push('chromium install');
  const out = join(reports, 'e2e.json');
  const code = run('tests e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (existsSync(out)) {
    const c = countPlaywright(out);
    passed += c.passed;
    failed += c.failed;
  } else failed += 1;
  if (code !== 0) problems.push(`e2e (exit ${code})`);
}

if (problems.length) console.log(`\nProblems: ${problems.join(', ')}`);
if (problems.length && failed === 0) failed = problems.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
