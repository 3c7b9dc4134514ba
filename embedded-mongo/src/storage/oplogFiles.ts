import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import type { Logger } from '../logger';
import { frameRecord, readRecords } from './journal';

const SEGMENT = /^oplog-(\d+)\.bson$/;

/** One segment as read back: its number, its header and its records (events). */
export interface Segment {
  n: number;
  header: Document;
  records: Document[];
  bytes: number;
}

/**
 * The change log's files: framed records (as the journal's) in numbered segments `oplog-<n>.bson`, each starting
 * with a header `{ op: 'oplog', epoch }`. Only the newest two segments are kept: when the current one passes half
 * the cap, the one before it is deleted and a new one begins, so the files never hold more than about `maxBytes`.
 * Records go to the page cache at once (a synchronous write, in order); the files are fsynced when a segment is
 * closed and on a clean stop. Nothing is acknowledged on them: a write is durable through the journal.
 */
export class OplogFiles {
  private fd?: number;
  private current = 0;
  /** Bytes of the current segment. */
  bytes = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly logger: Logger,
  ) {}

  /** Reads the kept segments (oldest first), cutting a torn tail, and deletes older ones. */
  load(): Segment[] {
    const numbers = fs
      .readdirSync(this.dir)
      .map((f) => SEGMENT.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    for (const n of numbers.slice(0, -2)) fs.rmSync(this.file(n), { force: true });
    const segments: Segment[] = [];
    for (const n of numbers.slice(-2)) {
      const buf = fs.readFileSync(this.file(n));
      const result = readRecords(buf);
      if (result.corruption) {
        this.logger.warn(`oplog-${n}.bson: ${result.corruption}; kept ${result.count} records`);
        fs.truncateSync(this.file(n), result.validLength);
      }
      const [header, ...records] = result.records;
      if (header?.op !== 'oplog') {
        fs.rmSync(this.file(n), { force: true });
        continue;
      }
      segments.push({ n, header, records, bytes: result.validLength });
    }
    return segments;
  }

  /** Continues the newest segment (or starts segment 1) for `epoch`. */
  open(segments: Segment[], epoch: string): void {
    const last = segments[segments.length - 1];
    if (last && last.header.epoch === epoch) {
      this.current = last.n;
      this.fd = fs.openSync(this.file(last.n), 'a');
      this.bytes = last.bytes;
    } else {
      for (const s of segments) fs.rmSync(this.file(s.n), { force: true });
      this.start((last?.n ?? 0) + 1, epoch);
    }
  }

  private file(n: number): string {
    return path.join(this.dir, `oplog-${n}.bson`);
  }

  private start(n: number, epoch: string): void {
    this.current = n;
    this.fd = fs.openSync(this.file(n), 'w');
    this.bytes = 0;
    this.write({ op: 'oplog', epoch });
  }

  private write(record: Document): void {
    const data = frameRecord(record);
    for (let off = 0; off < data.length; ) off += fs.writeSync(this.fd!, data, off, data.length - off);
    this.bytes += data.length;
  }

  /**
   * Appends one event. Returns true when that started a new segment: the caller then drops from memory the
   * events of the segment just deleted (those before `firstOfCurrent`).
   */
  append(record: Document, epoch: string): boolean {
    if (this.fd === undefined) return false;
    let rotated = false;
    if (this.bytes > this.maxBytes / 2) {
      fs.fsyncSync(this.fd);
      fs.closeSync(this.fd);
      fs.rmSync(this.file(this.current - 1), { force: true });
      this.start(this.current + 1, epoch);
      rotated = true;
    }
    this.write(record);
    return rotated;
  }

  close(): void {
    if (this.fd === undefined) return;
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
