import type { Document } from 'bson';
import { decodeDocument, encodeDocument } from './bsonCodec';
import { OP_REPLY, newRequestId, writeHeader } from './framing';

export interface ParsedOpQuery {
  fullCollectionName: string;
  query: Document;
}

/** OP_QUERY is only used for the legacy handshake (`isMaster`/`hello` on `admin.$cmd`). */
export function parseOpQuery(msg: Buffer): ParsedOpQuery {
  let pos = 20; // header + flags
  const zero = msg.indexOf(0, pos);
  if (zero < 0) throw new Error('malformed OP_QUERY collection name');
  const fullCollectionName = msg.toString('utf8', pos, zero);
  pos = zero + 1 + 8; // numberToSkip, numberToReturn
  const size = msg.readInt32LE(pos);
  if (size < 5 || pos + size > msg.length) throw new Error('malformed OP_QUERY document');
  let query = decodeDocument(msg.subarray(pos, pos + size));
  // Legacy drivers wrap the command as { $query: {...}, $readPreference: ... }.
  if (query.$query && typeof query.$query === 'object') query = query.$query as Document;
  return { fullCollectionName, query };
}

export function buildOpReply(responseTo: number, doc: Document): Buffer {
  const bson = encodeDocument(doc);
  const len = 16 + 20 + bson.length;
  const out = Buffer.allocUnsafe(len);
  writeHeader(out, { messageLength: len, requestId: newRequestId(), responseTo, opCode: OP_REPLY });
  out.writeInt32LE(0, 16); // responseFlags
  out.writeBigInt64LE(0n, 20); // cursorID
  out.writeInt32LE(0, 28); // startingFrom
  out.writeInt32LE(1, 32); // numberReturned
  bson.copy(out, 36);
  return out;
}
