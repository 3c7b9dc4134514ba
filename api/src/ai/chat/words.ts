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

/** Sentences (or lines) of a text, trimmed, non-empty. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+/u)
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
