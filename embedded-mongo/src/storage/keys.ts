import { Binary, Decimal128, Double, Long, ObjectId, Timestamp } from 'bson';
import { isPlainObject, toNumber } from '../query/values';

/**
 * A canonical string for a value such that values MongoDB considers equal (1, 1.0, 1n) share one string.
 * Used as the hash-map key of indexes and for duplicate detection.
 */
export function encodeKey(v: unknown): string {
  if (v === undefined || v === null) return 'N';
  if (typeof v === 'number') return numKey(v);
  if (v instanceof Double) return numKey(v.value);
  if (typeof v === 'bigint') return bigKey(v);
  if (v instanceof Timestamp) return `t${v.toString()}`;
  if (v instanceof Long) return bigKey(v.toBigInt());
  if (v instanceof Decimal128) {
    const text = v.toString();
    return /^-?\d+$/.test(text) ? bigKey(BigInt(text)) : numKey(toNumber(v));
  }
  if (typeof v === 'string') return `s${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return v ? 'T' : 'F';
  if (v instanceof ObjectId) return `o${v.toHexString()}`;
  if (v instanceof Date) return `d${v.getTime()}`;
  if (v instanceof Binary) return `x${v.sub_type}:${Buffer.from(v.buffer.subarray(0, v.position)).toString('base64')}`;
  if (v instanceof Timestamp) return `t${v.toString()}`;
  if (v instanceof RegExp) return `r${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(encodeKey).join(',')}]`;
  if (isPlainObject(v)) return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${encodeKey(v[k])}`).join(',')}}`;
  return `u${String(v)}`;
}

/** Integers a double can hold share the number's key; larger ones keep every digit so they stay distinct. */
function bigKey(v: bigint): string {
  return Number.isSafeInteger(Number(v)) ? numKey(Number(v)) : `n${v.toString()}`;
}

function numKey(n: number): string {
  return Object.is(n, -0) ? 'n0' : `n${n}`;
}
