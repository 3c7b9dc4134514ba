import type { Document } from 'bson';
import { field, setField } from '../query/fields';
import { decodeDocument, encodeDocument } from './bsonCodec';
import { crc32c } from './crc32c';
import { OP_MSG, newRequestId, writeHeader } from './framing';

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
export const FLAG_EXHAUST_ALLOWED = 1 << 16;

export interface ParsedOpMsg {
  flags: number;
  /** The kind-0 body with every kind-1 sequence attached under its identifier. */
  command: Document;
}

/** Parses an OP_MSG; verifies the CRC-32C when present. Throws on malformed input. */
export function parseOpMsg(msg: Buffer): ParsedOpMsg {
  const flags = msg.readUInt32LE(16);
  // Bits 0-15 are required flags: an unknown one means we cannot safely interpret the message.
  const unknownRequired = flags & 0xffff & ~(FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME);
  if (unknownRequired) throw new Error(`unsupported OP_MSG flag bits ${unknownRequired}`);
  let end = msg.length;
  if (flags & FLAG_CHECKSUM_PRESENT) {
    end -= 4;
    const expected = msg.readUInt32LE(end);
    const actual = crc32c(msg, 0, end);
    if (expected !== actual) throw new Error('OP_MSG checksum mismatch');
  }
  let pos = 20;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (pos < end) {
    const kind = msg[pos];
    pos += 1;
    if (kind === 0) {
      const size = msg.readInt32LE(pos);
      if (size < 5 || pos + size > end) throw new Error('malformed OP_MSG body section');
      if (body) throw new Error('OP_MSG has more than one body section');
      body = decodeDocument(msg.subarray(pos, pos + size));
      pos += size;
    } else if (kind === 1) {
      const size = msg.readInt32LE(pos);
      const sectionEnd = pos + size;
      if (size < 5 || sectionEnd > end) throw new Error('malformed OP_MSG document sequence');
      let p = pos + 4;
      const zero = msg.indexOf(0, p);
      if (zero < 0 || zero >= sectionEnd) throw new Error('malformed OP_MSG sequence identifier');
      const identifier = msg.toString('utf8', p, zero);
      p = zero + 1;
      const docs: Document[] = [];
      while (p < sectionEnd) {
        const docSize = msg.readInt32LE(p);
        if (docSize < 5 || p + docSize > sectionEnd) throw new Error('malformed document in OP_MSG sequence');
        docs.push(decodeDocument(msg.subarray(p, p + docSize)));
        p += docSize;
      }
      sequences.push([identifier, docs]);
      pos = sectionEnd;
    } else {
      throw new Error(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new Error('OP_MSG without a body section');
  for (const [id, docs] of sequences) {
    const existing = field(body, id);
    setField(body, id, Array.isArray(existing) ? [...(existing as Document[]), ...docs] : docs);
  }
  return { flags, command: body };
}

/** Builds a reply OP_MSG with a single kind-0 section. */
export function buildOpMsg(responseTo: number, doc: Document, checksum = false): Buffer {
  const bson = encodeDocument(doc);
  const len = 16 + 4 + 1 + bson.length + (checksum ? 4 : 0);
  const out = Buffer.allocUnsafe(len);
  writeHeader(out, { messageLength: len, requestId: newRequestId(), responseTo, opCode: OP_MSG });
  out.writeUInt32LE(checksum ? FLAG_CHECKSUM_PRESENT : 0, 16);
  out[20] = 0;
  bson.copy(out, 21);
  if (checksum) out.writeUInt32LE(crc32c(out, 0, len - 4), len - 4);
  return out;
}
