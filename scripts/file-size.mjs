#!/usr/bin/env node
// Fails when a source file of the repo is over 400 lines: every .ts, .tsx, .mjs and .cjs file git tracks (or would
// track: new files not ignored count too), tests, scripts, bench and e2e included. Exempt are the copy catalogues
// (`<workspace>/src/locales/*`) and shared-kit's enum catalogue, which grow with the product's words, not its logic.
// Usage: node scripts/file-size.mjs (run by `npm run lint`; it checks the git checkout it is run in)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(ts|tsx|mjs|cjs)$/;
const EXEMPT = [/(^|\/)src\/locales\/[^/]+$/, /^shared-kit\/src\/enums\.ts$/];

/** Lines as an editor shows them: a last line without its newline still counts. */
function lineCount(text) {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

const max = 400;

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const files = [...new Set(listed.split('\0'))].filter(
  (file) => SOURCE.test(file) && !file.split('/').includes('node_modules') && !EXEMPT.some((re) => re.test(file)),
);

const over = files
  .filter((file) => existsSync(join(root, file)))
  .map((file) => ({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) }))
  .filter(({ lines }) => lines > max)
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));

if (over.length > 0) {
  console.error(`file-size: ${over.length} source file(s) over ${max} lines (split them by concern):`);
  for (const { file, lines } of over) console.error(`  ${lines} ${file}`);
  process.exit(1);
}
console.log(`file-size: ${files.length} source files, none over ${max} lines`);
