import { DBRef, Decimal128, Double, Long } from 'bson';
import { field, setField } from './fields';
import { escapePath, needsEscape } from './mingoNames';
import { getPath } from './paths';
import { isPlainObject, toNumber, type Doc } from './values';

/**
 * mingo understands plain JS numbers only, while stored documents hold Int64 as bigint, whole-number doubles as
 * `Double` and Decimal128 as objects. mingo therefore evaluates a "numeric view": a copy where those values are
 * plain numbers. Int64 values a double cannot hold exactly become `Long` (not bigint, which mingo cannot
 * JSON-stringify in its messages): mingo's equality compares Longs by value, and the range operators of
 * ./operators.ts compare them exactly.
 *
 * Every container of a document view remembers the stored container it was copied from (`origins`), so operators
 * that must see the real BSON types (`$type`, the range operators) can look past the view.
 */
const views = new WeakMap<Doc, Doc>();
const origins = new WeakMap<object, object>();

/** Values that need a view before mingo can compare them as numbers. */
export function isWideNumber(v: unknown): boolean {
  return typeof v === 'bigint' || v instanceof Double || v instanceof Long || v instanceof Decimal128;
}

/** Values that need a view: wide numbers, or field names mingo must see escaped (see ./mingoNames.ts). */
export function needsView(v: unknown): boolean {
  if (isWideNumber(v) || v instanceof DBRef) return true;
  if (Array.isArray(v)) return v.some(needsView);
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) if (needsEscape(k) || needsView(v[k])) return true;
  }
  return false;
}

/** A wide number as the view holds it. */
export function numericValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : Long.fromBigInt(v);
  if (v instanceof Long) return Number.isSafeInteger(v.toNumber()) ? v.toNumber() : v;
  if (v instanceof Double) return v.value;
  if (v instanceof Decimal128) return toNumber(v);
  return v;
}

/**
 * Copies `v` with wide numbers turned into view values and field names escaped for mingo (./mingoNames.ts); `track`
 * records the origins of the copied containers.
 */
export function numericView(v: unknown, track = false): unknown {
  if (isWideNumber(v)) return numericValue(v);
  // A DBRef is stored as the document `{ $ref, $id, $db }`, and queried as one (`{ 'ref.$id': x }`).
  if (v instanceof DBRef) return numericView(dbRefFields(v), track);
  if (Array.isArray(v)) {
    const out = v.map((x: unknown) => numericView(x, track));
    if (track) origins.set(out, v);
    return out;
  }
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) setField(out, escapePath(k), numericView(v[k], track));
    if (track) origins.set(out, v);
    return out;
  }
  return v;
}

function dbRefFields(ref: DBRef): Doc {
  return { $ref: ref.collection, $id: ref.oid, ...(ref.db ? { $db: ref.db } : {}), ...ref.fields };
}

/** The view of a stored document (the document itself when it holds no wide number). Cached: stored documents are never modified in place. */
export function queryView(doc: Doc): Doc {
  const cached = views.get(doc);
  if (cached) return cached;
  const view = needsView(doc) ? (numericView(doc, true) as Doc) : doc;
  views.set(doc, view);
  return view;
}

/** The stored value behind a view container (or the value itself). */
export function originOf(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? (origins.get(v) ?? v) : v;
}

/** Which output paths of a stage were computed rather than passed through, and where the output root came from. */
export interface StageShape {
  computed: (path: string) => boolean;
  /** For `$replaceRoot: { newRoot: '$a.b' }`: the output document is the input's `a.b`. */
  root?: string;
}

/**
 * Puts the stored BSON types back into a document mingo produced from a view: wherever a path passed through
 * unchanged and still holds the view value of a wide number, the original value (Double, Int64, Decimal128)
 * replaces it. Never mutates `out`, whose containers may be shared with cached views.
 */
export function restoreTypes(out: Doc, src: Doc, shape: StageShape): Doc {
  if (queryView(src) === src) return out;
  const from = shape.root ? getPath(src, shape.root) : src;
  return restore(out, from, '', shape.computed) as Doc;
}

function restore(out: unknown, src: unknown, path: string, computed: (path: string) => boolean): unknown {
  if (path && computed(path)) return out;
  if (isWideNumber(src)) {
    const seen = numericValue(src);
    const same = seen instanceof Long ? out instanceof Long && seen.equals(out) : Object.is(seen, out);
    return same ? src : out;
  }
  if (Array.isArray(out) && Array.isArray(src)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < out.length; i++) {
      const r = restore(out[i], src[i], path, computed);
      if (r !== out[i]) (copy ??= [...out])[i] = r;
    }
    return copy ?? out;
  }
  if (isPlainObject(out) && isPlainObject(src)) {
    let copy: Doc | undefined;
    for (const k of Object.keys(out)) {
      const r = restore(out[k], field(src, k), path ? `${path}.${k}` : k, computed);
      if (r !== out[k]) setField((copy ??= { ...out }), k, r);
    }
    return copy ?? out;
  }
  return out;
}
