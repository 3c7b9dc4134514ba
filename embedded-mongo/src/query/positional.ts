import { fail } from '../errors';
import { field, setField } from './fields';
import { applyProjection, compileFilter } from './matcher';
import { getPath } from './paths';
import { isPlainObject, type Doc } from './values';

/** A shallow copy of `doc` with `value` at `segs` (containers on the way copied, nothing else). */
function withValueAt(doc: unknown, segs: string[], value: unknown): unknown {
  if (segs.length === 0) return value;
  const [seg, ...rest] = segs as [string, ...string[]];
  if (Array.isArray(doc)) {
    const copy = [...doc];
    copy[Number(seg)] = withValueAt(doc[Number(seg)], rest, value);
    return copy;
  }
  if (!isPlainObject(doc)) return doc;
  const copy: Doc = { ...doc };
  setField(copy, seg, withValueAt(field(doc, seg), rest, value));
  return copy;
}

/** Whether the query has a condition on `path` or inside it (through `$and`, `$or`, `$nor`). */
function mentions(query: Doc, path: string): boolean {
  return Object.keys(query).some((k) => {
    const v = query[k];
    if (k === '$and' || k === '$or' || k === '$nor') return Array.isArray(v) && v.some((sub) => isPlainObject(sub) && mentions(sub, path));
    return k === path || k.startsWith(`${path}.`);
  });
}

/**
 * The index of the array element the positional `$` stands for: the first element of the array at `prefix` that,
 * alone in the array, still lets the document match the query. Undefined when there is none.
 */
export function matchedElement(doc: Doc, prefix: string[], query: Doc | undefined): number | undefined {
  const path = prefix.join('.');
  const arr = getPath(doc, path);
  if (!query || !Array.isArray(arr) || !mentions(query, path)) return undefined;
  const test = compileFilter(query);
  for (let i = 0; i < arr.length; i++) if (test(withValueAt(doc, prefix, [arr[i]]) as Doc)) return i;
  return undefined;
}

/**
 * A find projection, with the positional `'array.$': 1` returning the array's first element that matched the query
 * (MongoDB's error 51246 when none did).
 */
export function projectDocs(docs: Doc[], projection: Doc | undefined, query: Doc | undefined): Doc[] {
  const positional = projection ? Object.keys(projection).filter((k) => k === '$' || k.endsWith('.$')) : [];
  if (positional.length === 0) return applyProjection(docs, projection);
  if (positional.length > 1) fail('BadValue', 'Cannot specify more than one positional projection per query.');
  const key = positional[0]!;
  const prefix = key.split('.').slice(0, -1);
  if (prefix.length === 0 || prefix.includes('$')) fail('BadValue', `Positional projection '${key}' contains an invalid path`);
  const rest: Doc = {};
  for (const k of Object.keys(projection!)) setField(rest, k === key ? prefix.join('.') : k, projection![k]);
  const projected = applyProjection(docs, rest);
  return projected.map((out, i) => {
    const doc = docs[i]!;
    const index = matchedElement(doc, prefix, query);
    if (index === undefined) {
      fail('Location51246', "Executor error during find command :: caused by :: positional operator '.$' couldn't find a matching element in the array");
    }
    const arr = getPath(doc, prefix.join('.')) as unknown[];
    return withValueAt(out, prefix, [arr[index]]) as Doc;
  });
}
