import { Long } from 'bson';
import type { Document } from 'bson';
import { fail } from '../errors';
import { calculateObjectSize } from 'bson';
import type { ChangeStreamCursor } from './changeStream';

interface OpenCursor {
  ns: string;
  docs: Document[];
  pos: number;
  batchSize: number;
  lastUsed: number;
}

/** Reply batches stay well under the 16 MB reply limit, like mongod's ~16 MB first batch cap. */
const MAX_BATCH_BYTES = 12 * 1024 * 1024;

/** Server-side cursors: results are materialised at query time and handed out in batches. */
export class CursorManager {
  private readonly cursors = new Map<bigint, OpenCursor>();
  /** Change streams' cursors: open until killed or idle too long, their getMore waits for events. */
  private readonly streams = new Map<bigint, ChangeStreamCursor>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly idleTimeoutMs: number) {
    this.timer = setInterval(() => this.sweep(), Math.min(60_000, Math.max(50, idleTimeoutMs / 2)));
    this.timer.unref();
  }

  /** Returns the `cursor` sub-document of a find/aggregate reply, opening a server cursor if results remain. */
  open(ns: string, docs: Document[], batchSize: number | undefined, singleBatch = false): Document {
    const first = takeBatch(docs, 0, batchSize ?? 101);
    let id = 0n;
    if (!singleBatch && first.length < docs.length) {
      id = this.newId();
      this.cursors.set(id, { ns, docs, pos: first.length, batchSize: batchSize ?? 0, lastUsed: Date.now() });
    }
    return { firstBatch: first, id: Long.fromBigInt(id), ns };
  }

  /** Keeps a change stream's cursor and returns its id. */
  openStream(stream: ChangeStreamCursor): bigint {
    const id = this.newId();
    this.streams.set(id, stream);
    return id;
  }

  /** The next batch of a change stream, waiting up to `maxAwaitMs` for one (default 1 s, as mongod). */
  async getMoreStream(id: bigint, ns: string, batchSize: number | undefined, maxAwaitMs: number | undefined): Promise<Document | undefined> {
    const stream = this.streams.get(id);
    if (!stream) return undefined;
    if (stream.ns !== ns) fail('OperationFailed', `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${stream.ns}`);
    const { batch, postBatchResumeToken } = await stream.next(batchSize && batchSize > 0 ? batchSize : 101, maxAwaitMs ?? 1000);
    if (stream.invalidated) this.streams.delete(id);
    return { nextBatch: batch, postBatchResumeToken, id: Long.fromBigInt(this.streams.has(id) ? id : 0n), ns };
  }

  getMore(id: bigint, ns: string, batchSize: number | undefined): Document {
    const c = this.cursors.get(id);
    if (!c) fail('CursorNotFound', `cursor id ${id} not found`);
    if (c.ns !== ns) fail('OperationFailed', `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${c.ns}`);
    const batch = takeBatch(c.docs, c.pos, batchSize ?? (c.batchSize || Infinity));
    c.pos += batch.length;
    c.lastUsed = Date.now();
    let outId = id;
    if (c.pos >= c.docs.length) {
      this.cursors.delete(id);
      outId = 0n;
    }
    return { nextBatch: batch, id: Long.fromBigInt(outId), ns };
  }

  kill(ids: bigint[]): { killed: bigint[]; notFound: bigint[] } {
    const killed: bigint[] = [];
    const notFound: bigint[] = [];
    for (const id of ids) (this.cursors.delete(id) || this.streams.delete(id) ? killed : notFound).push(id);
    return { killed, notFound };
  }

  get openCount(): number {
    return this.cursors.size + this.streams.size;
  }

  sweep(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed >= this.idleTimeoutMs) this.cursors.delete(id);
    for (const [id, c] of this.streams) if (now - c.lastUsed >= this.idleTimeoutMs) this.streams.delete(id);
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
    this.streams.clear();
  }

  private newId(): bigint {
    for (;;) {
      const hi = BigInt(Math.floor(Math.random() * 0x7fffffff));
      const lo = BigInt(Math.floor(Math.random() * 0xffffffff));
      const id = (hi << 32n) | lo;
      if (id !== 0n && !this.cursors.has(id) && !this.streams.has(id)) return id;
    }
  }
}

function takeBatch(docs: Document[], from: number, batchSize: number): Document[] {
  const max = batchSize > 0 ? batchSize : Infinity;
  const out: Document[] = [];
  let bytes = 0;
  for (let i = from; i < docs.length && out.length < max; i++) {
    const size = calculateObjectSize(docs[i]!);
    if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    bytes += size;
    out.push(docs[i]!);
  }
  return out;
}

/** Cursor ids arrive as Long, bigint or number depending on the driver's options. */
export function cursorIdOf(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (v instanceof Long) return v.toBigInt();
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  return fail('TypeMismatch', 'cursor id must be a 64-bit integer');
}
