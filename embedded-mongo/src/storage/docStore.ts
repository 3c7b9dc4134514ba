import type { Doc } from '../query/values';
import { decodeDocument, encodeDocument } from '../wire/bsonCodec';

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
    this.bytes.set(rid, encodeDocument(doc).toString('latin1'));
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

  /** The stored BSON size of one document (0 when absent). */
  bsonSize(rid: number): number {
    return this.bytes.get(rid)?.length ?? 0;
  }
}

function decodeStored(stored: string): Doc {
  // A fresh buffer per read: decoded Binary values keep views into it.
  return decodeDocument(Buffer.from(stored, 'latin1')) as Doc;
}
