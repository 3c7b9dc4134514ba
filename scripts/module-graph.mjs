#!/usr/bin/env node
// Counts the api's module boundaries from dependency-cruiser's resolved graph (type-only imports included):
// imports from one module into another module's non-index file, module pairs importing each other, import cycles
// that cross modules or pass through lib, lib -> module imports, and cycles in the module graph (three modules or
// more in a ring count even when no single file cycle does). `--check` exits 1 when any count is not 0.
// Usage: node scripts/module-graph.mjs [--check] [--list] [--root <dir>]; --root reads another tree's api/src (a fixture).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
const at = argv.indexOf('--root');
const target = at >= 0 && argv[at + 1] ? argv[at + 1] : root;
const json = execFileSync(
  process.execPath,
  [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '-c', join(root, '.dependency-cruiser.cjs'), '-T', 'json', 'api/src'],
  { cwd: target, env: { ...process.env, DEPCRUISE_MODULES_SEVERITY: 'ignore' }, maxBuffer: 256 * 1024 * 1024 },
);
const graph = JSON.parse(json.toString());

const MODULE = /^api\/src\/modules\/([^/]+)\//;
const moduleOf = (file) => MODULE.exec(file)?.[1];
const isLib = (file) => file.startsWith('api/src/lib/');
/** A module, `lib`, or another part of api/src (app.ts, realtime, ai, ...). */
const partOf = (file) => moduleOf(file) ?? (isLib(file) ? 'lib' : 'other');

const edges = [];
for (const m of graph.modules) {
  if (!m.source.startsWith('api/src/')) continue;
  for (const d of m.dependencies) if (d.resolved.startsWith('api/src/')) edges.push([m.source, d.resolved]);
}

const intoInternals = edges.filter(([a, b]) => {
  const ma = moduleOf(a);
  const mb = moduleOf(b);
  return ma && mb && ma !== mb && !/\/index\.ts$/.test(b);
});
const libToModule = edges.filter(([a, b]) => isLib(a) && moduleOf(b));

const moduleEdges = new Set();
for (const [a, b] of edges) {
  const ma = moduleOf(a);
  const mb = moduleOf(b);
  if (ma && mb && ma !== mb) moduleEdges.add(`${ma} ${mb}`);
}
const pairs = [...moduleEdges]
  .map((e) => e.split(' '))
  .filter(([a, b]) => a < b && moduleEdges.has(`${b} ${a}`))
  .map(([a, b]) => `${a}-${b}`);

/** Strongly connected components of more than one node (Tarjan), for a list of [from, to] edges. */
function strongSets(pairsOfEdges) {
  const adj = new Map();
  for (const [a, b] of pairsOfEdges) {
    if (!adj.has(a)) adj.set(a, []);
    adj.get(a).push(b);
  }
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const sets = [];
  function strong(v) {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) sets.push(comp);
    }
  }
  for (const v of adj.keys()) if (!idx.has(v)) strong(v);
  return sets;
}

// Each strongly connected set of files is a set of import cycles; it counts when its files lie in more than one
// module or include a lib file. Modules can also form a cycle with no file cycle (a -> b -> c -> a through
// different files): the module graph's strongly connected sets count those, pairs included.
const sccs = strongSets(edges);
const moduleCycles = strongSets([...moduleEdges].map((e) => e.split(' ')));
const crossing = sccs.filter((c) => new Set(c.map(partOf)).size > 1 || c.some(isLib));
const cycleEdges = crossing.reduce((n, c) => {
  const inC = new Set(c);
  return n + edges.filter(([a, b]) => inC.has(a) && inC.has(b) && partOf(a) !== partOf(b)).length;
}, 0);

const counts = {
  'imports into another module\'s non-index file': intoInternals.length,
  'module pairs importing each other': pairs.length,
  'import cycles crossing modules or lib (strongly connected file sets)': crossing.length,
  '  module-crossing imports inside those cycles': cycleEdges,
  'lib -> module imports': libToModule.length,
  'module cycles (strongly connected module sets, pairs included)': moduleCycles.length,
};
for (const [k, v] of Object.entries(counts)) console.log(`${String(v).padStart(4)}  ${k}`);
if (args.has('--list')) {
  console.log('\npairs:', pairs.join(', ') || 'none');
  for (const c of crossing) console.log(`\ncycle set (${c.length} files, parts ${[...new Set(c.map(partOf))].join(', ')}):\n  ${c.sort().join('\n  ')}`);
  for (const c of moduleCycles) console.log(`\nmodule cycle: ${c.sort().join(', ')}`);
  console.log('\nlib -> module:', libToModule.map((e) => e.join(' -> ')).join('\n  '));
}
if (args.has('--check') && Object.values(counts).some((v) => v > 0)) {
  console.error('module boundaries broken: run `node scripts/module-graph.mjs --list`');
  process.exit(1);
}
