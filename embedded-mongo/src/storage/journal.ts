import fs from 'node:fs';
import type { Document } from 'bson';
import { decodeDocument, encodeDocument } from '../wire/bsonCodec';
import { crc32c } from '../wire/crc32c';

/** Each record: uint32 payload length, uint32 CRC-32C of the payload, then the payload as one BSON document. */
export function frameRecord(doc: Document): Buffer {
  const payload = encodeDocument(doc);
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(crc32c(payload), 4);
  return Buffer.concat([head, payload]);
}

export interface ReadResult {
  /** The records read, unless they were handed to a callback one by one. */
  records: Document[];
  /** How many valid records were read. */
  count: number;
  /** Byte offset just after the last valid record. */
  validLength: number;
  /** Set when bytes after validLength had to be ignored. */
  corruption?: string;
}

/**
 * Reads framed records until the end or the first torn/corrupt one. With `onRecord` each record is handed over as
 * it is read and none is kept, so replaying a large file never holds all of its records decoded at once.
 */
export function readRecords(buf: Buffer, onRecord?: (record: Document) => void): ReadResult {
  const records: Document[] = [];
  let count = 0;
  let pos = 0;
  while (pos < buf.length) {
    if (pos + 8 > buf.length) return { records, count, validLength: pos, corruption: `torn record header at byte ${pos}` };
    const len = buf.readUInt32LE(pos);
    const crc = buf.readUInt32LE(pos + 4);
    if (len < 5 || pos + 8 + len > buf.length) return { records, count, validLength: pos, corruption: `torn record at byte ${pos}` };
    const payload = buf.subarray(pos + 8, pos + 8 + len);
    if (crc32c(payload) !== crc) return { records, count, validLength: pos, corruption: `checksum mismatch at byte ${pos}` };
    let record: Document;
    try {
      record = decodeDocument(payload);
    } catch {
      return { records, count, validLength: pos, corruption: `undecodable record at byte ${pos}` };
    }
    if (onRecord) onRecord(record);
    else records.push(record);
    count++;
    pos += 8 + len;
  }
  return { records, count, validLength: pos };
}

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * fdatasync calls one journal runs at a time. With one, a write that arrives just after another waits for that
 * one's whole fsync round before its own can begin; with two it begins at once (writes arriving while both are busy
 * share the next round, which keeps fsyncs per write low under load).
 */
const MAX_SYNCS = 2;

/**
 * Append-only journal with group commit. `append` writes its records to the file at once (a write to the page
 * cache, in order, with no thread-pool round trip), and its promise resolves only when an fdatasync that began after
 * that write has completed. An fdatasync starts as soon as there are uncovered writes and fewer than MAX_SYNCS are
 * running; each covers every write made before it began, so concurrent writes share one.
 *
 * After a failed write or fdatasync the journal accepts nothing more: records after a torn one are cut off on
 * replay, and after a failed fdatasync the kernel may have dropped dirty pages, so nothing later could be
 * acknowledged as durable.
 */
export class Journal {
  private fd: number;
  /** Appends written so far, and those covered by a completed fdatasync. */
  private written = 0;
  private synced = 0;
  /** Waiters for appends not yet covered, in write order, each with its append's number. */
  private waiters: Array<{ seq: number; waiter: Waiter }> = [];
  private syncsInFlight = 0;
  /** The highest append number an fdatasync in flight (or done) covers. */
  private coveredByInFlight = 0;
  private failure?: Error;
  private idle: Array<() => void> = [];
  /** fdatasync calls made so far (serverStatus reports them). */
  syncs = 0;
  size: number;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  append(records: Document[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const framed = records.map(frameRecord);
    const data = framed.length === 1 ? framed[0]! : Buffer.concat(framed);
    try {
      writeAllSync(this.fd, data);
    } catch (err) {
      this.fail(err as Error);
      return Promise.reject(err as Error);
    }
    this.size += data.length;
    const seq = ++this.written;
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, waiter: { resolve, reject } });
      this.sync();
    });
  }

  /** Starts an fdatasync covering every append written so far, unless one already covers them all. */
  private sync(): void {
    if (this.failure || this.syncsInFlight >= MAX_SYNCS) return;
    const covers = this.written;
    if (this.waiters.length === 0 || this.waiters[this.waiters.length - 1]!.seq <= this.coveredByInFlight) return;
    this.coveredByInFlight = covers;
    this.syncsInFlight++;
    this.syncs++;
    fs.fdatasync(this.fd, (err) => {
      this.syncsInFlight--;
      if (this.failure) return this.settle();
      if (err) return this.fail(err);
      if (covers > this.synced) this.synced = covers;
      let n = 0;
      while (n < this.waiters.length && this.waiters[n]!.seq <= this.synced) n++;
      for (const { waiter } of this.waiters.splice(0, n)) waiter.resolve();
      if (this.waiters.length) this.sync();
      else this.settle();
    });
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const { waiter } of this.waiters.splice(0)) waiter.reject(err);
    this.settle();
  }

  private settle(): void {
    if (this.syncsInFlight > 0 || this.waiters.length > 0) return;
    for (const f of this.idle.splice(0)) f();
  }

  /** Resolves once no fdatasync is in flight and every append is covered. */
  drain(): Promise<void> {
    if (this.syncsInFlight === 0 && this.waiters.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

function writeAllSync(fd: number, data: Buffer): void {
  for (let offset = 0; offset < data.length; ) offset += fs.writeSync(fd, data, offset, data.length - offset);
}
