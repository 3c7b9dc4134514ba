import stem from 'wink-porter2-stemmer';
import { fail } from '../errors';
import type { Index } from '../storage/indexes';
import { getPathValues } from './paths';
import { isNumeric, isPlainObject, toNumber, type Doc } from './values';

/** English stop words MongoDB's text indexes leave out (a subset of its list: the common function words). */
const STOP_WORDS = new Set(
  ('a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves').split(' '),
);

/** A `$text` query: its terms (stemmed), its phrases and its negated terms. */
export interface TextQuery {
  terms: string[];
  phrases: string[];
  negated: string[];
  caseSensitive: boolean;
  diacriticSensitive: boolean;
}

function fold(s: string, q: Pick<TextQuery, 'caseSensitive' | 'diacriticSensitive'>): string {
  let out = q.caseSensitive ? s : s.toLowerCase();
  if (!q.diacriticSensitive) out = out.normalize('NFD').replace(/\p{M}/gu, '');
  return out;
}

/** Words of a text, folded, stop words left out, stemmed. */
function tokens(text: string, q: Pick<TextQuery, 'caseSensitive' | 'diacriticSensitive'>): string[] {
  const out: string[] = [];
  for (const word of fold(text, q).split(/[^\p{L}\p{N}_']+/u)) {
    const w = word.replace(/^'+|'+$/g, '');
    if (!w || STOP_WORDS.has(w.toLowerCase())) continue;
    out.push(stem(w));
  }
  return out;
}

/** Parses `{ $search, $language, $caseSensitive, $diacriticSensitive }`. */
export function parseTextQuery(spec: unknown): TextQuery {
  if (!isPlainObject(spec) || typeof spec.$search !== 'string') fail('BadValue', '$text needs a $search string');
  if (spec.$language !== undefined && spec.$language !== 'english' && spec.$language !== 'none') {
    fail('BadValue', `unsupported language: "${String(spec.$language)}" for $language`);
  }
  const flags = { caseSensitive: spec.$caseSensitive === true, diacriticSensitive: spec.$diacriticSensitive === true };
  const phrases: string[] = [];
  const rest = spec.$search.replace(/"([^"]*)"/g, (_, phrase: string) => {
    if (phrase.trim()) phrases.push(fold(phrase, flags));
    return ' ';
  });
  const terms: string[] = [];
  const negated: string[] = [];
  for (const word of rest.split(/\s+/)) {
    if (!word) continue;
    const target = word.startsWith('-') ? negated : terms;
    target.push(...tokens(word.replace(/^-/, ''), flags));
  }
  for (const phrase of phrases) terms.push(...tokens(phrase, flags));
  return { terms: [...new Set(terms)], phrases, negated, ...flags };
}

/** The fields a text index covers, with their weights (`$**` covers every string field). */
function indexedFields(index: Index): Array<[string, number]> {
  const weights = isPlainObject(index.spec.weights) ? index.spec.weights : {};
  const fields = new Map<string, number>();
  for (const [f, kind] of Object.entries(index.spec.key)) if (kind === 'text') fields.set(f, 1);
  for (const [f, w] of Object.entries(weights)) fields.set(f, isNumeric(w) ? toNumber(w) : 1);
  return [...fields];
}

function allStrings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) allStrings(x, out);
  else if (isPlainObject(v)) for (const k of Object.keys(v)) allStrings(v[k], out);
}

function fieldStrings(doc: Doc, path: string): string[] {
  const out: string[] = [];
  if (path === '$**') allStrings(doc, out);
  else for (const v of getPathValues(doc, path)) if (typeof v === 'string') out.push(v);
  return out;
}

/**
 * MongoDB's score of one document: per field, each query term found scores the field's weight times its
 * frequency (repeats count 1, 1/2, 1/4...) times (0.5 + 0.5 * occurrences / words in the field). 0 when the document
 * does not match: none of the terms, a phrase missing, or a negated term present.
 */
export function textScore(doc: Doc, index: Index, q: TextQuery): number {
  let score = 0;
  let negatedFound = false;
  const texts: string[] = [];
  for (const [path, weight] of indexedFields(index)) {
    for (const text of fieldStrings(doc, path)) {
      texts.push(text);
      const words = tokens(text, q);
      if (q.negated.some((n) => words.includes(n))) negatedFound = true;
      const seen = new Map<string, { count: number; freq: number; exp: number }>();
      for (const w of words) {
        const s = seen.get(w) ?? { count: 0, freq: 0, exp: 0 };
        s.exp = s.exp ? s.exp * 2 : 1;
        s.count++;
        s.freq += 1 / s.exp;
        seen.set(w, s);
      }
      for (const term of q.terms) {
        const s = seen.get(term);
        if (s) score += weight * s.freq * (0.5 * (s.count / words.length) + 0.5);
      }
    }
  }
  if (negatedFound) return 0;
  const folded = texts.map((t) => fold(t, q));
  if (!q.phrases.every((p) => folded.some((t) => t.includes(p)))) return 0;
  return score;
}
