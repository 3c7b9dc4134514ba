import type { Document } from 'bson';
import { fail } from '../errors';
import { field, setField } from '../query/fields';
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

/**
 * The keys of a record whose indexed fields each hold one value (no array on the way), the common case, in one
 * small object: its full key, its first field's key and values. It is its own entry of the sorted array, so a
 * record costs the index one object besides its key string.
 */
class SingleKeys implements Entry {
  constructor(
    readonly rid: number,
    readonly fullKey: string,
    readonly firstKey: string,
    /** The first field's value. */
    readonly value: unknown,
    /** The second field's value (compound indexes only). */
    readonly second: unknown,
  ) {}
}

/** The keys of a record with several values (multikey). */
interface ManyKeys {
  full: string[];
  first: string[];
  firstValues: unknown[];
  /** Values of the second field (compound indexes only). */
  secondValues: unknown[];
}

type RidKeys = SingleKeys | ManyKeys;

const fullKeys = (k: RidKeys): string[] => (k instanceof SingleKeys ? [k.fullKey] : k.full);
const firstKeys = (k: RidKeys): string[] => (k instanceof SingleKeys ? [k.firstKey] : k.first);
const secondValues = (k: RidKeys, compound: boolean): unknown[] => (k instanceof SingleKeys ? (compound ? [k.second] : []) : k.secondValues);

/** Record ids by key: one record as a bare number (unique keys, the common case), several as a set. */
type RidsByKey = Map<string, number | Set<number>>;

/** The records of one first-field value, ordered by the second field: lazily re-sorted after an out-of-order write. */
interface PrefixRun {
  entries: Entry[];
  dirty: boolean;
}

/**
 * One index: a hash map from the full key to record ids (equality and uniqueness), a hash map on the first field
 * (prefix equality for compound indexes) and a sorted array on the first field, rebuilt lazily after writes,
 * for range scans and sorts with binary search.
 */
export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly full: RidsByKey = new Map();
  private readonly first: RidsByKey = new Map();
  private readonly byRid = new Map<number, RidKeys>();
  private readonly runs = new Map<string, PrefixRun>();
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

  /** The `_id` index is always unique, though its specification (as listIndexes shows it) has no unique flag. */
  get unique(): boolean {
    return this.spec.unique === true || this.name === '_id_';
  }

  /** Index keys for a document (as record `rid`), or null when the document is not in this index (sparse / partial). */
  keysFor(doc: Doc, rid: number): RidKeys | null {
    if (this.spec.sparse && !this.fields.some((f) => hasPath(doc, f))) return null;
    if (this.partial && !this.partial(doc)) return null;
    const perField = this.fields.map((f) => dedupe(getPathValues(doc, f)));
    if (perField.every((values) => values.length === 1)) {
      // One value per field (no array on the way): one key, without building combinations.
      const firstKey = encodeKey(perField[0]![0]);
      const fullKey = perField.length === 1 ? firstKey : perField.map((values) => encodeKey(values[0])).join('|');
      return new SingleKeys(rid, fullKey, firstKey, perField[0]![0], perField[1]?.[0]);
    }
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
      secondValues: perField[1] ?? [],
    };
  }

  /** Throws E11000 if inserting `doc` (as record `rid`) would duplicate another record's key. */
  checkUnique(doc: Doc, rid: number, ns: string): void {
    if (!this.unique) return;
    const keys = this.keysFor(doc, rid);
    if (!keys) return;
    for (const k of fullKeys(keys)) {
      const holders = this.full.get(k);
      if (holders !== undefined && (typeof holders === 'number' ? holders !== rid : holders.size > 1 || !holders.has(rid))) this.duplicate(doc, ns);
    }
  }

  private duplicate(doc: Doc, ns: string): never {
    const keyValue: Doc = {};
    for (const f of this.fields) {
      const vals = getPathValues(doc, f);
      setField(keyValue, f, vals.length === 1 ? (vals[0] ?? null) : vals);
    }
    const shown = this.fields.map((f) => `${f}: ${formatValue(field(keyValue, f))}`).join(', ');
    fail('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: { ${shown} }`, {
      keyPattern: { ...this.spec.key },
      keyValue,
    });
  }

  add(doc: Doc, rid: number): void {
    const keys = this.keysFor(doc, rid);
    if (!keys) return;
    if (!(keys instanceof SingleKeys) && (keys.firstValues.length > 1 || keys.full.length > 1)) this.multikey = true;
    this.byRid.set(rid, keys);
    for (const k of fullKeys(keys)) addTo(this.full, k, rid);
    const compound = this.fields.length > 1;
    if (compound) {
      for (const k of firstKeys(keys)) addTo(this.first, k, rid);
      for (const k of firstKeys(keys)) this.addToRun(k, secondValues(keys, true), rid);
    }
    if (!this.sortedDirty) {
      // Appends in key order (the common case for ObjectIds and counters) keep the array sorted without a rebuild.
      const last = this.sorted[this.sorted.length - 1];
      if (keys instanceof SingleKeys) {
        if (!last || compareValues(last.value, keys.value) <= 0) this.sorted.push(keys);
        else this.sortedDirty = true;
      } else {
        const values = keys.firstValues.length === 1 ? keys.firstValues : [...keys.firstValues].sort(compareValues);
        if (!last || compareValues(last.value, values[0]) <= 0) {
          for (const value of values) this.sorted.push({ value, rid });
        } else this.sortedDirty = true;
      }
    }
  }

  remove(rid: number): void {
    const keys = this.byRid.get(rid);
    if (!keys) return;
    this.byRid.delete(rid);
    for (const k of fullKeys(keys)) removeFrom(this.full, k, rid);
    if (this.fields.length > 1) {
      for (const k of firstKeys(keys)) {
        removeFrom(this.first, k, rid);
        if (!this.first.has(k)) this.runs.delete(k);
        else this.runs.get(k)!.dirty = true;
      }
    }
    this.sortedDirty = true;
  }

  /**
   * A document rewritten in place: when none of its indexed values changed (most updates touch other fields) the
   * index is left as it is, so its sorted arrays stay valid.
   */
  replace(doc: Doc, rid: number): void {
    const old = this.byRid.get(rid);
    const keys = this.keysFor(doc, rid);
    if (old && keys && sameKeys(old, keys)) return;
    this.remove(rid);
    this.add(doc, rid);
  }

  private addToRun(firstKey: string, values: unknown[], rid: number): void {
    let run = this.runs.get(firstKey);
    if (!run) this.runs.set(firstKey, (run = { entries: [], dirty: false }));
    if (run.dirty) return;
    const last = run.entries[run.entries.length - 1];
    const sortedValues = values.length === 1 ? values : [...values].sort(compareValues);
    if (!last || compareValues(last.value, sortedValues[0]) < 0 || (compareValues(last.value, sortedValues[0]) === 0 && last.rid < rid)) {
      for (const value of sortedValues) run.entries.push({ value, rid });
    } else run.dirty = true;
  }

  /**
   * For a compound index: the records whose first field equals `first`, ordered by the second field (then record
   * id), with the positions bounding `lower`..`upper` on the second field. Lets the planner walk one prefix in
   * order instead of sorting every match.
   */
  prefixRun(
    first: unknown,
    lower?: { value: unknown; inclusive: boolean },
    upper?: { value: unknown; inclusive: boolean },
  ): { entries: Entry[]; lo: number; hi: number } {
    const key = encodeKey(first);
    const run = this.runs.get(key);
    if (!run) return { entries: [], lo: 0, hi: 0 };
    if (run.dirty) {
      const entries: Entry[] = [];
      for (const rid of ridsOf(this.first.get(key))) {
        const keys = this.byRid.get(rid);
        if (keys) for (const value of secondValues(keys, true)) entries.push({ value, rid });
      }
      entries.sort((a, b) => compareValues(a.value, b.value) || a.rid - b.rid);
      run.entries = entries;
      run.dirty = false;
    }
    const arr = run.entries;
    const lo = lower ? bound(arr, (e) => (lower.inclusive ? compareValues(e.value, lower.value) < 0 : compareValues(e.value, lower.value) <= 0)) : 0;
    const hi = upper ? bound(arr, (e) => (upper.inclusive ? compareValues(e.value, upper.value) <= 0 : compareValues(e.value, upper.value) < 0)) : arr.length;
    return { entries: arr, lo, hi: Math.max(lo, hi) };
  }

  /** Record ids whose first indexed field equals `value` (scalar values only). */
  lookupFirst(value: unknown): Set<number> {
    const map = this.fields.length > 1 ? this.first : this.full;
    return asSet(map.get(encodeKey(value)));
  }

  /** Record ids whose full key equals the given per-field values. */
  lookupFull(values: unknown[]): Set<number> {
    return asSet(this.full.get(values.map(encodeKey).join('|')));
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
      for (const [rid, keys] of this.byRid) {
        if (keys instanceof SingleKeys) entries.push(keys);
        else for (const value of keys.firstValues) entries.push({ value, rid });
      }
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
    this.runs.clear();
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

function sameKeys(a: RidKeys, b: RidKeys): boolean {
  if (a instanceof SingleKeys && b instanceof SingleKeys) return a.fullKey === b.fullKey && a.firstKey === b.firstKey;
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((k, i) => k === y[i]);
  return same(fullKeys(a), fullKeys(b)) && same(firstKeys(a), firstKeys(b));
}

function dedupe(values: unknown[]): unknown[] {
  if (values.length < 2) return values;
  const seen = new Map<string, unknown>();
  for (const v of values) seen.set(encodeKey(v), v);
  return [...seen.values()];
}

function addTo(map: RidsByKey, key: string, rid: number): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, rid);
  else if (typeof held === 'number') {
    if (held !== rid) map.set(key, new Set([held, rid]));
  } else held.add(rid);
}

function removeFrom(map: RidsByKey, key: string, rid: number): void {
  const held = map.get(key);
  if (held === undefined) return;
  if (typeof held === 'number') {
    if (held === rid) map.delete(key);
    return;
  }
  held.delete(rid);
  if (held.size === 1) map.set(key, held.values().next().value!);
  else if (held.size === 0) map.delete(key);
}

function ridsOf(held: number | Set<number> | undefined): Iterable<number> {
  return held === undefined ? [] : typeof held === 'number' ? [held] : held;
}

/** A copy the caller may keep or change. */
function asSet(held: number | Set<number> | undefined): Set<number> {
  return new Set(ridsOf(held));
}

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([f, d]) => `${f}_${String(d)}`)
    .join('_');
}
