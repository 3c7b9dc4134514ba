import mongoose from 'mongoose';
import type { SessionFields } from './session.fields';
import type { UserFields } from './user.fields';

/*
 * A per-process cache of resolved sessions, so a request carrying the session cookie needs no database read.
 *
 * Entries are keyed by the token's hash and hold the session and its user as plain objects; every request hydrates
 * its own documents from them. Writes to users and sessions made through mongoose in this process drop what they
 * could affect at once (`watchWrites`, installed on both schemas). A change made by another process, or through the
 * raw driver, is seen once the entry is older than SESSION_CACHE_MS.
 *
 * It is one per process, not one per app, because the models and their hooks are process-wide too.
 */

export type LeanSession = SessionFields & { _id: mongoose.Types.ObjectId };
export type LeanUser = UserFields & { _id: mongoose.Types.ObjectId };

export interface CachedSession {
  session: LeanSession;
  user: LeanUser;
}

interface Entry extends CachedSession {
  /** Index keys (see `keysOf`); the token-hash key is the map key itself. */
  keys: string[];
  cachedAt: number;
}

/** A database read in progress; it may store what it read only if no write that could affect it ran meanwhile. */
export interface ReadTicket {
  readonly generation: number;
  ended: boolean;
}

export const SESSION_CACHE_MAX_ENTRIES = 10_000;
export const SESSION_CACHE_DEFAULT_MS = 5000;
/**
 * How long an entry may serve a caller that checks its revision (`get(..., true)`): every model write to an account
 * moves the revision of its sessions, so only a raw-driver write (which docs/api.md forbids) goes unseen, for at most
 * this long.
 */
export const REVISION_MAX_AGE_MS = 15 * 60_000;
/** Write marks kept for reads in flight; past this, those reads are told not to store instead (always safe). */
const MAX_MARKS = 10_000;

/*
 * Keys name what a write can reach: `t:` a token hash, `s:` a session _id, `u:` a uid, `uo:` a user _id.
 * Users and sessions share `u:`, so either side's write by uid reaches every cached session of that account.
 */
const TOKEN = 't:';

function keysOf(tokenHash: string, value: CachedSession): string[] {
  return [
    TOKEN + tokenHash,
    `s:${String(value.session._id)}`,
    `u:${value.user.uid}`,
    `uo:${String(value.user._id)}`,
  ];
}

export class SessionCache {
  /** 0 turns the cache off: nothing is stored and every lookup misses. */
  maxAgeMs: number;
  readonly maxEntries: number;
  /** Token hash -> entry, oldest use first (a hit moves the entry to the end). */
  private readonly entries = new Map<string, Entry>();
  /** Non-token key -> token hashes of the entries it names. */
  private readonly index = new Map<string, Set<string>>();
  /** Bumped by every invalidation; a read remembers the value it started at. */
  private generation = 0;
  /** The generation of the last full clear: reads that started before it store nothing. */
  private clearedAt = 0;
  /** Key -> generation of its last invalidation, kept only while reads are in flight. */
  private readonly marks = new Map<string, number>();
  private reads = 0;

  constructor(maxAgeMs = SESSION_CACHE_DEFAULT_MS, maxEntries = SESSION_CACHE_MAX_ENTRIES) {
    this.maxAgeMs = maxAgeMs;
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Sets the maximum age; 0 also empties the cache. */
  configure(maxAgeMs: number): void {
    this.maxAgeMs = maxAgeMs;
    if (maxAgeMs <= 0) this.invalidateAll();
  }

  /**
   * The entry for `tokenHash` when it was cached less than the maximum age before `now`, or, `byRevision`, less than
   * REVISION_MAX_AGE_MS before (for a caller that checks the entry's revision against the session it has just read,
   * and needs it to outlive SESSION_CACHE_MS: the online tick, once a minute). An entry dated after `now` (a caller on
   * another clock) counts as stale too. The caller still checks the revision, expiry, status and bans.
   */
  get(tokenHash: string, now: number, byRevision = false): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const age = now - entry.cachedAt;
    const keep = Math.max(this.maxAgeMs, REVISION_MAX_AGE_MS);
    if (this.maxAgeMs <= 0 || age < 0 || age >= keep) {
      this.drop(tokenHash);
      return null;
    }
    if (!byRevision && age >= this.maxAgeMs) return null;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return { session: entry.session, user: entry.user };
  }

  /** Call before reading the database; always pair with `endRead`, also when the read fails. */
  beginRead(): ReadTicket {
    this.reads += 1;
    return { generation: this.generation, ended: false };
  }

  /**
   * Ends a read. `value` (what was read, or null to store nothing) is stored, dated `now`, unless an invalidation
   * that names one of its keys, or a full clear, happened since the read began. Returns whether it was stored.
   */
  endRead(ticket: ReadTicket, tokenHash: string, value: CachedSession | null, now: number): boolean {
    if (ticket.ended) return false;
    ticket.ended = true;
    this.reads -= 1;
    let stored = false;
    if (value && this.maxAgeMs > 0 && ticket.generation >= this.clearedAt) {
      const keys = keysOf(tokenHash, value);
      if (keys.every((k) => (this.marks.get(k) ?? 0) <= ticket.generation)) {
        this.store(tokenHash, { ...value, keys: keys.slice(1), cachedAt: now });
        stored = true;
      }
    }
    if (this.reads === 0) this.marks.clear();
    return stored;
  }

  /** Drops every entry a key names and keeps reads in flight from storing data read before now. */
  invalidate(keys: readonly string[]): void {
    this.generation += 1;
    for (const key of keys) {
      if (this.reads > 0) this.marks.set(key, this.generation);
      if (key.startsWith(TOKEN)) {
        this.drop(key.slice(TOKEN.length));
      } else {
        const hashes = this.index.get(key);
        if (hashes) for (const hash of [...hashes]) this.drop(hash);
      }
    }
    if (this.marks.size > MAX_MARKS) {
      this.clearedAt = this.generation;
      this.marks.clear();
    }
  }

  /** The safe default for a write whose reach is unknown. */
  invalidateAll(): void {
    this.generation += 1;
    this.clearedAt = this.generation;
    this.marks.clear();
    this.entries.clear();
    this.index.clear();
  }

  private store(tokenHash: string, entry: Entry): void {
    this.drop(tokenHash);
    this.entries.set(tokenHash, entry);
    for (const key of entry.keys) {
      let hashes = this.index.get(key);
      if (!hashes) this.index.set(key, (hashes = new Set()));
      hashes.add(tokenHash);
    }
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private drop(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    for (const key of entry.keys) {
      const hashes = this.index.get(key);
      if (!hashes) continue;
      hashes.delete(tokenHash);
      if (hashes.size === 0) this.index.delete(key);
    }
  }
}

/** The process's cache, used by `resolveToken`; its maximum age comes from SESSION_CACHE_MS (see runtime.ts). */
export const sessionCache = new SessionCache();

/**
 * A deep copy of a lean object, so documents hydrated from a cached entry share nothing mutable with it or with
 * each other (hydrating keeps Date objects by reference). ObjectIds and other class instances are immutable here.
 */
export function cloneLean<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => cloneLean(v)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneLean(v);
    return out as T;
  }
  return value;
}

/** Which fields of a collection identify cached entries, and under which key prefix. */
export interface WatchedFields {
  /** Filter field -> key prefix, for query writes. */
  filter: Record<string, string>;
  /** Document field -> key prefix, for `save` and document `deleteOne`. */
  doc: Record<string, string>;
}

export const USER_FIELDS: WatchedFields = {
  filter: { _id: 'uo:', uid: 'u:' },
  doc: { _id: 'uo:', uid: 'u:' },
};
/** A session's own save reaches only its entry; a write filtered by uid reaches all of the account's sessions. */
export const SESSION_FIELDS: WatchedFields = {
  filter: { _id: 's:', token_hash: TOKEN, uid: 'u:' },
  doc: { _id: 's:', token_hash: TOKEN },
};

function isScalar(v: unknown): v is string | number | mongoose.Types.ObjectId {
  return typeof v === 'string' || typeof v === 'number' || v instanceof mongoose.Types.ObjectId;
}

/** The values a filter pins `field` to (equality, `$eq` or `$in`), or null when it does not pin it. */
function pinned(filter: Record<string, unknown>, field: string): string[] | null {
  const v = filter[field];
  if (isScalar(v)) return [String(v)];
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof Date) return null;
  const ops = Object.keys(v);
  const cond = v as Record<string, unknown>;
  if (ops.length === 1 && ops[0] === '$eq' && isScalar(cond.$eq)) return [String(cond.$eq)];
  if (ops.length === 1 && ops[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(isScalar)) {
    return cond.$in.map(String);
  }
  return null;
}

/**
 * The keys a query write can reach, or null when its filter pins none of the watched fields. Top-level conditions
 * are ANDed, so one pinned field bounds every document the write can touch.
 */
export function keysFromFilter(filter: Record<string, unknown>, fields: WatchedFields): string[] | null {
  for (const [field, prefix] of Object.entries(fields.filter)) {
    const values = pinned(filter, field);
    if (values) return values.map((v) => prefix + v);
  }
  return null;
}

function keysFromDoc(doc: mongoose.Document, fields: WatchedFields): string[] | null {
  const keys: string[] = [];
  for (const [field, prefix] of Object.entries(fields.doc)) {
    const v: unknown = doc.get(field);
    if (isScalar(v)) keys.push(prefix + String(v));
  }
  return keys.length > 0 ? keys : null;
}

export const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
] as const;

/**
 * Installs the invalidation hooks on a schema; call before the model is compiled. Each write invalidates before it
 * runs (no request is served the old data while it runs) and again after it, failed or not (a read that began
 * before the write and finishes after it does not store what it read).
 */
export function watchWrites(
  schema: mongoose.Schema,
  fields: WatchedFields,
  cache: SessionCache = sessionCache,
): void {
  const byFilter = (query: mongoose.Query<unknown, unknown>) => {
    const keys = keysFromFilter(query.getFilter(), fields);
    if (keys) cache.invalidate(keys);
    else cache.invalidateAll();
  };
  const byDoc = (doc: mongoose.Document) => {
    const keys = keysFromDoc(doc, fields);
    if (keys) cache.invalidate(keys);
    else cache.invalidateAll();
  };

  schema.pre(
    [...QUERY_WRITES],
    { document: false, query: true },
    function (this: mongoose.Query<unknown, unknown>) {
      byFilter(this);
    },
  );
  schema.post(
    [...QUERY_WRITES],
    { document: false, query: true },
    function (this: mongoose.Query<unknown, unknown>) {
      byFilter(this);
    },
  );
  schema.post(
    [...QUERY_WRITES],
    { document: false, query: true, errorHandler: true },
    function (this: mongoose.Query<unknown, unknown>, err, _res, next) {
      byFilter(this);
      next(err);
    },
  );

  for (const op of ['save', 'deleteOne'] as const) {
    schema.pre(op, { document: true, query: false }, function (this: mongoose.Document) {
      byDoc(this);
    });
    schema.post(op, { document: true, query: false }, function (this: mongoose.Document) {
      byDoc(this);
    });
    schema.post(
      op,
      { document: true, query: false, errorHandler: true },
      function (this: mongoose.Document, err, _res, next) {
        byDoc(this);
        next(err);
      },
    );
  }

  // bulkWrite runs no query or document middleware of its own; its operations are not inspected. (insertMany is not
  // watched: it only adds documents, which no cached entry can name.)
  schema.pre('bulkWrite', () => cache.invalidateAll());
  schema.post('bulkWrite', () => cache.invalidateAll());
  schema.post(
    'bulkWrite',
    { errorHandler: true },
    (err: Error, _res: unknown, next: (err?: Error) => void) => {
      cache.invalidateAll();
      next(err);
    },
  );
}
