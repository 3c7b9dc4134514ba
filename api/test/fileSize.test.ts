// `scripts/file-size.mjs` (run by `npm run lint`) fails on a source file over 400 lines: a throwaway git checkout
// with files at and over the limit, exempt catalogues, an ignored and an untracked file is checked as the lint
// checks the repo.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, '..', '..', 'scripts', 'file-size.mjs');

function lines(count: number): string {
  return Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join('');
}

describe('the file size check', () => {
  let dir: string;

  function write(file: string, text: string): void {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }

  function check(cwd = dir) {
    return spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'file-size-'));
    execFileSync('git', ['init', '-q'], { cwd: dir });
    write('.gitignore', 'dist/\n');
    write('pkg/src/atLimit.ts', lines(400));
    write('pkg/src/noFinalNewline.tsx', lines(400).trimEnd());
    write('pkg/src/locales/en.ts', lines(900));
    write('pkg/src/locales/story.zh-CN.ts', lines(900));
    write('shared-kit/src/enums.ts', lines(900));
    write('pkg/dist/bundle.mjs', lines(900));
    write('docs/notes.md', lines(900));
    execFileSync('git', ['add', '.'], { cwd: dir });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes a checkout whose source files are all at most 400 lines, catalogues and ignored files aside', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('file-size: 2 source files, none over 400 lines\n');
    expect(r.status).toBe(0);
  });

  it('fails listing each tracked or new source file over 400 lines, wherever it is run in the checkout', () => {
    write('pkg/src/big.ts', lines(401));
    write('scripts/tool.cjs', lines(420).trimEnd());
    execFileSync('git', ['add', '.'], { cwd: dir });
    // Not added yet: a new file counts as soon as git would track it.
    write('pkg/test/big.test.tsx', lines(450));
    write('pkg/src/locales/nested/part.ts', lines(410));
    const r = check(path.join(dir, 'pkg'));
    expect(r.stderr.split('\n')).toEqual([
      'file-size: 4 source file(s) over 400 lines (split them by concern):',
      '  450 pkg/test/big.test.tsx',
      '  420 scripts/tool.cjs',
      '  410 pkg/src/locales/nested/part.ts',
      '  401 pkg/src/big.ts',
      '',
    ]);
    expect(r.status).toBe(1);
  });
});
