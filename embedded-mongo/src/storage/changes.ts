import { ObjectId, Timestamp } from 'bson';
import type { Doc } from '../query/values';

/** One write as a change stream reports it (before rendering: see commands/changeStream.ts). */
export interface ChangeEvent {
  seq: number;
  clusterTime: Timestamp;
  wallTime: Date;
  db: string;
  coll: string;
  operationType: 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'rename' | 'dropDatabase';
  /** The document's `_id` (document events only). */
  documentKey?: Doc;
  /** Where a renamed collection went. */
  to?: { db: string; coll: string };
  /** The document after the write (insert, update, replace). */
  after?: Doc;
  /** The document before the write (update, replace, delete). */
  before?: Doc;
}

/** Events kept for streams to resume from; older ones are dropped (a resume before them fails as history lost). */
const MAX_EVENTS = 10_000;

/**
 * The writes of this process in order, in memory: what change streams read. `epoch` tells this process's resume
 * tokens from those of an earlier run, whose events are gone.
 */
export class ChangeLog {
  readonly epoch = new ObjectId().toHexString();
  /** Only a replica set serves change streams: a standalone keeps no events (and pays nothing for them). */
  enabled = false;
  private readonly events: ChangeEvent[] = [];
  private nextSeq = 1;
  private readonly waiters = new Set<() => void>();
  private lastSecond = 0;
  private increment = 0;

  append(event: Omit<ChangeEvent, 'seq' | 'clusterTime' | 'wallTime'>): void {
    if (!this.enabled) return;
    const wallTime = new Date();
    const second = Math.floor(wallTime.getTime() / 1000);
    // Cluster times only grow: (seconds, increment within the second).
    if (second > this.lastSecond) {
      this.lastSecond = second;
      this.increment = 0;
    }
    const clusterTime = new Timestamp({ t: this.lastSecond, i: ++this.increment });
    this.events.push({ ...event, seq: this.nextSeq++, clusterTime, wallTime });
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
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

  /** Wakes every waiting reader for good (the server is stopping). */
  close(): void {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
  }
}
