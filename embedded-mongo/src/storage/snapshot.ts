import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { frameRecord, readRecords, type ReadResult } from './journal';

export const SNAPSHOT_FILE = 'snapshot.bson';

/** Writes all records to a temporary file, fsyncs it and renames it over the snapshot (atomic on POSIX). */
export function writeSnapshot(dir: string, records: Iterable<Document>): void {
  const final = path.join(dir, SNAPSHOT_FILE);
  const tmp = `${final}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    for (const r of records) {
      const framed = frameRecord(r);
      chunk.push(framed);
      chunkBytes += framed.length;
      if (chunkBytes > 4 * 1024 * 1024) {
        fs.writeSync(fd, Buffer.concat(chunk));
        chunk = [];
        chunkBytes = 0;
      }
    }
    if (chunk.length) fs.writeSync(fd, Buffer.concat(chunk));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, final);
  syncDir(dir);
}

/** Reads the snapshot's records, handing each to `onRecord` as it is read; null when there is no snapshot. */
export function readSnapshot(dir: string, onRecord: (record: Document) => void): ReadResult | null {
  const file = path.join(dir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return null;
  return readRecords(fs.readFileSync(file), onRecord);
}

/** Makes a rename or a new file durable by syncing the directory entry. */
export function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  }
}
