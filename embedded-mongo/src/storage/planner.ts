import { ObjectId } from 'bson';
import { compileFilter } from '../query/matcher';
import { compileSort } from '../query/sort';
import { isNumeric, isPlainObject, toNumber, type Doc } from '../query/values';
import type { Collection } from './collection';
import type { Index } from './indexes';

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
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

/** Picks record ids from an index for a filter, or null when the whole collection must be scanned. */
function candidates(coll: Collection, filter: Doc): Iterable<number> | null {
  const conds: Array<[string, unknown]> = [];
  const collect = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((sub) => isPlainObject(sub) && collect(sub));
      else if (!k.startsWith('$')) conds.push([k, v]);
    }
  };
  collect(filter);
  let best: Iterable<number> | null = null;
  let bestSize = Infinity;
  const consider = (set: Iterable<number>, size: number): void => {
    if (size < bestSize) {
      best = set;
      bestSize = size;
    }
  };
  for (const [field, cond] of conds) {
    if (field === '_id' && isProbeScalar(cond)) {
      const rid = coll.ridForId(cond);
      consider(rid === undefined ? [] : [rid], rid === undefined ? 0 : 1);
      continue;
    }
    const index = usableIndex(coll, field);
    if (!index) continue;
    if (isProbeScalar(cond)) {
      const set = index.lookupFirst(cond);
      consider(set, set.size);
      continue;
    }
    if (!isPlainObject(cond)) continue;
    const ops = Object.keys(cond);
    if (ops.length === 1 && ops[0] === '$eq' && isProbeScalar(cond.$eq)) {
      const set = index.lookupFirst(cond.$eq);
      consider(set, set.size);
    } else if (ops.length === 1 && ops[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(isProbeScalar)) {
      const out = new Set<number>();
      for (const v of cond.$in) for (const rid of index.lookupFirst(v)) out.add(rid);
      consider(out, out.size);
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
      consider(out, out.size);
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
  const test = compileFilter(filter);
  const skip = opts.skip ?? 0;
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  const sort = opts.sort && Object.keys(opts.sort).length ? opts.sort : undefined;
  const natural = sort && Object.keys(sort).length === 1 && '$natural' in sort ? toNumber(sort.$natural) : 0;

  const rids = candidates(coll, filter);
  if (!rids && sort && !natural && Object.keys(sort).length === 1) {
    const [field, dirRaw] = Object.entries(sort)[0]!;
    const index = usableIndex(coll, field);
    if (index && !index.multikey && !index.spec.sparse && index.size === coll.docs.size) {
      const entries = index.sortedEntries();
      const dir = toNumber(dirRaw) < 0 ? -1 : 1;
      const out: Doc[] = [];
      const want = skip + limit;
      for (let i = 0; i < entries.length && out.length < want; i++) {
        const e = entries[dir > 0 ? i : entries.length - 1 - i]!;
        const doc = coll.docs.get(e.rid);
        if (doc && test(doc)) out.push(doc);
      }
      return out.slice(skip);
    }
  }

  const out: Doc[] = [];
  const earlyStop = sort ? Infinity : skip + limit;
  if (rids) {
    const ordered = [...rids].sort((a, b) => a - b);
    for (const rid of ordered) {
      const doc = coll.docs.get(rid);
      if (doc && test(doc)) out.push(doc);
      if (out.length >= earlyStop) break;
    }
  } else {
    for (const doc of coll.docs.values()) {
      if (test(doc)) out.push(doc);
      if (out.length >= earlyStop && natural >= 0) break;
    }
  }
  if (natural < 0) out.reverse();
  else if (sort && !natural) out.sort(compileSort(sort));
  return out.slice(skip, limit === Infinity ? undefined : skip + limit);
}

/** Record ids and documents matching a filter, in natural order (for update and delete). */
export function matchRids(coll: Collection, filter: Doc = {}, max = Infinity): number[] {
  const test = compileFilter(filter);
  const out: number[] = [];
  const rids = candidates(coll, filter);
  const source: Iterable<number> = rids ? [...rids].sort((a, b) => a - b) : coll.docs.keys();
  for (const rid of source) {
    const doc = coll.docs.get(rid);
    if (doc && test(doc)) {
      out.push(rid);
      if (out.length >= max) break;
    }
  }
  return out;
}
