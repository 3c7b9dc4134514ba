/** Standard message header: messageLength, requestID, responseTo, opCode (all little-endian int32). */
export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_MESSAGE_SIZE = 48_000_000;

export function readHeader(buf: Buffer): MessageHeader {
  return {
    messageLength: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

export function writeHeader(buf: Buffer, h: MessageHeader): void {
  buf.writeInt32LE(h.messageLength, 0);
  buf.writeInt32LE(h.requestId, 4);
  buf.writeInt32LE(h.responseTo, 8);
  buf.writeInt32LE(h.opCode, 12);
}

/** Accumulates socket chunks and yields whole messages; throws on a length no server would accept. */
export class MessageSplitter {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    while (this.buffered >= 4) {
      let head = this.chunks[0]!;
      if (head.length < 4) head = this.concat();
      const len = head.readInt32LE(0);
      if (len < 16 || len > MAX_MESSAGE_SIZE) throw new Error(`invalid message length ${len}`);
      if (this.buffered < len) break;
      const all = this.concat();
      out.push(all.subarray(0, len));
      const rest = all.subarray(len);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  private concat(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!;
  }
}

let nextRequestId = 1;
export function newRequestId(): number {
  nextRequestId = (nextRequestId + 1) & 0x7fffffff;
  return nextRequestId;
}
