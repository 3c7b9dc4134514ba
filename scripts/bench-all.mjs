#!/usr/bin/env node
// `npm run bench`: every benchmark of the product, one after the other, each printing its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const benches = [];

// Workspace benchmarks: any workspace with a `bench` script.
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const ws of workspaces) {
  const pkg = join(root, ws, 'package.json');
  if (!existsSync(pkg)) continue;
  const { scripts = {} } = JSON.parse(readFileSync(pkg, 'utf8'));
  if (scripts.bench) benches.push({ name: ws, cmd: 'npm', args: ['run', 'bench', '-w', ws] });
}
// Product-wide benchmarks under bench/.
for (const f of readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.ts')).sort()) {
  benches.push({ name: f.replace(/\.ts$/, ''), cmd: 'npx', args: ['tsx', join('bench', f)] });
}

let failures = 0;
for (const b of benches) {
  if (only.length && !only.includes(b.name)) continue;
  console.log(`\n=== bench ${b.name}`);
  const r = spawnSync(b.cmd, b.args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failures += 1;
}
if (failures) console.log(`\n${failures} benchmark(s) missed a target or failed`);
process.exit(failures ? 1 : 0);
