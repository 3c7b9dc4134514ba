#!/usr/bin/env node
// Writes e2e/spec-times.json, the seconds each browser spec file took, from the last `npm test`'s Playwright reports
// (.reports/e2e*.json): scripts/test-all.mjs splits the files into parts of about the same time by these figures.
// Run after a whole run whose times are worth keeping (a quiet machine): `node scripts/spec-times.mjs`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
const files = readdirSync(reports).filter((f) => /^e2e(-\d+)?\.json$/.test(f));
if (files.length === 0) {
  console.error('No browser suite report in .reports: run `npm test` (or `node scripts/test-all.mjs e2e`) first.');
  process.exit(1);
}
const seconds = {};
const walk = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      // A test's last try: a first try that failed and was retried is not what the file usually takes.
      const last = (t.results ?? []).at(-1);
      seconds[spec.file] = (seconds[spec.file] ?? 0) + (last?.duration ?? 0) / 1000;
    }
  for (const child of suite.suites ?? []) walk(child);
};
for (const f of files) for (const suite of JSON.parse(readFileSync(join(reports, f), 'utf8')).suites ?? []) walk(suite);
const sorted = Object.fromEntries(
  Object.keys(seconds)
    .sort()
    .map((k) => [k, Math.max(1, Math.round(seconds[k]))]),
);
writeFileSync(join(root, 'e2e', 'spec-times.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`e2e/spec-times.json: ${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0)} s in all`);
