import { fail } from '../errors';
import { isPlainObject, toNumber, type Doc } from '../query/values';
import type { Collection } from '../storage/collection';

/** How a `hint` orders documents read without a sort: an index's key order, or the natural order (reversed for -1). */
export type HintOrder = { sort: Doc } | { natural: 1 | -1 } | undefined;

/**
 * The order a hinted index scan returns documents in, for commands whose result order the hint determines when they
 * have no sort (find, aggregate). A hint naming no index of an existing collection is refused, as MongoDB does.
 */
export function hintOrder(coll: Collection | undefined, hint: unknown): HintOrder {
  if (hint === undefined || hint === null || !coll) return undefined;
  if (isPlainObject(hint) && Object.keys(hint).length === 1 && hint.$natural !== undefined) return { natural: toNumber(hint.$natural) < 0 ? -1 : 1 };
  if (typeof hint !== 'string' && !isPlainObject(hint)) fail('FailedToParse', 'hint must be either a string or nested object');
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return undefined;
  const index = [...coll.indexes.values()].find((i) => (typeof hint === 'string' ? i.name === hint : samePattern(i.spec.key, hint)));
  if (!index) fail('BadValue', 'hint provided does not correspond to an existing index');
  // Only ascending/descending keys order documents; a text, hashed or geo index gives no order to keep.
  const key = index.spec.key as Doc;
  return Object.values(key).every((v) => typeof v !== 'string') ? { sort: key } : undefined;
}

function samePattern(a: Doc, b: Doc): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && (typeof a[k] === 'string' ? a[k] === b[k] : toNumber(a[k]) === toNumber(b[k])));
}
