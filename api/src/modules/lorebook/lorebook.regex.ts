import { Script, createContext } from 'node:vm';
import { LOREBOOK_REGEX_MAX } from 'shared-kit';

/*
 * Regular-expression keys (a V3 entry's `use_regex`). A key is `/pattern/flags` (the convention the common editors
 * write) or a bare pattern; an entry that is not case-sensitive adds the `i` flag. Guards against a creator's
 * catastrophic pattern: at most LOREBOOK_REGEX_MAX characters, only the flags i, m, s and u, and each test runs
 * under a time limit (REGEX_TIME_MS) that stops the engine mid-backtrack. The limit is wall-clock time, so a busy
 * machine can stop an innocent pattern: one that runs out is given one more try with RETRY_TIME_MS, and only a
 * pattern that runs out of that too is taken as catastrophic and not run again by this process. A key that does not compile, or was stopped, is not a match (as the spec asks).
 */

export const REGEX_TIME_MS = 20;
/** The one longer try a pattern gets after running out of REGEX_TIME_MS (paid once per catastrophic pattern). */
export const RETRY_TIME_MS = 250;
const ALLOWED_FLAGS = /^[imsu]*$/;
const compiled = new Map<string, RegExp | null>();
const stopped = new Set<string>();
const context = createContext({ re: /x/, text: '' });
const runTest = new Script('re.test(text)');

/** The key as a regular expression, or null when it is too long, has other flags or does not compile. */
export function regexOfKey(key: string, caseSensitive: boolean): RegExp | null {
  const id = `${caseSensitive ? 'c' : 'i'}${key}`;
  if (compiled.has(id)) return compiled.get(id)!;
  let re: RegExp | null = null;
  const k = key.trim();
  if (k !== '' && k.length <= LOREBOOK_REGEX_MAX + 2) {
    const slashed = /^\/(.+)\/([a-z]*)$/s.exec(k);
    const pattern = slashed ? slashed[1]! : k;
    const own = slashed ? slashed[2]! : '';
    const flags = caseSensitive || own.includes('i') ? own : `${own}i`;
    if (pattern.length <= LOREBOOK_REGEX_MAX && ALLOWED_FLAGS.test(flags)) {
      try {
        re = new RegExp(pattern, flags);
      } catch {
        re = null;
      }
    }
  }
  if (compiled.size > 5000) compiled.clear();
  compiled.set(id, re);
  return re;
}

/** Why a key cannot be used as a regular expression, for the editor's inline errors; null when it can. */
export function regexKeyProblem(key: string): 'too_long' | 'flags' | 'invalid' | null {
  const k = key.trim();
  const slashed = /^\/(.+)\/([a-z]*)$/s.exec(k);
  const pattern = slashed ? slashed[1]! : k;
  if (pattern.length > LOREBOOK_REGEX_MAX) return 'too_long';
  if (slashed && !ALLOWED_FLAGS.test(slashed[2]!)) return 'flags';
  try {
    new RegExp(pattern, slashed ? slashed[2] : '');
    return null;
  } catch {
    return 'invalid';
  }
}

/** Whether the key's expression matches `text`, within the time limit (false when it cannot run or ran out). */
export function regexMatches(key: string, caseSensitive: boolean, text: string): boolean {
  const re = regexOfKey(key, caseSensitive);
  if (!re || stopped.has(re.source + re.flags)) return false;
  re.lastIndex = 0;
  context.re = re;
  context.text = text;
  try {
    return runTest.runInContext(context, { timeout: REGEX_TIME_MS }) === true;
  } catch {
    try {
      re.lastIndex = 0;
      return runTest.runInContext(context, { timeout: RETRY_TIME_MS }) === true;
    } catch {
      stopped.add(re.source + re.flags);
      return false;
    }
  } finally {
    context.text = '';
  }
}
