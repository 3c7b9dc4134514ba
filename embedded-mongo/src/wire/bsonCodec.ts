import { deserialize, serialize } from 'bson';
import type { Document } from 'bson';

/**
 * Documents are kept with bigint for Int64 so that an Int64 written comes back Int64, and Binary kept as Binary.
 * Int32 and Double both become numbers; a number goes back out as Int32 when integral and in range, else Double.
 */
const DESERIALIZE_OPTIONS = {
  useBigInt64: true,
  promoteBuffers: false,
  promoteValues: true,
  bsonRegExp: false,
  validation: { utf8: false },
} as const;

export function decodeDocument(buf: Uint8Array): Document {
  return deserialize(buf, DESERIALIZE_OPTIONS);
}

export function encodeDocument(doc: Document): Buffer {
  return Buffer.from(serialize(doc, { ignoreUndefined: false }));
}
