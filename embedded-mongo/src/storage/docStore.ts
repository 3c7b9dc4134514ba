import { Double, calculateObjectSize, serializeWithBufferAndIndex } from 'bson';
import type { Doc } from '../query/values';
import { decodeDocument } from '../wire/bsonCodec';

/**
 * The documents of one collection by record id, each kept as its BSON bytes and decoded on every read, so a
 * collection costs about its BSON size rather than the several times more of decoded JavaScript objects.
 *
 * The bytes are held as one-byte (latin1) strings: a string lives inside the V8 heap with a header of a few bytes,
 * is moved and compacted by the garbage collector, and pins nothing else, where a small Buffer would hold on to a
 * shared 8 KB allocation pool (or carry its own backing store) for as long as the document lives.
 *
 * Every read returns a fresh object: callers may change it without touching what is stored. Decoding goes through
 * the wire's decoder (`wire/bsonCodec.ts`), so a field named `__proto__` comes back as an own field, never as the
 * object's prototype.
 */
export class DocStore {
  private readonly bytes = new Map<number, string>();

  get size(): number {
    return this.bytes.size;
  }

  has(rid: number): boolean {
    return this.bytes.has(rid);
  }

  get(rid: number): Doc | undefined {
    const stored = this.bytes.get(rid);
    return stored === undefined ? undefined : decodeStored(stored);
  }

  set(rid: number, doc: Doc): void {
    this.bytes.set(rid, encodeStored(doc));
  }

  delete(rid: number): boolean {
    return this.bytes.delete(rid);
  }

  clear(): void {
    this.bytes.clear();
  }

  keys(): IterableIterator<number> {
    return this.bytes.keys();
  }

  /** Decodes each document as the iteration reaches it (insertion order, like a Map). */
  *values(): Generator<Doc> {
    for (const stored of this.bytes.values()) yield decodeStored(stored);
  }

  *entries(): Generator<[number, Doc]> {
    for (const [rid, stored] of this.bytes) yield [rid, decodeStored(stored)];
  }

  [Symbol.iterator](): Generator<[number, Doc]> {
    return this.entries();
  }

  /**
   * A reader of some top-level fields only: it returns a document holding just those of `names` the stored document
   * has (in their stored order), decoding nothing else. A query tests its filter on that, and decodes the whole
   * document only when it matches.
   */
  fieldReader(names: Iterable<string>): (rid: number) => Doc | undefined {
    // The stored bytes are latin1 characters: a name is found by its UTF-8 bytes read the same way.
    const wanted = [...new Set(names)].map((key) => ({ key, bytes: Buffer.from(key, 'utf8').toString('latin1') }));
    return (rid) => {
      const stored = this.bytes.get(rid);
      if (stored === undefined) return undefined;
      return pickFields(stored, wanted) ?? decodeStored(stored);
    };
  }
}

/** A little-endian int32 read from latin1 characters. */
function int32At(s: string, p: number): number {
  return s.charCodeAt(p) | (s.charCodeAt(p + 1) << 8) | (s.charCodeAt(p + 2) << 16) | (s.charCodeAt(p + 3) << 24);
}

function int32Chars(n: number): string {
  return String.fromCharCode(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
}

/** Bytes of an element's value of BSON type `type` starting at `p`, or -1 for a type this reader does not know. */
function valueSize(s: string, type: number, p: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + int32At(s, p);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return int32At(s, p);
    case 0x05: // binary: length, subtype, bytes
      return 5 + int32At(s, p);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regular expression: pattern and options, each a C string
      const patternEnd = s.indexOf('\0', p);
      return s.indexOf('\0', patternEnd + 1) + 1 - p;
    }
    case 0x0c: // DBPointer: string, ObjectId
      return 4 + int32At(s, p) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      return -1;
  }
}

const doubleBytes = Buffer.alloc(8);
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The value of a scalar element (double, string, boolean, date, null, int32, int64) in its in-memory form (as
 * wire/bsonCodec.ts gives it), or `NOT_SCALAR` for the other types, which go through the BSON decoder.
 */
const NOT_SCALAR = Symbol('not a scalar');
function scalarAt(s: string, type: number, p: number): unknown {
  switch (type) {
    case 0x01: {
      for (let k = 0; k < 8; k++) doubleBytes[k] = s.charCodeAt(p + k);
      const n = doubleBytes.readDoubleLE(0);
      return Number.isInteger(n) ? new Double(n) : n;
    }
    case 0x02: {
      const text = s.slice(p + 4, p + 4 + int32At(s, p) - 1);
      // The characters are the string's UTF-8 bytes: ASCII reads as itself.
      return NON_ASCII.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text;
    }
    case 0x08:
      return s.charCodeAt(p) === 1;
    case 0x09:
      return new Date((int32At(s, p) >>> 0) + int32At(s, p + 4) * 2 ** 32);
    case 0x0a:
      return null;
    case 0x10:
      return int32At(s, p);
    case 0x12:
      return BigInt.asIntN(64, (BigInt(int32At(s, p + 4)) << 32n) | BigInt(int32At(s, p) >>> 0));
    default:
      return NOT_SCALAR;
  }
}

interface WantedField {
  key: string;
  /** The name's UTF-8 bytes as latin1 characters, as it appears in the stored string. */
  bytes: string;
}

/**
 * The wanted top-level fields of `stored` as a document: scalars are read in place, and when another type is among
 * them the wanted elements go through the BSON decoder together. Null when the document cannot be walked (decode it
 * all).
 */
function pickFields(stored: string, wanted: readonly WantedField[]): Doc | null {
  const end = stored.length - 1;
  const out: Doc = {};
  let found = 0;
  let complex = false;
  let p = 4;
  while (p < end && found < wanted.length) {
    const type = stored.charCodeAt(p);
    const nameEnd = stored.indexOf('\0', p + 1);
    if (nameEnd < 0) return null;
    const size = valueSize(stored, type, nameEnd + 1);
    if (size < 0) return null;
    const next = nameEnd + 1 + size;
    const nameLength = nameEnd - p - 1;
    for (const w of wanted) {
      if (w.bytes.length !== nameLength || !stored.startsWith(w.bytes, p + 1)) continue;
      found++;
      const value = complex ? NOT_SCALAR : scalarAt(stored, type, nameEnd + 1);
      if (value === NOT_SCALAR) complex = true;
      // A field named __proto__ is data: an own field, never the object's prototype.
      else if (w.key === '__proto__') Object.defineProperty(out, w.key, { value, enumerable: true, writable: true, configurable: true });
      else out[w.key] = value;
      break;
    }
    p = next;
  }
  if (!complex) return out;
  // Some value needs the BSON decoder: decode every wanted element together (the scalars read so far included).
  let elements = '';
  p = 4;
  while (p < end) {
    const nameEnd = stored.indexOf('\0', p + 1);
    const next = nameEnd + 1 + valueSize(stored, stored.charCodeAt(p), nameEnd + 1);
    const name = stored.slice(p + 1, nameEnd);
    if (wanted.some((w) => w.bytes === name)) elements += stored.slice(p, next);
    p = next;
  }
  return decodeStored(int32Chars(elements.length + 5) + elements + '\0');
}

/**
 * Encoding goes through one scratch buffer of this module's own rather than a fresh Buffer per document: small
 * Buffers come from Node's shared 8 KB pools, and a pool that also served a long-lived small value (an ObjectId
 * kept by an index entry) would stay alive whole for as long as that value does.
 */
const scratch = Buffer.allocUnsafeSlow(64 * 1024);

function encodeStored(doc: Doc): string {
  try {
    return scratch.toString('latin1', 0, serializeWithBufferAndIndex(doc, scratch, { ignoreUndefined: false }) + 1);
  } catch (err) {
    // Too large for the buffer (a RangeError, possibly of another realm): a buffer of its own, not kept.
    const size = calculateObjectSize(doc, { ignoreUndefined: false });
    if (size <= scratch.length) throw err;
    const own = Buffer.allocUnsafeSlow(size);
    return own.toString('latin1', 0, serializeWithBufferAndIndex(doc, own, { ignoreUndefined: false }) + 1);
  }
}

function decodeStored(stored: string): Doc {
  // A fresh buffer per read: decoded Binary values keep views into it.
  return decodeDocument(Buffer.from(stored, 'latin1')) as Doc;
}
