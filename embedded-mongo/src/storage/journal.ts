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
  records: Document[];
  /** Byte offset just after the last valid record. */
  validLength: number;
  /** Set when bytes after validLength had to be ignored. */
  corruption?: string;
}

/** Reads framed records until the end or the first torn/corrupt one. */
export function readRecords(buf: Buffer): ReadResult {
  const records: Document[] = [];
  let pos = 0;
  while (pos < buf.length) {
    if (pos + 8 > buf.length) return { records, validLength: pos, corruption: `torn record header at byte ${pos}` };
    const len = buf.readUInt32LE(pos);
    const crc = buf.readUInt32LE(pos + 4);
    if (len < 5 || pos + 8 + len > buf.length) return { records, validLength: pos, corruption: `torn record at byte ${pos}` };
    const payload = buf.subarray(pos + 8, pos + 8 + len);
    if (crc32c(payload) !== crc) return { records, validLength: pos, corruption: `checksum mismatch at byte ${pos}` };
    try {
      records.push(decodeDocument(payload));
    } catch {
      return { records, validLength: pos, corruption: `undecodable record at byte ${pos}` };
    }
    pos += 8 + len;
  }
  return { records, validLength: pos };
}

/**
 * Append-only journal with group commit: records appended while a flush is in flight are written and fsynced
 * together, and every caller's promise resolves only after its bytes are on disk.
 */
export class Journal {
  private fd: number;
  private pending: Buffer[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  private flushing = false;
  private idle: Array<() => void> = [];
  size: number;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  append(records: Document[]): Promise<void> {
    for (const r of records) {
      const framed = frameRecord(r);
      this.pending.push(framed);
      this.size += framed.length;
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.flushing) this.flush();
    });
  }

  private flush(): void {
    this.flushing = true;
    const data = Buffer.concat(this.pending);
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    const done = (err: Error | null): void => {
      for (const w of waiters) {
        if (err) w.reject(err);
        else w.resolve();
      }
      if (this.waiters.length) this.flush();
      else {
        this.flushing = false;
        for (const f of this.idle.splice(0)) f();
      }
    };
    writeAll(this.fd, data, 0, (err) => {
      if (err) return done(err);
      fs.fdatasync(this.fd, (syncErr) => done(syncErr));
    });
  }

  /** Resolves once no write is in flight. */
  drain(): Promise<void> {
    if (!this.flushing) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

function writeAll(fd: number, data: Buffer, offset: number, cb: (err: Error | null) => void): void {
  if (offset >= data.length) return cb(null);
  fs.write(fd, data, offset, data.length - offset, null, (err, written) => {
    if (err) return cb(err);
    writeAll(fd, data, offset + written, cb);
  });
}
