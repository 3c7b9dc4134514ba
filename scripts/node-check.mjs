#!/usr/bin/env node
// The checks CI runs on each supported Node.js line beside the reference one (which runs every test), with the
// `node` first on PATH: `npm install` (no EBADENGINE warning), a build of every front-end app, `npm start` until the
// api's health check and the shell answer (then stopped as Ctrl-C stops it), the api's test suite and one browser
// journey. Prints each step's result and time; the last line is `N passed, N failed` (each step counts one, each
// test of the two suites one).
// Ports: API_PORT, SHELL_PORT, ... for `npm start`; E2E_PORT_BASE and E2E_API_PORT for the journey.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printNames, readJestReport, readPlaywrightReport } from './test-reports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FRONT_END_APPS = ['shell', 'mfe-editor', 'mfe-brainstorm', 'mfe-player', 'mfe-account', 'mfe-ops'];
/** The journey: a phone player signs in, plays the demo story's streamed turns, rewinds, restarts and ends it. */
const JOURNEY = 'tests/play.spec.ts';
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 60_000;

const version = process.version;
const results = [];
let passed = 0;
let failed = 0;
/** The suite's and the journey's failed and flaky tests, by name (scripts/test-reports.mjs). */
const names = { failedTests: [], flakyTests: [] };

function seconds(since) {
  return Math.round((Date.now() - since) / 100) / 10;
}

/** Records one step: `ok` is a boolean (counted as one test) or the `{ passed, failed }` of a suite. */
function record(step, since, ok, detail = '') {
  const counts = typeof ok === 'boolean' ? { passed: ok ? 1 : 0, failed: ok ? 0 : 1 } : ok;
  passed += counts.passed;
  failed += counts.failed;
  const status = counts.failed === 0 && counts.passed > 0 ? 'ok' : 'FAILED';
  results.push({ step, status, time: seconds(since), detail });
  console.log(`\n--- node ${version} ${step}: ${status} in ${seconds(since)} s${detail ? ` (${detail})` : ''}`);
}

/** Runs a command with its output shown as it comes, and kept (for the install's warnings and a suite's total). */
function run(cmd, args, env = {}) {
  console.log(`\n=== node ${version}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, TEST_RETRIES: process.env.TEST_RETRIES ?? '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Whether any process of the process group `pgid` is still running. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url, check) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return res.ok && check(await res.text());
  } catch {
    return false;
  }
}

function port(variable, fallback) {
  return Number(process.env[variable] || fallback);
}

/** `npm start` on a fresh data folder until /api/health and the shell's page answer; then Ctrl-C (SIGINT). */
async function startAndStop() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyverse-node-check-'));
  const api = `http://localhost:${port('API_PORT', 3000)}/api/health`;
  const shell = `http://localhost:${port('SHELL_PORT', 8080)}/`;
  console.log(`\n=== node ${version}: npm start (until ${api} and ${shell} answer)`);
  // Its own process group, as in a terminal: the stop below is the group's Ctrl-C.
  const child = spawn('npm', ['start'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit', detached: true });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  let running = true;
  void exited.then(() => (running = false));
  const started = Date.now();
  let up = false;
  while (running && Date.now() - started < START_TIMEOUT_MS) {
    const apiUp = await answers(api, (body) => JSON.parse(body).status_code === 0);
    if (apiUp && (await answers(shell, (body) => body.includes('<div id="root">')))) {
      up = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const startTime = seconds(started);
  const stopping = Date.now();
  if (running) process.kill(-child.pid, 'SIGINT');
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), STOP_TIMEOUT_MS))]);
  // Stopped cleanly: every process of the group (npm, the api, the servers) has ended, none had to be killed.
  let left = groupAlive(child.pid);
  while (left && Date.now() - stopping < STOP_TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 250));
    left = groupAlive(child.pid);
  }
  if (left) process.kill(-child.pid, 'SIGKILL');
  const stopTime = seconds(stopping);
  const stillUp = (await answers(api, () => true)) || (await answers(shell, () => true));
  rmSync(dataDir, { recursive: true, force: true });
  // npm ends as Ctrl-C ends it in a terminal: by the signal (130 in a shell).
  const ok = up && (code === 0 || code === 130 || code === 'SIGINT') && !left && !stillUp;
  const problems = [!up && 'did not answer', left && 'processes left running', stillUp && 'still answering'].filter(Boolean);
  const detail = `answered after ${startTime} s, stopped in ${stopTime} s (npm exit ${code})${problems.length ? `: ${problems.join(', ')}` : ''}`;
  record('npm start', started, ok, detail);
}

async function main() {
  console.log(`Node.js ${version} (${process.execPath})`);
  let since = Date.now();
  const install = await run('npm', ['install', '--no-audit', '--no-fund']);
  const engineWarnings = (install.output.match(/EBADENGINE/g) ?? []).length;
  record('npm install', since, install.code === 0 && engineWarnings === 0, `${engineWarnings} EBADENGINE warnings`);

  since = Date.now();
  const build = await run('npm', ['run', 'build', ...FRONT_END_APPS.flatMap((app) => ['-w', app])]);
  record('build of every app', since, build.code === 0, FRONT_END_APPS.join(', '));

  await startAndStop();

  since = Date.now();
  const reports = join(root, '.reports');
  mkdirSync(reports, { recursive: true });
  const major = process.versions.node.split('.')[0];
  const apiOut = join(reports, `api-node${major}.json`);
  rmSync(apiOut, { force: true });
  // --forceExit: a suite whose start timed out can leave a server open, and the check must go on to its last step
  // (jest names such suites).
  // Three files at a time, as the reference line runs it (scripts/test-all.mjs).
  const workers = `--maxWorkers=${process.env.API_TEST_WORKERS ?? '3'}`;
  const api = await run('npx', ['jest', '-c', join('api', 'jest.config.cjs'), '--ci', '--forceExit', workers, '--json', `--outputFile=${apiOut}`]);
  let apiTotal = { passed: 0, failed: 1 };
  if (existsSync(apiOut)) {
    apiTotal = readJestReport(apiOut, root, 'api');
    names.failedTests.push(...apiTotal.failedTests);
    names.flakyTests.push(...apiTotal.flakyTests);
  }
  if (api.code !== 0) apiTotal.failed = Math.max(apiTotal.failed, 1);
  record('api test suite', since, apiTotal, `${apiTotal.passed} passed, ${apiTotal.failed} failed`);

  since = Date.now();
  const out = join(reports, `journey-node${major}.json`);
  rmSync(out, { force: true });
  await run('bash', ['scripts/ensure-chromium.sh']);
  const journey = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', JOURNEY], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    // Its own folder: the main run's screenshots and traces of a failure stay where the report names them.
    E2E_OUTPUT_DIR: join(root, 'e2e', 'test-results', `node${major}`),
  });
  let journeyTotal = { passed: 0, failed: 1 };
  if (existsSync(out)) {
    journeyTotal = readPlaywrightReport(out);
    names.failedTests.push(...journeyTotal.failedTests);
    names.flakyTests.push(...journeyTotal.flakyTests);
  }
  if (journey.code !== 0) journeyTotal.failed = Math.max(journeyTotal.failed, 1);
  record('browser journey', since, journeyTotal, `${JOURNEY}: ${journeyTotal.passed} passed, ${journeyTotal.failed} failed`);

  console.log(`\nNode.js ${version}:`);
  for (const r of results) console.log(`  ${r.step.padEnd(20)} ${r.status.padEnd(7)} ${String(r.time).padStart(6)} s  ${r.detail}`);
  printNames(names);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  console.log(`\n${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
