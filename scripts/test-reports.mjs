// Reads the JSON reports jest and Playwright write: the counts, and the names of the tests that failed or passed only
// on their second try (`TEST_RETRIES`), which the runners print above their totals as `Failed test:` / `Flaky test:`
// lines, so the tail of a long log says which test it was.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim()) ?? 'no message';

/** A jest report of the workspace `ws` (its folder under `root`). */
export function readJestReport(file, root, ws) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedTests = [];
  const flakyTests = [];
  for (const suite of report.testResults ?? []) {
    const where = `${ws}/${relative(join(root, ws), suite.name)}`;
    const results = suite.assertionResults ?? [];
    if (suite.status === 'failed' && !results.some((a) => a.status === 'failed')) failedTests.push(`${where} (the file did not run: ${firstLine(suite.message)})`);
    for (const a of results) {
      if (a.status === 'failed') failedTests.push(`${where} › ${a.fullName}`);
      else if (a.status === 'passed' && (a.invocations ?? 1) > 1) flakyTests.push(`${where} › ${a.fullName}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    failedTests,
    flakyTests,
  };
}

/** A Playwright report (a flaky test, passed on its retry, counts as passed and is named). */
export function readPlaywrightReport(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedTests = [];
  const flakyTests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `e2e/tests/${spec.file} › ${[...titles, spec.title].join(' › ')}`;
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failedTests.push(name);
        else if (t.status === 'flaky') flakyTests.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const e of report.errors ?? []) failedTests.push(`e2e: ${firstLine(e.message)}`);
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (report.errors?.length ?? 0), failedTests, flakyTests };
}

/** Prints the names, one per line. */
export function printNames({ failedTests, flakyTests }) {
  if (failedTests.length || flakyTests.length) console.log('');
  for (const name of failedTests) console.log(`Failed test: ${name}`);
  for (const name of flakyTests) console.log(`Flaky test: ${name} (passed on its second try)`);
}
