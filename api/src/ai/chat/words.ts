/** Small text helpers of the offline storyteller and judge: deterministic, language-light. */

const STOP = new Set(
  (
    'the a an and or but if then than that this these those there their they them with without from into onto ' +
    'about above below over under for of on in at to by as is are was were be been being have has had do does did ' +
    'you your yours me my mine we our ours he him his she her hers it its what which who whom whose when where why ' +
    'how all any both each few more most other some such only own same so too very can will just should would could ' +
    'must shall may might not no nor yes out up down off again further once here also now let lets get got make ' +
    'find reach player chapter story'
  ).split(' '),
);

/** Lower-cased words of `text` (letters and digits of any script). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Distinct content words, in order of first appearance. */
export function keywordsOf(text: string, max = 6): string[] {
  const out: string[] = [];
  for (const w of wordsOf(text)) {
    if (w.length < 4 || STOP.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out;
}

/** Whether most of the letters of `text` are Chinese characters (kana or hangul beside them make it another language). */
export function isHanText(text: string): boolean {
  let han = 0;
  let other = 0;
  for (const c of text) {
    if (/\p{Script=Han}/u.test(c)) han += 1;
    else if (/\p{L}/u.test(c)) other += /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c) ? 5 : 0.25;
  }
  return han > 0 && han >= other;
}

/** Pieces of a reply as a model would stream them: a word with its space, or a few characters of unspaced text. */
export function streamPiecesOf(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/\S+\s*/g) ?? []) {
    const chars = [...run];
    if (!isHanText(run) || chars.length <= 3) {
      out.push(run);
      continue;
    }
    for (let i = 0; i < chars.length; i += 2) out.push(chars.slice(i, i + 2).join(''));
  }
  return out;
}

/** Sentences (or lines) of a text, trimmed, non-empty. */
export function sentencesOf(text: string): string[] {
  return text
    // Full-width stops end a sentence with or without a space after them (Chinese and Japanese are unspaced),
    // keeping a closing quote with its sentence.
    .split(/(?<=[.!?])\s+|(?<=[。！？][”」』]?)(?![”」』])\s*|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** FNV-1a over the parts: the same inputs always give the same number. */
export function hashOf(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) {
      h ^= part.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function pick<T>(items: readonly T[], seed: number): T | undefined {
  return items.length === 0 ? undefined : items[seed % items.length];
}
