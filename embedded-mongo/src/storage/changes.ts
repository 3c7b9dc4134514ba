import { ObjectId, Timestamp, type Document } from 'bson';
import type { Logger } from '../logger';
import type { Doc } from '../query/values';
import { OplogFiles } from './oplogFiles';

/** One write as a change stream reports it (before rendering: see commands/changeStream.ts). */
export interface ChangeEvent {
  seq: number;
  clusterTime: Timestamp;
  wallTime: Date;
  db: string;
  coll: string;
  operationType:
    | 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'rename' | 'dropDatabase'
    // The expanded events (`showExpandedEvents`).
    | 'create' | 'createIndexes' | 'dropIndexes' | 'modify';
  /** The collection's UUID (`collectionUUID` of expanded events). */
  uuid?: unknown;
  /** The document's `_id` (document events only). */
  documentKey?: Doc;
  /** Where a renamed collection went. */
  to?: { db: string; coll: string };
  /** The document after the write (insert, update, replace). */
  after?: Doc;
  /** The document before the write (update, replace; delete only with images). */
  before?: Doc;
  /** The collection had `changeStreamPreAndPostImages` enabled at the write: `before`/`after` are its images. */
  images?: boolean;
  /** `operationDescription` of an expanded event (and of a rename). */
  description?: Doc;
}

export type NewEvent = Omit<ChangeEvent, 'seq' | 'clusterTime' | 'wallTime'>;

/** Without a data folder, the events kept for streams to resume from (older ones are dropped: history lost). */
const MAX_EVENTS = 10_000;
/** With a data folder, the oplog files' cap (the `oplogBytes` option). */
export const DEFAULT_OPLOG_BYTES = 32 * 1024 * 1024;

/**
 * The writes in order: what change streams read. In memory only, this process's last 10,000 events; with a data
 * folder, also in `oplog-<n>.bson` files bounded by `oplogBytes`, read back on start, so resume tokens and cluster
 * times go on across a restart on the same folder. `epoch` tells tokens of this history from those of another
 * (a memory-only run, or a folder whose oplog was removed), whose events are not here.
 */
export class ChangeLog {
  epoch = new ObjectId().toHexString();
  /** Only a replica set serves change streams: a standalone keeps no events (and pays nothing for them). */
  enabled = false;
  private events: ChangeEvent[] = [];
  private nextSeq = 1;
  private readonly waiters = new Set<() => void>();
  private lastSecond = 0;
  private increment = 0;
  private files?: OplogFiles;
  /** First sequence number of the current oplog segment (its predecessor's events go when it rotates). */
  private currentFirst = 1;

  /** Reads the oplog of a data folder and continues it (with `enabled` only). */
  open(dir: string, maxBytes: number, logger: Logger): void {
    const files = new OplogFiles(dir, maxBytes, logger);
    const segments = files.load();
    const last = segments[segments.length - 1];
    if (last) {
      this.epoch = String(last.header.epoch);
      for (const s of segments) {
        if (s.header.epoch !== this.epoch) continue;
        if (s === last) this.currentFirst = Number(s.records[0]?.seq ?? this.currentFirst);
        for (const r of s.records) this.events.push(fromRecord(r));
      }
      const newest = this.events[this.events.length - 1];
      if (newest) {
        this.nextSeq = newest.seq + 1;
        this.lastSecond = newest.clusterTime.t;
        this.increment = newest.clusterTime.i;
        if (last.records.length === 0) this.currentFirst = this.nextSeq;
      }
    }
    files.open(segments, this.epoch);
    this.files = files;
  }

  append(event: NewEvent): void {
    if (!this.enabled) return;
    const wallTime = new Date();
    const second = Math.floor(wallTime.getTime() / 1000);
    // Cluster times only grow: (seconds, increment within the second).
    if (second > this.lastSecond) {
      this.lastSecond = second;
      this.increment = 0;
    }
    const clusterTime = new Timestamp({ t: this.lastSecond, i: ++this.increment });
    const stored: ChangeEvent = { ...event, seq: this.nextSeq++, clusterTime, wallTime };
    if (this.files) {
      if (this.files.append(toRecord(stored), this.epoch)) {
        // The oldest segment was deleted: its events go from memory too.
        const keepFrom = this.currentFirst;
        this.events = this.events.filter((e) => e.seq >= keepFrom);
        this.currentFirst = stored.seq;
      }
    }
    this.events.push(stored);
    if (!this.files && this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    for (const wake of [...this.waiters]) wake();
  }

  /** The sequence number of the last event written (0 when none). */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** The oldest sequence number still kept. */
  get firstKept(): number {
    return this.events[0]?.seq ?? this.nextSeq;
  }

  /** The cluster time of the last event (or now when there is none): a stream opened now starts after it. */
  get lastClusterTime(): Timestamp {
    return this.events[this.events.length - 1]?.clusterTime ?? new Timestamp({ t: Math.floor(Date.now() / 1000), i: 0 });
  }

  /** Events after `seq`, oldest first. */
  after(seq: number): ChangeEvent[] {
    const first = this.events[0]?.seq ?? this.nextSeq;
    return this.events.slice(Math.max(0, seq + 1 - first));
  }

  /** The first sequence number at or after a cluster time. */
  seqAtOrAfter(time: Timestamp): number {
    const found = this.events.find((e) => e.clusterTime.compare(time) >= 0);
    return found ? found.seq : this.nextSeq;
  }

  /** Resolves when an event is appended or after `ms`, whichever comes first; never polls. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  /** Set once the server stops: readers stop waiting. */
  closed = false;

  /** Wakes every waiting reader for good (the server is stopping) and closes the oplog files. */
  close(): void {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
    this.files?.close();
    this.files = undefined;
  }
}

function toRecord(e: ChangeEvent): Document {
  const r: Document = {};
  for (const [k, v] of Object.entries(e)) if (v !== undefined) r[k] = v;
  return r;
}

function fromRecord(r: Document): ChangeEvent {
  // The codec reads a Timestamp back as its 64-bit value (as it does every Long).
  const t = r.clusterTime as unknown;
  const clusterTime = t instanceof Timestamp ? t : new Timestamp(BigInt(t as bigint));
  return { ...(r as ChangeEvent), seq: Number(r.seq), clusterTime };
}
