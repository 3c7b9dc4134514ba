import { BSONRegExp, BSONSymbol, Binary, Code, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { setField } from './fields';

/** A plain document as held in memory (field order preserved). */
export type Doc = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function isNumeric(v: unknown): boolean {
  return (
    typeof v === 'number' ||
    typeof v === 'bigint' ||
    v instanceof Int32 ||
    v instanceof Double ||
    // A Timestamp is a Long to bson's classes (it extends it), but no number to MongoDB.
    (v instanceof Long && !(v instanceof Timestamp)) ||
    v instanceof Decimal128
  );
}

/** Numeric value as a JS number (precision may be lost for huge Int64/Decimal128; fine for comparisons). */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return v.toNumber();
  if (v instanceof Decimal128) return Number.parseFloat(v.toString());
  return Number.NaN;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** A plain JS number goes out as Int32 when it is integral and in range (bson's rule), else as a Double. */
export function isInt32Number(v: number): boolean {
  return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0);
}

/**
 * A double result in its in-memory form: integral values need the `Double` wrapper to stay doubles on the wire
 * (see wire/bsonCodec.ts); fractional ones, NaN and infinities are doubles as plain numbers.
 */
export function asDouble(n: number): number | Double {
  return Number.isInteger(n) ? new Double(n) : n;
}

/**
 * A numeric value in a form that compares exactly: integral Int64, Decimal128 and doubles become bigint where a
 * JS number could not hold them, everything else a number.
 */
function exactNumeric(v: unknown): number | bigint {
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  if (v instanceof Double || v instanceof Int32) return v.value;
  if (v instanceof Long) return v.toBigInt();
  if (v instanceof Decimal128) {
    const text = v.toString();
    return /^-?\d+$/.test(text) ? BigInt(text) : Number.parseFloat(text);
  }
  return Number.NaN;
}

/** MongoDB's canonical BSON type order for comparison and sorting. */
export function typeRank(v: unknown): number {
  if (v instanceof MinKey) return 1;
  if (v === undefined || v === null) return 2;
  if (isNumeric(v)) return 3;
  if (typeof v === 'string' || typeof v === 'symbol') return 4;
  if (Array.isArray(v)) return 6;
  if (v instanceof Binary || ArrayBuffer.isView(v)) return 7;
  if (v instanceof ObjectId) return 8;
  if (typeof v === 'boolean') return 9;
  if (v instanceof Date) return 10;
  if (v instanceof Timestamp) return 11;
  if (v instanceof RegExp) return 12;
  if (v instanceof MaxKey) return 13;
  return 5; // embedded document (and anything else object-like)
}

function cmp<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytesOf(v: unknown): Uint8Array {
  if (v instanceof Binary) return v.buffer.subarray(0, v.position);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return new Uint8Array();
}

function compareNumbers(x: number, y: number): number {
  // MongoDB sorts NaN below every other number.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return cmp(x, y);
}

/** Compares an exact integer with a double without rounding the integer through a double. */
function compareBigToNumber(x: bigint, y: number): number {
  if (Number.isNaN(y)) return 1;
  if (y === Infinity) return -1;
  if (y === -Infinity) return 1;
  if (Number.isInteger(y)) return cmp(x, BigInt(y));
  return x <= BigInt(Math.floor(y)) ? -1 : 1;
}

function compareNumeric(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  const x = exactNumeric(a);
  const y = exactNumeric(b);
  if (typeof x === 'bigint') return typeof y === 'bigint' ? cmp(x, y) : compareBigToNumber(x, y);
  if (typeof y === 'bigint') return -compareBigToNumber(y, x);
  return compareNumbers(x, y);
}

/** Compares two BSON values the way MongoDB does (type order first, then value). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3:
      return compareNumeric(a, b);
    case 4:
      return cmp(String(a), String(b));
    case 5: {
      const ka = Object.keys(a as Doc);
      const kb = Object.keys(b as Doc);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const va = (a as Doc)[ka[i]!];
        const vb = (b as Doc)[kb[i]!];
        const byType = typeRank(va) - typeRank(vb);
        if (byType) return byType;
        const byName = cmp(ka[i]!, kb[i]!);
        if (byName) return byName;
        const byValue = compareValues(va, vb);
        if (byValue) return byValue;
      }
      return ka.length - kb.length;
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i]);
        if (c) return c;
      }
      return xa.length - xb.length;
    }
    case 7: {
      const ba = bytesOf(a);
      const bb = bytesOf(b);
      if (ba.length !== bb.length) return ba.length - bb.length;
      const sa = a instanceof Binary ? a.sub_type : 0;
      const sb = b instanceof Binary ? b.sub_type : 0;
      if (sa !== sb) return sa - sb;
      return Buffer.compare(ba, bb);
    }
    case 8:
      return Buffer.compare((a as ObjectId).id, (b as ObjectId).id);
    case 9:
      return cmp(a as boolean, b as boolean);
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return (a as Timestamp).compare(b as Timestamp);
    case 12:
      return cmp(String(a), String(b));
    default:
      return 0;
  }
}

/** Structural equality with numeric cross-type equality (1 == 1.0 == 1n), as MongoDB's `$eq`. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** The document with `_id` as its first field, as MongoDB keeps it. */
export function idFirst(doc: Doc): Doc {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** Deep copy of arrays and plain objects; BSON value objects are immutable and shared. */
export function cloneValue<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x: unknown) => cloneValue(x)) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) setField(out, k, cloneValue(v[k]));
    return out as T;
  }
  return v;
}

/** A name for a value's BSON type, as MongoDB prints it in error messages and accepts in `$type`. */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'missing';
  if (typeof v === 'number') return isInt32Number(v) ? 'int' : 'double';
  if (v instanceof Double) return 'double';
  if (v instanceof Int32) return 'int';
  if (v instanceof Timestamp) return 'timestamp';
  if (typeof v === 'bigint' || v instanceof Long) return 'long';
  if (v instanceof Decimal128) return 'decimal';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v instanceof ObjectId) return 'objectId';
  if (v instanceof Date) return 'date';
  if (v instanceof Binary) return 'binData';
  if (v instanceof Timestamp) return 'timestamp';
  if (v instanceof RegExp || v instanceof BSONRegExp) return 'regex';
  if (v instanceof MinKey) return 'minKey';
  if (v instanceof MaxKey) return 'maxKey';
  if (v instanceof Code) return v.scope ? 'javascriptWithScope' : 'javascript';
  if (v instanceof BSONSymbol) return 'symbol';
  return 'object';
}

/**
 * Identical BSON: same types, values and field order. Unlike `valuesEqual`, Int32 2 and Double 2 differ, so an
 * update that only changes a number's type still counts as a modification.
 */
export function identicalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!identicalValues(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      if (ka[i] !== kb[i] || !identicalValues(a[ka[i]!], b[kb[i]!])) return false;
    }
    return true;
  }
  if (typeName(a) !== typeName(b)) return false;
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a instanceof Double && b instanceof Double) return Object.is(a.value, b.value);
  return compareValues(a, b) === 0;
}

/** Renders a value roughly like the MongoDB shell does, for error messages. */
export function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return v.toString();
  if (v === undefined) return 'undefined';
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return `[ ${v.map(formatValue).join(', ')} ]`;
  if (isPlainObject(v)) {
    const parts = Object.keys(v).map((k) => `${k}: ${formatValue(v[k])}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return String(v);
}
