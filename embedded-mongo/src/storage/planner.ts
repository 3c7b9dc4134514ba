import { ObjectId } from 'bson';
import { compileFilter } from '../query/matcher';
import type { QueryScope } from '../query/scope';
import { compileSort } from '../query/sort';
import { compareValues, isNumeric, isPlainObject, toNumber, type Doc } from '../query/values';
import type { Collection } from './collection';
import type { Index } from './indexes';

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
  /** `let` variables and collation of the command. */
  scope?: QueryScope;
  /** Filled in with the access path the query took (for explain). */
  plan?: Plan;
  /**
   * The only top-level fields the caller reads of the documents found (a find's inclusion projection): when set,
   * and the filter and sort say which fields they read, the documents returned hold just those fields (and the
   * ones the filter and sort read), the rest never decoded.
   */
  fields?: ReadonlySet<string>;
}

/** How a query reached its documents: a collection scan, the _id lookup, or an index (and whether it gave the order). */
export interface Plan {
  stage: 'COLLSCAN' | 'IDHACK' | 'IXSCAN';
  index?: Index;
  /** The index gave the sort order (no SORT stage). */
  sortedByIndex: boolean;
  keysExamined: number;
  docsExamined: number;
}

export function emptyPlan(): Plan {
  return { stage: 'COLLSCAN', sortedByIndex: false, keysExamined: 0, docsExamined: 0 };
}

interface Candidates {
  rids: Iterable<number>;
  size: number;
  index: Index;
  idHack: boolean;
}

interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** Values an index may be probed with: scalars whose equality MongoDB and our key encoding agree on. */
function isProbeScalar(v: unknown): boolean {
  if (v === null || v === undefined || v instanceof RegExp || Array.isArray(v) || isPlainObject(v)) return false;
  if (typeof v === 'number' && Number.isNaN(v)) return false;
  return true;
}

function rangeKind(v: unknown): 'number' | 'string' | 'date' | 'objectId' | null {
  if (isNumeric(v) && !Number.isNaN(toNumber(v))) return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof Date) return 'date';
  if (v instanceof ObjectId) return 'objectId';
  return null;
}

const TYPE_MIN: Record<string, Bound> = {
  number: { value: -Infinity, inclusive: true },
  string: { value: '', inclusive: true },
  date: { value: new Date(-8.64e15), inclusive: true },
  objectId: { value: new ObjectId('000000000000000000000000'), inclusive: true },
};
const TYPE_MAX: Record<string, Bound> = {
  number: { value: Infinity, inclusive: true },
  string: { value: {}, inclusive: false },
  date: { value: new Date(8.64e15), inclusive: true },
  objectId: { value: new ObjectId('ffffffffffffffffffffffff'), inclusive: true },
};

/** The bounds of a condition made only of $gt/$gte/$lt/$lte on values of one type, or null. */
function rangeBounds(cond: unknown): { lower?: Bound; upper?: Bound; kind: string } | null {
  if (!isPlainObject(cond)) return null;
  const ops = Object.keys(cond);
  if (ops.length === 0 || !ops.every((o) => ['$gt', '$gte', '$lt', '$lte'].includes(o))) return null;
  let lower: Bound | undefined;
  let upper: Bound | undefined;
  let kind: string | null = null;
  for (const op of ops) {
    const v = cond[op];
    const k = rangeKind(v);
    if (!k || (kind && kind !== k)) return null;
    kind = k;
    if (op === '$gt' || op === '$gte') lower = { value: v, inclusive: op === '$gte' };
    else upper = { value: v, inclusive: op === '$lte' };
  }
  return kind ? { lower, upper, kind } : null;
}

/** Top-level field conditions of a filter, $and included. */
function conditions(filter: Doc): Array<[string, unknown]> {
  const conds: Array<[string, unknown]> = [];
  const collect = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((sub) => isPlainObject(sub) && collect(sub));
      else if (!k.startsWith('$')) conds.push([k, v]);
    }
  };
  collect(filter);
  return conds;
}

/** The scalar a condition requires equality with, or undefined. */
function equalTo(cond: unknown): unknown {
  if (isProbeScalar(cond)) return cond;
  if (isPlainObject(cond) && Object.keys(cond).length === 1 && '$eq' in cond && isProbeScalar(cond.$eq)) return cond.$eq;
  return undefined;
}

/**
 * A compound index whose first field the filter fixes to one value: its records of that value, in order of the
 * second field, within the filter's range on that field (all of them when it has none). Null when none fits.
 */
function prefixWalk(coll: Collection, conds: Array<[string, unknown]>, secondField?: string, firstField?: string) {
  for (const index of coll.indexes.values()) {
    if (index.fields.length < 2 || index.multikey || index.spec.partialFilterExpression || index.spec.sparse) continue;
    if (secondField !== undefined && index.fields[1] !== secondField) continue;
    if (firstField !== undefined && index.fields[0] !== firstField) continue;
    const first = conds.find(([f]) => f === index.fields[0]);
    const value = first ? equalTo(first[1]) : undefined;
    if (value === undefined) continue;
    const ranges = conds.filter(([f]) => f === index.fields[1]).map(([, c]) => rangeBounds(c));
    // Several ranges on the second field (from $and) still bound the walk by any one of them.
    const range = ranges.find((r) => r !== null) ?? null;
    if (secondField === undefined && !range) continue;
    const kind = range?.kind;
    return { ...index.prefixRun(value, range ? (range.lower ?? TYPE_MIN[kind!]) : undefined, range ? (range.upper ?? TYPE_MAX[kind!]) : undefined), index };
  }
  return null;
}

/** Picks record ids from an index for a filter, or null when the whole collection must be scanned. */
function candidates(coll: Collection, filter: Doc): Candidates | null {
  const conds = conditions(filter);
  let best: Candidates | null = null;
  const consider = (rids: Iterable<number>, size: number, index: Index, idHack = false): void => {
    if (!best || size < best.size) best = { rids, size, index, idHack };
  };
  const walk = prefixWalk(coll, conds);
  if (walk) {
    const out = new Set<number>();
    for (let i = walk.lo; i < walk.hi; i++) out.add(walk.entries[i]!.rid);
    consider(out, out.size, walk.index);
  }
  for (const [field, cond] of conds) {
    if (field === '_id' && isProbeScalar(cond)) {
      const rid = coll.ridForId(cond);
      consider(rid === undefined ? [] : [rid], rid === undefined ? 0 : 1, coll.indexes.get('_id_')!, true);
      continue;
    }
    const index = usableIndex(coll, field);
    if (!index) continue;
    if (isProbeScalar(cond)) {
      const set = index.lookupFirst(cond);
      consider(set, set.size, index);
      continue;
    }
    if (!isPlainObject(cond)) continue;
    const ops = Object.keys(cond);
    if (ops.length === 1 && ops[0] === '$eq' && isProbeScalar(cond.$eq)) {
      const set = index.lookupFirst(cond.$eq);
      consider(set, set.size, index);
    } else if (ops.length === 1 && ops[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(isProbeScalar)) {
      const out = new Set<number>();
      for (const v of cond.$in) for (const rid of index.lookupFirst(v)) out.add(rid);
      consider(out, out.size, index);
    } else if (ops.length > 0 && ops.every((o) => ['$gt', '$gte', '$lt', '$lte'].includes(o))) {
      let lower: Bound | undefined;
      let upper: Bound | undefined;
      let kind: string | null = null;
      let ok = true;
      for (const op of ops) {
        const v = cond[op];
        const k = rangeKind(v);
        if (!k || (kind && kind !== k)) ok = false;
        kind = k;
        if (op === '$gt' || op === '$gte') lower = { value: v, inclusive: op === '$gte' };
        else upper = { value: v, inclusive: op === '$lte' };
      }
      if (!ok || !kind) continue;
      const entries = index.range(lower ?? TYPE_MIN[kind], upper ?? TYPE_MAX[kind]);
      const out = new Set<number>();
      for (const e of entries) out.add(e.rid);
      consider(out, out.size, index);
    }
  }
  return best;
}

/** An index whose first field is `field` and which holds every document that can match a condition on it. */
function usableIndex(coll: Collection, field: string): Index | undefined {
  let found: Index | undefined;
  for (const index of coll.indexes.values()) {
    if (index.fields[0] !== field || index.spec.partialFilterExpression) continue;
    if (!found || index.fields.length < found.fields.length) found = index;
  }
  return found;
}

/** Runs a query: index selection, filter, sort, skip and limit. Returns the stored documents (do not mutate). */
export function findDocs(coll: Collection, filter: Doc = {}, opts: FindOptions = {}): Doc[] {
  const { plan } = opts;
  if (!plan) return runFind(coll, filter, opts, emptyPlan(), compileFilter(filter, opts.scope ?? {}));
  const matches = compileFilter(filter, opts.scope ?? {});
  return runFind(coll, filter, opts, plan, (doc) => {
    plan.docsExamined++;
    return matches(doc);
  });
}

/** Top-level fields a filter reads, or null when it may read any of them (`$expr`, `$where`, `$jsonSchema`, `$text`...). */
export function filterFields(filter: Doc): Set<string> | null {
  const out = new Set<string>();
  const walk = (f: unknown): boolean => {
    if (!isPlainObject(f)) return false;
    for (const k of Object.keys(f)) {
      if (k === '$and' || k === '$or' || k === '$nor') {
        const list = f[k];
        if (!Array.isArray(list) || !list.every(walk)) return false;
      } else if (k === '$comment') continue;
      else if (k.startsWith('$')) return false;
      else out.add(k.split('.')[0]!);
    }
    return true;
  };
  return walk(filter) ? out : null;
}

/** Top-level fields a sort specification reads, or null for one this cannot tell (`$meta`, `$natural`). */
function sortFields(sort: Doc): Set<string> | null {
  const out = new Set<string>();
  for (const [k, dir] of Object.entries(sort)) {
    if (k.startsWith('$') || !isNumeric(dir)) return null;
    out.add(k.split('.')[0]!);
  }
  return out;
}

/**
 * Reads a record for a query: the filter is tested on a document of just the fields it reads, and only a match is
 * decoded whole (stored documents are BSON, see DocStore). Returns undefined when the record does not match.
 */
function matcherFor(coll: Collection, filter: Doc, test: (doc: Doc) => boolean, kept: Set<string> | null): (rid: number) => Doc | undefined {
  const fields = Object.keys(filter).length ? filterFields(filter) : null;
  if (kept) {
    // The caller reads only some fields: the filter is tested on a document of those and its own, which is returned.
    const read = coll.docs.fieldReader(fields ? [...kept, ...fields] : kept);
    return (rid) => {
      const doc = read(rid);
      return doc && test(doc) ? doc : undefined;
    };
  }
  if (!fields) {
    return (rid) => {
      const doc = coll.docs.get(rid);
      return doc && test(doc) ? doc : undefined;
    };
  }
  const read = coll.docs.fieldReader(fields);
  return (rid) => {
    const part = read(rid);
    return part && test(part) ? coll.docs.get(rid) : undefined;
  };
}

/**
 * The top-level fields to keep of each document found, when the caller reads only `opts.fields`: those, the sort's
 * and (in `matcherFor`) the filter's. Null when the whole documents are needed (no such option, or a filter or sort
 * that may read any field).
 */
function keptFields(filter: Doc, opts: FindOptions, sort: Doc | undefined): Set<string> | null {
  if (!opts.fields) return null;
  if (Object.keys(filter).length && !filterFields(filter)) return null;
  const sortRead = sort ? sortFields(sort) : new Set<string>();
  if (!sortRead) return null;
  return new Set([...opts.fields, ...sortRead]);
}

function runFind(coll: Collection, filter: Doc, opts: FindOptions, plan: Plan, test: (doc: Doc) => boolean): Doc[] {
  const scope = opts.scope ?? {};
  // Indexes hold binary string order and equality; a collation's query scans and sorts by the collation instead.
  const indexed = !scope.collation;
  const skip = opts.skip ?? 0;
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  const sort = opts.sort && Object.keys(opts.sort).length ? opts.sort : undefined;
  const kept = keptFields(filter, opts, sort);
  const fetch = matcherFor(coll, filter, test, kept);
  const natural = sort && Object.keys(sort).length === 1 && '$natural' in sort ? toNumber(sort.$natural) : 0;

  // One value of a compound index's first field, sorted on its second: walk that run in order and stop at the limit.
  if (sort && !natural && indexed) {
    const keys = Object.keys(sort);
    const conds = conditions(filter);
    const secondField = keys[keys.length - 1]!;
    // A leading sort key is harmless when it is the first field, which the filter fixes to one value.
    const walk = keys.length === 1 ? prefixWalk(coll, conds, secondField) : keys.length === 2 ? prefixWalk(coll, conds, secondField, keys[0]) : null;
    if (walk) {
      const dir = toNumber(sort[secondField]) < 0 ? -1 : 1;
      const { entries, lo, hi } = walk;
      Object.assign(plan, { stage: 'IXSCAN', index: walk.index, sortedByIndex: true, keysExamined: hi - lo });
      const out: Doc[] = [];
      const want = skip + limit;
      const take = (i: number): void => {
        const doc = fetch(entries[i]!.rid);
        if (doc) out.push(doc);
      };
      if (dir > 0) {
        for (let i = lo; i < hi && out.length < want; i++) take(i);
      } else {
        // Backwards by value, but equal values keep ascending record order, as a stable sort of the matches would.
        for (let i = hi - 1; i >= lo && out.length < want; ) {
          let j = i;
          while (j > lo && compareValues(entries[j - 1]!.value, entries[i]!.value) === 0) j--;
          for (let k = j; k <= i; k++) take(k);
          i = j - 1;
        }
      }
      return out.slice(skip, skip + limit);
    }
  }

  const found = indexed ? candidates(coll, filter) : null;
  const rids = found?.rids;
  if (found) Object.assign(plan, { stage: found.idHack ? 'IDHACK' : 'IXSCAN', index: found.index, keysExamined: found.size });
  if (!rids && sort && !natural && indexed && Object.keys(sort).length === 1) {
    const [field, dirRaw] = Object.entries(sort)[0]!;
    const index = usableIndex(coll, field);
    if (index && !index.multikey && !index.spec.sparse && index.size === coll.docs.size) {
      const entries = index.sortedEntries();
      const dir = toNumber(dirRaw) < 0 ? -1 : 1;
      Object.assign(plan, { stage: 'IXSCAN', index, sortedByIndex: true, keysExamined: entries.length });
      const out: Doc[] = [];
      const want = skip + limit;
      for (let i = 0; i < entries.length && out.length < want; i++) {
        const e = entries[dir > 0 ? i : entries.length - 1 - i]!;
        const doc = fetch(e.rid);
        if (doc) out.push(doc);
      }
      return out.slice(skip);
    }
  }

  const source: Iterable<number> = rids ? [...rids].sort((a, b) => a - b) : coll.docs.keys();
  const filterRead = filterFields(filter);
  const sortRead = sort && !natural && limit !== Infinity ? sortFields(sort) : null;
  if (filterRead && sortRead) {
    // A sort with a limit: match and sort documents of just the fields both read, then decode only those kept.
    const read = coll.docs.fieldReader([...filterRead, ...sortRead]);
    const hits: Array<{ rid: number; doc: Doc }> = [];
    for (const rid of source) {
      const doc = read(rid);
      if (doc && test(doc)) hits.push({ rid, doc });
    }
    const compare = compileSort(sort!, scope.collation);
    hits.sort((a, b) => compare(a.doc, b.doc));
    const keep = kept && coll.docs.fieldReader([...kept, ...filterRead]);
    return hits.slice(skip, skip + limit).map((h) => (keep ? keep(h.rid) : coll.docs.get(h.rid))!);
  }
  const out: Doc[] = [];
  const earlyStop = sort ? Infinity : skip + limit;
  for (const rid of source) {
    const doc = fetch(rid);
    if (doc) out.push(doc);
    if (out.length >= earlyStop && (rids || natural >= 0)) break;
  }
  if (natural < 0) out.reverse();
  else if (sort && !natural) out.sort(compileSort(sort, scope.collation));
  return out.slice(skip, limit === Infinity ? undefined : skip + limit);
}

/** Record ids and documents matching a filter, in natural order (for update and delete). */
export function matchRids(coll: Collection, filter: Doc = {}, max = Infinity, scope: QueryScope = {}): number[] {
  const test = compileFilter(filter, scope);
  const out: number[] = [];
  const rids = scope.collation ? null : candidates(coll, filter)?.rids;
  const source: Iterable<number> = rids ? [...rids].sort((a, b) => a - b) : coll.docs.keys();
  const fields = filterFields(filter);
  const read = fields ? coll.docs.fieldReader(fields) : (rid: number) => coll.docs.get(rid);
  for (const rid of source) {
    const doc = read(rid);
    if (doc && test(doc)) {
      out.push(rid);
      if (out.length >= max) break;
    }
  }
  return out;
}
