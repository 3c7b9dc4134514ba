/**
 * Forbidden-word matching. The rules take a `ForbiddenWords` matcher as a parameter so that shared-kit ships no
 * list: the api loads its lists from files, the editor gets the same matcher from the api or none at all.
 */
export interface ForbiddenWords {
  /** The first forbidden word found in `text` (as listed), or null. */
  find(text: string): string | null;
  readonly size: number;
}

/** Matches nothing: for callers without a list (the editor before the api answered, unit tests of other rules). */
export const NO_FORBIDDEN_WORDS: ForbiddenWords = { find: () => null, size: 0 };

/** One word or phrase per line; blank lines and lines starting with '#' are skipped. */
export function parseForbiddenWordList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase();
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Scripts written without spaces between words (CJK, Thai) can only be matched as substrings.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * A matcher over `words`, ignoring case and Unicode compatibility forms (full-width letters match). Words in
 * spaced scripts match whole words only, so "class" does not trip on "ass"; a phrase matches with any run of
 * whitespace between its words. Words in unspaced scripts match anywhere.
 */
export function createForbiddenWords(words: Iterable<string>): ForbiddenWords {
  const byFolded = new Map<string, string>();
  for (const w of words) {
    const folded = fold(w.trim()).replace(/\s+/g, ' ');
    if (folded !== '' && !byFolded.has(folded)) byFolded.set(folded, w.trim());
  }
  if (byFolded.size === 0) return NO_FORBIDDEN_WORDS;
  // Longest first, so a phrase wins over a word it contains.
  const alternatives = [...byFolded.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => {
      const body = w.split(/\s+/).map(escape).join('\\s+');
      return UNSPACED_SCRIPT.test(w) ? `(${body})` : `(?<![\\p{L}\\p{N}])(${body})(?![\\p{L}\\p{N}])`;
    });
  const pattern = new RegExp(alternatives.join('|'), 'u');
  return {
    size: byFolded.size,
    find(text: string): string | null {
      if (text === '') return null;
      const m = pattern.exec(fold(text));
      if (!m) return null;
      const hit = m.slice(1).find((g) => g !== undefined) ?? m[0];
      return byFolded.get(hit.replace(/\s+/g, ' ')) ?? hit;
    },
  };
}
