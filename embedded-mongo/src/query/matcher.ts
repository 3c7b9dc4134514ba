import { Double, Long, ObjectId } from 'bson';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { encodeKey } from '../storage/keys';
import { collateFilter, collationView } from './collation';
import { escapeFilter, escapeProjection, unescapeNames } from './mingoNames';
import { MINGO_CONTEXT, RANGE_OPERATORS } from './operators';
import type { QueryScope } from './scope';
import { mingoProjection, projectionShape } from './shapes';
import { fail } from '../errors';
import { idFirst, isNumeric, isPlainObject, toNumber, typeName, valuesEqual, type Doc } from './values';
import { numericView, queryView, restoreTypes } from './views';

export const QUERY_OPTIONS: Partial<Options> = { context: MINGO_CONTEXT };

type Test = (doc: Doc) => boolean;

const matchAll: Test = () => true;

/**
 * Compiles a MongoDB filter to a predicate. Filters made only of top-level fields compared with scalars (the
 * shape of most application queries: `{ play_id: 'x', owner: null, status: { $ne: 'done' } }`) are matched
 * natively on the stored document; everything else by mingo on numeric views (see ./views.ts), whose compiled
 * queries are kept for filters that repeat exactly.
 */
export function compileFilter(filter: Doc | undefined, scope: QueryScope = {}): Test {
  if (!filter) return matchAll;
  const keys = Object.keys(filter);
  if (keys.length === 0) return matchAll;
  const { collation, variables } = scope;
  if (collation) {
    // Strings compare through their collation keys: the filter's operands and the documents' values both become keys.
    const inner = compileFilter(collateFilter(filter, collation), { variables });
    return (doc) => inner(collationView(doc, collation) as Doc);
  }
  return compileNative(filter, keys) ?? compileMingo(filter, variables);
}

// ---- native matching of simple filters ----

/** Scalars whose equality the native matcher decides exactly as MongoDB does (null: null or missing). */
function isEqOperand(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return true;
    case 'number':
      return !Number.isNaN(v);
    case 'object':
      if (v === null || v instanceof ObjectId || v instanceof Long) return true;
      if (v instanceof Double) return !Number.isNaN(v.value);
      return v instanceof Date && !Number.isNaN(v.getTime());
    default:
      return false;
  }
}

/** `field` equals `v`, or holds an array with an element equal to `v` (MongoDB's equality on a scalar). */
function equalsTest(field: string, v: unknown): Test {
  if (v === null) {
    return (doc) => {
      const x = doc[field];
      return x === undefined || x === null || (Array.isArray(x) && x.some((el) => el === null || el === undefined));
    };
  }
  if (typeof v === 'string' || typeof v === 'boolean') {
    return (doc) => {
      const x = doc[field];
      return x === v || (Array.isArray(x) && x.includes(v));
    };
  }
  // Numbers compare across Int32, Int64 and Double; ObjectIds and dates by value.
  const equal = (x: unknown): boolean => x === v || (x !== null && x !== undefined && typeof x !== 'string' && valuesEqual(x, v));
  return (doc) => {
    const x = doc[field];
    return equal(x) || (Array.isArray(x) && x.some(equal));
  };
}

function anyOfTest(field: string, values: unknown[]): Test {
  const tests = values.map((v) => equalsTest(field, v));
  return (doc) => tests.some((t) => t(doc));
}

function not(test: Test): Test {
  return (doc) => !test(doc);
}

/** One `{ $op: operand }` of a field's condition, or undefined when it is not one the native matcher handles. */
function operatorTest(field: string, op: string, operand: unknown): Test | undefined {
  switch (op) {
    case '$eq':
      return isEqOperand(operand) ? equalsTest(field, operand) : undefined;
    case '$ne':
      return isEqOperand(operand) ? not(equalsTest(field, operand)) : undefined;
    case '$in':
      return Array.isArray(operand) && operand.every(isEqOperand) ? anyOfTest(field, operand) : undefined;
    case '$nin':
      return Array.isArray(operand) && operand.every(isEqOperand) ? not(anyOfTest(field, operand)) : undefined;
    case '$exists':
      return typeof operand === 'boolean' ? (doc) => (doc[field] !== undefined) === operand : undefined;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      // The operators mingo runs for these too (./operators.ts), given the operand as mingo would see it.
      return isEqOperand(operand) && operand !== null ? RANGE_OPERATORS[op](field, numericView(operand), QUERY_OPTIONS as Options) : undefined;
    default:
      return undefined;
  }
}

/** A predicate for a filter of top-level fields with scalar conditions, or undefined for any other filter. */
function compileNative(filter: Doc, keys: string[]): Test | undefined {
  const tests: Test[] = [];
  for (const field of keys) {
    // Names Object.prototype has (`constructor`, `__proto__`) would read the prototype's value for a missing field.
    if (field === '' || field.startsWith('$') || field.includes('.') || field in Object.prototype) return undefined;
    const cond = filter[field];
    if (isPlainObject(cond) && Object.keys(cond)[0]?.startsWith('$')) {
      for (const op of Object.keys(cond)) {
        const test = operatorTest(field, op, cond[op]);
        if (!test) return undefined;
        tests.push(test);
      }
    } else if (isEqOperand(cond)) {
      tests.push(equalsTest(field, cond));
    } else return undefined;
  }
  if (tests.length === 1) return tests[0];
  return (doc) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };
}

// ---- mingo, with compiled queries kept by filter ----

const MINGO_CACHE_SIZE = 256;
const mingoCache = new Map<string, Test>();

/** The general path, for every filter: the tests hold the native matcher to the same answers. */
export function compileMingo(filter: Doc, variables?: Doc): Test {
  if (variables) {
    // `let` variables ($$name in $expr): compiled for this command only.
    const query = new Query(escapeFilter(numericView(filter) as Doc), { ...QUERY_OPTIONS, variables: numericView(variables) as Doc });
    return (doc) => query.test(queryView(doc));
  }
  const key = filterKey(filter);
  const cached = key === undefined ? undefined : mingoCache.get(key);
  if (cached) {
    // Most recently used last, so the oldest entry is the first one dropped.
    mingoCache.delete(key!);
    mingoCache.set(key!, cached);
    return cached;
  }
  const query = new Query(escapeFilter(numericView(filter) as Doc), QUERY_OPTIONS);
  const test: Test = (doc) => query.test(queryView(doc));
  if (key !== undefined) {
    mingoCache.set(key, test);
    if (mingoCache.size > MINGO_CACHE_SIZE) mingoCache.delete(mingoCache.keys().next().value!);
  }
  return test;
}

/** Operators whose result may change between runs of the same filter (`$$NOW`, JavaScript): never cached. */
const UNCACHEABLE = new Set(['$expr', '$where', '$function', '$accumulator']);

/**
 * A string that only the same filter gives (field order and BSON types included), or undefined when the filter
 * holds something this key cannot tell apart or that must not be reused.
 */
function filterKey(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    let out = '[';
    for (const el of v) {
      const k = filterKey(el);
      if (k === undefined) return undefined;
      out += `${k},`;
    }
    return `${out}]`;
  }
  if (isPlainObject(v)) {
    let out = '{';
    for (const k of Object.keys(v)) {
      if (UNCACHEABLE.has(k)) return undefined;
      const value = filterKey(v[k]);
      if (value === undefined) return undefined;
      out += `${JSON.stringify(k)}:${value},`;
    }
    return `${out}}`;
  }
  if (v instanceof RegExp) return `r${String(v)}`;
  if (isEqOperand(v) || (typeof v === 'number' && Number.isNaN(v))) return `${typeName(v)}:${encodeKey(v)}`;
  return undefined;
}

/** Applies a find projection to already filtered and sorted documents, keeping the stored BSON types. */
export function applyProjection(docs: Doc[], asked: Doc | undefined): Doc[] {
  if (!asked || Object.keys(asked).length === 0) return docs;
  const projection = mingoProjection(asked, true);
  const kept = topLevelInclusion(projection);
  if (kept) return docs.map((doc) => keepFields(doc, kept.fields, kept.id));
  const slices = Object.entries(projection).filter(([, v]) => isPlainObject(v) && Object.keys(v).length === 1 && v.$slice !== undefined);
  if (slices.length > 0 && !slices.every(([, v]) => sliceArgs((v as Doc).$slice) !== undefined)) fail('BadValue', '$slice only supports numbers and [skip, limit] arrays');
  const rest = Object.fromEntries(Object.entries(projection).filter(([k]) => !slices.some(([s]) => s === k)));
  if (slices.length > 0 && Object.values(rest).every((v) => (isNumeric(v) || typeof v === 'boolean') && !toNumber(v))) {
    // `$slice` among exclusions only (or alone) keeps every other field, as MongoDB does; mingo would keep none.
    const kept = Object.keys(rest).length > 0 ? projectDocs(docs, rest) : docs;
    return kept.map((doc) => slices.reduce((d, [path, v]) => slicePath(d, path.split('.'), sliceArgs((v as Doc).$slice)!), doc));
  }
  return projectDocs(docs, projection);
}

/** Whether a projection value keeps its field (1, true, any non-zero number) or drops it; undefined for anything else. */
function flag(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  return isNumeric(v) ? toNumber(v) !== 0 : undefined;
}

/**
 * The fields of an inclusion projection of top-level fields only (`{ a: 1, b: true, _id: 0 }`), and whether `_id`
 * is kept; null for any other projection (nested paths, operators, exclusions, mixes).
 */
function topLevelInclusion(projection: Doc): { fields: Set<string>; id: boolean } | null {
  const fields = new Set<string>();
  let id = true;
  for (const k of Object.keys(projection)) {
    const keep = flag(projection[k]);
    if (keep === undefined || k === '' || k.includes('.') || k.startsWith('$')) return null;
    if (k === '_id') id = keep;
    else if (keep) fields.add(k);
    else return null;
  }
  return fields.size > 0 || id ? { fields, id } : null;
}

/** `_id` (unless dropped), then the kept fields in the document's order. */
function keepFields(doc: Doc, fields: Set<string>, id: boolean): Doc {
  const out: Doc = {};
  if (id && '_id' in doc) out._id = doc._id;
  for (const k of Object.keys(doc)) {
    if (k === '_id' || !fields.has(k)) continue;
    // A field named __proto__ is data: an own field, never the object's prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: doc[k], enumerable: true, writable: true, configurable: true });
    else out[k] = doc[k];
  }
  return out;
}

function projectDocs(docs: Doc[], projection: Doc): Doc[] {
  const shape = projectionShape(projection, true);
  // MongoDB keeps _id first in projected documents; mingo appends it after the included fields.
  const out = unescapeNames(new Query({}, QUERY_OPTIONS).find<Doc>(docs.map(queryView), escapeProjection(numericView(projection) as Doc)).all());
  const elemMatched = Object.keys(projection).filter((k) => isPlainObject(projection[k]) && Object.keys(projection[k] as Doc)[0] === '$elemMatch');
  return out.map((d, i) => {
    // An `$elemMatch` projection that matches no element leaves the field out.
    for (const k of elemMatched) if (d[k] === undefined) delete d[k];
    return idFirst(restoreTypes(d, docs[i]!, shape));
  });
}

/** `[skip, limit]` of a `$slice` projection (`n` keeps the first n, `-n` the last n), or undefined when malformed. */
function sliceArgs(arg: unknown): [number, number | undefined] | undefined {
  if (isNumeric(arg)) {
    const n = Math.trunc(toNumber(arg));
    return n >= 0 ? [0, n] : [n, undefined];
  }
  if (Array.isArray(arg) && arg.length === 2 && arg.every(isNumeric)) {
    const limit = Math.trunc(toNumber(arg[1]));
    if (limit <= 0) fail('BadValue', '$slice limit must be positive');
    return [Math.trunc(toNumber(arg[0])), limit];
  }
  return undefined;
}

/** A copy of `doc` whose array at `path` is sliced (arrays on the way are sliced in each of their documents). */
function slicePath(node: unknown, path: string[], [skip, limit]: [number, number | undefined]): Doc {
  const visit = (v: unknown, i: number): unknown => {
    if (Array.isArray(v)) {
      if (i === path.length) {
        const from = skip >= 0 ? skip : Math.max(0, v.length + skip);
        return v.slice(from, limit === undefined ? undefined : from + limit);
      }
      return v.map((el) => (isPlainObject(el) ? visit(el, i) : el));
    }
    if (!isPlainObject(v) || i === path.length || !Object.hasOwn(v, path[i]!)) return v;
    return { ...v, [path[i]!]: visit(v[path[i]!], i + 1) };
  };
  return visit(node, 0) as Doc;
}
