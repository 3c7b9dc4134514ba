// The import boundaries of `.dependency-cruiser.cjs` fail `npm run lint` when broken: a fixture tree with one
// violation of each api rule is cruised with the real config, as the lint runs it, and every rule must fail it.
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
});
