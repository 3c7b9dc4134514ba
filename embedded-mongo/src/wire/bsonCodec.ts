import { BSONSymbol, Double, Int32, Long, Timestamp, deserialize, serialize } from 'bson';
import type { Document } from 'bson';

/**
 * In-memory representation of BSON numbers, chosen so that every type round-trips:
 * - Int32 → a JS number (always integral and in int32 range);
 * - Double → a JS number when it has a fraction (or is NaN/±Infinity), otherwise a `Double` wrapper, because a
 *   plain integral number would go back out as Int32;
 * - Int64 → bigint; Decimal128, Binary, ObjectId, Timestamp → their BSON classes.
 * bson cannot combine `useBigInt64` with unpromoted values, so Longs arrive as `Long` and are turned into bigints
 * by the same walk that unwraps Int32 and fractional doubles.
 */
const DESERIALIZE_OPTIONS = {
  promoteValues: false,
  promoteLongs: false,
  promoteBuffers: false,
  bsonRegExp: false,
  validation: { utf8: false },
} as const;

function normalize(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Int32) return v.value;
  if (v instanceof Double) return Number.isInteger(v.value) ? v : v.value;
  // A Timestamp is a Long to bson's classes (it extends it): it stays a Timestamp.
  if (v instanceof Timestamp) return v;
  if (v instanceof Long) return v.toBigInt();
  if (v instanceof BSONSymbol) return v.valueOf();
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = normalize(v[i]);
    return v;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    const o = v as Record<string, unknown>;
    for (const k in o) o[k] = normalize(o[k]);
  }
  return v;
}

export function decodeDocument(buf: Uint8Array): Document {
  return normalize(deserialize(buf, DESERIALIZE_OPTIONS)) as Document;
}

export function encodeDocument(doc: Document): Buffer {
  const bytes = serialize(doc, { ignoreUndefined: false });
  // bson hands out a Buffer of its own under Node: no need to copy it into another.
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
