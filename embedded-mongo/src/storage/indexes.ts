import type { Document } from 'bson';
import { fail } from '../errors';
import { compileFilter } from '../query/matcher';
import { getPathValues, hasPath } from '../query/paths';
import { compareValues, formatValue, type Doc } from '../query/values';
import { encodeKey } from './keys';

export interface IndexSpec {
  v: number;
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

interface Entry {
  value: unknown;
  rid: number;
}

interface RidKeys {
  full: string[];
  first: string[];
  firstValues: unknown[];
}

/**
 * One index: a hash map from the full key to record ids (equality and uniqueness), a hash map on the first field
 * (prefix equality for compound indexes) and a sorted array on the first field, rebuilt lazily after writes,
 * for range scans and sorts with binary search.
 */
export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly full = new Map<string, Set<number>>();
  private readonly first = new Map<string, Set<number>>();
  private readonly byRid = new Map<number, RidKeys>();
  private sorted: Entry[] = [];
  private sortedDirty = false;
  private readonly partial?: (doc: Doc) => boolean;
  multikey = false;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    if (spec.partialFilterExpression) this.partial = compileFilter(spec.partialFilterExpression);
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Index keys for a document, or null when the document is not in this index (sparse / partial). */
  keysFor(doc: Doc): RidKeys | null {
    if (this.spec.sparse && !this.fields.some((f) => hasPath(doc, f))) return null;
    if (this.partial && !this.partial(doc)) return null;
    const perField = this.fields.map((f) => dedupe(getPathValues(doc, f)));
    let combos: unknown[][] = [[]];
    for (const values of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of values) next.push([...c, v]);
      combos = next;
    }
    const firstValues = perField[0] ?? [undefined];
    return {
      full: [...new Set(combos.map((c) => c.map(encodeKey).join('|')))],
      first: firstValues.map(encodeKey),
      firstValues,
    };
  }

  /** Throws E11000 if inserting `doc` (as record `rid`) would duplicate another record's key. */
  checkUnique(doc: Doc, rid: number, ns: string): void {
    if (!this.unique) return;
    const keys = this.keysFor(doc);
    if (!keys) return;
    for (const k of keys.full) {
      const holders = this.full.get(k);
      if (holders && (holders.size > 1 || !holders.has(rid))) this.duplicate(doc, ns);
    }
  }

  private duplicate(doc: Doc, ns: string): never {
    const keyValue: Doc = {};
    for (const f of this.fields) {
      const vals = getPathValues(doc, f);
      keyValue[f] = vals.length === 1 ? (vals[0] ?? null) : vals;
    }
    const shown = this.fields.map((f) => `${f}: ${formatValue(keyValue[f])}`).join(', ');
    fail('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: { ${shown} }`, {
      keyPattern: { ...this.spec.key },
      keyValue,
    });
  }

  add(doc: Doc, rid: number): void {
    const keys = this.keysFor(doc);
    if (!keys) return;
    if (keys.firstValues.length > 1 || keys.full.length > 1) this.multikey = true;
    this.byRid.set(rid, keys);
    for (const k of keys.full) addTo(this.full, k, rid);
    if (this.fields.length > 1) for (const k of keys.first) addTo(this.first, k, rid);
    if (!this.sortedDirty) {
      // Appends in key order (the common case for ObjectIds and counters) keep the array sorted without a rebuild.
      const last = this.sorted[this.sorted.length - 1];
      const values = [...keys.firstValues].sort(compareValues);
      if (!last || compareValues(last.value, values[0]) <= 0) {
        for (const value of values) this.sorted.push({ value, rid });
      } else this.sortedDirty = true;
    }
  }

  remove(rid: number): void {
    const keys = this.byRid.get(rid);
    if (!keys) return;
    this.byRid.delete(rid);
    for (const k of keys.full) removeFrom(this.full, k, rid);
    if (this.fields.length > 1) for (const k of keys.first) removeFrom(this.first, k, rid);
    this.sortedDirty = true;
  }

  /** Record ids whose first indexed field equals `value` (scalar values only). */
  lookupFirst(value: unknown): Set<number> {
    const map = this.fields.length > 1 ? this.first : this.full;
    return map.get(encodeKey(value)) ?? new Set();
  }

  /** Record ids whose full key equals the given per-field values. */
  lookupFull(values: unknown[]): Set<number> {
    return this.full.get(values.map(encodeKey).join('|')) ?? new Set();
  }

  get size(): number {
    return this.byRid.size;
  }

  /** Sorted entries on the first field between the bounds (inclusive flags), in ascending order. */
  range(lower?: { value: unknown; inclusive: boolean }, upper?: { value: unknown; inclusive: boolean }): Entry[] {
    const arr = this.sortedEntries();
    let lo = 0;
    let hi = arr.length;
    if (lower) {
      lo = bound(arr, (e) => {
        const c = compareValues(e.value, lower.value);
        return lower.inclusive ? c < 0 : c <= 0;
      });
    }
    if (upper) {
      hi = bound(arr, (e) => {
        const c = compareValues(e.value, upper.value);
        return upper.inclusive ? c <= 0 : c < 0;
      });
    }
    return lo < hi ? arr.slice(lo, hi) : [];
  }

  sortedEntries(): Entry[] {
    if (this.sortedDirty) {
      const entries: Entry[] = [];
      for (const [rid, keys] of this.byRid) for (const value of keys.firstValues) entries.push({ value, rid });
      entries.sort((a, b) => compareValues(a.value, b.value) || a.rid - b.rid);
      this.sorted = entries;
      this.sortedDirty = false;
    }
    return this.sorted;
  }

  clear(): void {
    this.full.clear();
    this.first.clear();
    this.byRid.clear();
    this.sorted = [];
    this.sortedDirty = false;
  }

  toDocument(): Document {
    return { ...this.spec };
  }
}

/** First index in `arr` where `before` is false (arr is partitioned: before=true then false). */
function bound<T>(arr: T[], before: (e: T) => boolean): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(arr[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function dedupe(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const seen = new Map<string, unknown>();
  for (const v of values) seen.set(encodeKey(v), v);
  return [...seen.values()];
}

function addTo(map: Map<string, Set<number>>, key: string, rid: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(rid);
}

function removeFrom(map: Map<string, Set<number>>, key: string, rid: number): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(rid);
  if (set.size === 0) map.delete(key);
}

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${String(d)}`)
    .join('_');
}
