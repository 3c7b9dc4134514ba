import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createForbiddenWords, parseForbiddenWordList, type ForbiddenWords } from 'shared-kit';
import { REPO_ROOT } from '../../config';

/** The lists shipped with the product: every `*.txt` here. */
export const FORBIDDEN_WORDS_DIR = path.join(REPO_ROOT, 'config', 'forbidden-words');

/**
 * Every list of `dir` plus the file named by FORBIDDEN_WORDS_FILE, merged. A missing extra file is a startup error
 * naming it (read synchronously: it runs once while the app is built): a review that silently ran without the operator's list would pass what it should fail.
 */
export function loadForbiddenWords(extraFile: string | undefined, dir = FORBIDDEN_WORDS_DIR): ForbiddenWords {
  const files: string[] = [];
  try {
    const names = readdirSync(dir);
    files.push(
      ...names
        .filter((n) => n.endsWith('.txt'))
        .sort()
        .map((n) => path.join(dir, n)),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const words: string[] = [];
  for (const file of files) words.push(...parseForbiddenWordList(readFileSync(file, 'utf8')));
  if (extraFile) {
    let text: string;
    try {
      text = readFileSync(extraFile, 'utf8');
    } catch (err) {
      throw new Error(`FORBIDDEN_WORDS_FILE cannot be read (${extraFile}): ${(err as Error).message}`);
    }
    words.push(...parseForbiddenWordList(text));
  }
  return createForbiddenWords(words);
}
