// The import boundaries fail `npm run lint` when broken: a fixture tree with one violation of each api rule is
// cruised with the real config, as the lint runs it, and every rule must fail it; the lint's module count
// (scripts/module-graph.mjs --check) fails on it too, and passes on the api as it is.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const fixture = join(__dirname, 'fixtures', 'boundaries');
const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

describe('module boundaries', () => {
  it('reports each broken api rule as an error and exits non-zero', () => {
    const r = spawnSync(process.execPath, [cli, '-c', join(root, '.dependency-cruiser.cjs'), '-T', 'err', 'api/src'], {
      cwd: fixture,
      encoding: 'utf8',
      env: { ...process.env, DEPCRUISE_MODULES_SEVERITY: '' },
    });
    // A cycle is reported once, from whichever of its files the cruise meets first.
    const found = r.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^(error|warn)\b/.test(line))
      .map((line) => line.replace(/^(error no-circular: api\/src\/modules\/play\/)play\.(helper|service)\.ts.*$/, '$1play.*'))
      .sort();
    expect(found).toEqual([
      'error lib-imports-no-module: api/src/lib/auth.ts → api/src/modules/story/index.ts',
      'error module-face-only: api/src/modules/play/play.service.ts → api/src/modules/story/story.model.ts',
      'error no-circular: api/src/modules/play/play.*',
    ]);
    expect(r.status).not.toBe(0);
  }, 60_000);

  it('fails the module count of the lint on the same tree, and passes it on the api', () => {
    const script = join(root, 'scripts', 'module-graph.mjs');
    const broken = spawnSync(process.execPath, [script, '--check', '--root', fixture], { cwd: root, encoding: 'utf8' });
    expect(broken.stdout).toMatch(/^\s+1 {2}imports into another module's non-index file$/m);
    expect(broken.stdout).toMatch(/^\s+1 {2}lib -> module imports$/m);
    expect(broken.status).toBe(1);
    const api = spawnSync(process.execPath, [script, '--check'], { cwd: root, encoding: 'utf8' });
    expect(api.stdout.trim().split('\n').map((line) => line.trim().split(/\s+/)[0])).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(api.status).toBe(0);
  }, 60_000);
});
