import { fail } from '../errors';
import { setField } from './fields';
import { formatValue, isNumeric, isPlainObject, toNumber, type Doc } from './values';

/**
 * A collation (`{ locale, strength, caseLevel, caseFirst, numericOrdering, alternate, ... }`) as MongoDB takes it
 * on find, aggregate, count, distinct, update, delete and findAndModify. Strings compare with the locale's rules
 * (Intl.Collator); equality goes through a collation key: two strings are equal under the collation when their keys
 * are equal (case folded below strength 3, accents dropped at strength 1, digit runs by value with
 * numericOrdering, punctuation and spaces ignored with `alternate: 'shifted'`).
 */
export interface Collation {
  readonly spec: Doc;
  compare(a: string, b: string): number;
  key(s: string): string;
}

const FIELDS = new Set(['locale', 'strength', 'caseLevel', 'caseFirst', 'numericOrdering', 'alternate', 'maxVariable', 'normalization', 'backwards', 'version']);

/** Parses a collation document; undefined for none or the `simple` (binary) collation. */
export function parseCollation(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) fail('TypeMismatch', `collation must be an object, not ${formatValue(raw)}`);
  for (const k of Object.keys(raw)) if (!FIELDS.has(k)) fail('Location40415', `BSON field 'collation.${k}' is an unknown field.`);
  const locale = raw.locale;
  if (typeof locale !== 'string') fail('Location40414', "BSON field 'collation.locale' is missing but a required field");
  if (locale === 'simple') {
    if (Object.keys(raw).length > 1) fail('BadValue', "If 'locale' is set to 'simple', no other collation options may be specified");
    return undefined;
  }
  let canonical: string;
  try {
    canonical = Intl.Collator.supportedLocalesOf([locale.replace(/_/g, '-').replace(/@.*$/, '')])[0] ?? '';
  } catch {
    canonical = '';
  }
  if (!canonical && locale !== 'root') fail('BadValue', `Field 'locale' is invalid in: ${formatValue(raw)}`);
  const strength = raw.strength === undefined ? 3 : isNumeric(raw.strength) ? toNumber(raw.strength) : Number.NaN;
  if (![1, 2, 3, 4, 5].includes(strength)) fail('BadValue', `Field 'strength' must be an integer 1 through 5. Got: ${formatValue(raw.strength)}`);
  const caseLevel = raw.caseLevel === true;
  const caseFirst = raw.caseFirst === undefined ? 'off' : raw.caseFirst;
  if (!['upper', 'lower', 'off'].includes(String(caseFirst))) fail('BadValue', `Field 'caseFirst' must be 'upper', 'lower' or 'off'. Got: ${String(caseFirst)}`);
  const numeric = raw.numericOrdering === true;
  const shifted = raw.alternate === 'shifted';
  if (raw.alternate !== undefined && !['shifted', 'non-ignorable'].includes(String(raw.alternate))) fail('BadValue', `Field 'alternate' must be 'shifted' or 'non-ignorable'. Got: ${String(raw.alternate)}`);

  const sensitivity: Intl.CollatorOptions['sensitivity'] =
    strength === 1 ? (caseLevel ? 'case' : 'base') : strength === 2 ? (caseLevel ? 'variant' : 'accent') : 'variant';
  const collator = new Intl.Collator(canonical || undefined, {
    sensitivity,
    numeric,
    caseFirst: caseFirst === 'off' ? 'false' : (caseFirst as 'upper' | 'lower'),
    ignorePunctuation: shifted,
    usage: 'sort',
  });
  const foldCase = strength < 3 && !caseLevel;
  const dropAccents = strength === 1;
  const key = (s: string): string => {
    let k = s.normalize('NFC');
    if (shifted) k = k.replace(/[\p{P}\p{Z}]/gu, '');
    if (dropAccents) k = k.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    if (foldCase) k = k.toLocaleLowerCase(canonical || undefined);
    if (numeric) k = k.replace(/\d+/g, (digits) => {
      const value = digits.replace(/^0+(?=\d)/, '');
      return `${String(value.length).padStart(4, '0')}${value}`;
    });
    return k;
  };
  const normalized: Doc = { locale, caseLevel, caseFirst, strength, numericOrdering: numeric, alternate: shifted ? 'shifted' : 'non-ignorable', maxVariable: 'punct', normalization: false, backwards: false, version: '57.1' };
  return { spec: normalized, compare: (a, b) => collator.compare(a, b), key };
}

/** A copy of a value with every string replaced by its collation key (field names unchanged). */
export function collationView(v: unknown, c: Collation): unknown {
  if (typeof v === 'string') return c.key(v);
  if (Array.isArray(v)) return v.map((x: unknown) => collationView(x, c));
  if (isPlainObject(v)) {
    // No prototype: a field named `__proto__` is data here too.
    const out = Object.create(null) as Doc;
    for (const k of Object.keys(v)) out[k] = collationView(v[k], c);
    return out;
  }
  return v;
}

const VALUE_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
const LIST_OPERATORS = new Set(['$in', '$nin', '$all']);

function collateCondition(cond: unknown, c: Collation): unknown {
  if (!isPlainObject(cond) || !Object.keys(cond)[0]?.startsWith('$')) return collationView(cond, c);
  const out: Doc = {};
  for (const [op, arg] of Object.entries(cond)) {
    if (VALUE_OPERATORS.has(op)) out[op] = collationView(arg, c);
    else if (LIST_OPERATORS.has(op) && Array.isArray(arg)) out[op] = arg.map((x: unknown) => (x instanceof RegExp ? x : collationView(x, c)));
    else if (op === '$not') out[op] = collateCondition(arg, c);
    else if (op === '$elemMatch' && isPlainObject(arg)) out[op] = Object.keys(arg)[0]?.startsWith('$') && !['$and', '$or', '$nor'].includes(Object.keys(arg)[0]!) ? collateCondition(arg, c) : collateFilter(arg, c);
    else out[op] = arg;
  }
  return out;
}

/**
 * The filter to run on collation views of the documents: the strings it compares with become collation keys;
 * regular expressions, `$type`, `$expr` and the like stay as they are (MongoDB's regex matching ignores collations).
 */
export function collateFilter(filter: Doc, c: Collation): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) out[k] = v.map((sub: unknown) => (isPlainObject(sub) ? collateFilter(sub, c) : sub));
    else if (k.startsWith('$')) out[k] = v;
    else setField(out, k, collateCondition(v, c));
  }
  return out;
}
