import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { fail } from '../errors';
import { ChangeLog, DEFAULT_OPLOG_BYTES } from './changes';
import type { Logger } from '../logger';
import type { Doc } from '../query/values';
import { Collection } from './collection';
import type { IndexSpec } from './indexes';
import { Journal, readRecords } from './journal';
import { acquireLock } from './lock';
import { readSnapshot, syncDir, writeSnapshot } from './snapshot';

export interface EngineOptions {
  dbPath?: string;
  logger: Logger;
  /** Journal size that triggers a snapshot compaction. */
  compactBytes?: number;
  /** Keep change events (a replica set's change streams), with a data folder in oplog files of at most this size. */
  changeStreams?: boolean;
  oplogBytes?: number;
}

type Catalog = Map<string, Map<string, Collection>>;

/**
 * All databases and collections, plus durability: every mutation is recorded, and `flush()` resolves once the
 * recorded changes are fsynced to the journal. Replay applies the same records, so a record must be idempotent.
 */
export class Engine {
  readonly dbs: Catalog = new Map();
  /** The writes since this process started, for change streams. */
  readonly changes = new ChangeLog();
  private readonly dbPath?: string;
  private readonly logger: Logger;
  private readonly compactBytes: number;
  private readonly oplogBytes: number;
  private journal?: Journal;
  private generation = 1;
  private uncommitted: Document[] = [];
  private releaseLock?: () => void;
  private compacting = false;
  /** fdatasync calls of journal generations already closed. */
  private closedSyncs = 0;

  constructor(opts: EngineOptions) {
    this.dbPath = opts.dbPath ? path.resolve(opts.dbPath) : undefined;
    this.logger = opts.logger;
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
    this.oplogBytes = opts.oplogBytes ?? DEFAULT_OPLOG_BYTES;
    this.changes.enabled = opts.changeStreams === true;
  }

  open(): void {
    if (!this.dbPath) return;
    fs.mkdirSync(this.dbPath, { recursive: true });
    this.releaseLock = acquireLock(this.dbPath);
    try {
      this.load();
      if (this.changes.enabled) this.changes.open(this.dbPath, this.oplogBytes, this.logger);
    } catch (err) {
      this.releaseLock();
      throw err;
    }
  }

  private journalFile(gen: number): string {
    return path.join(this.dbPath!, `journal-${gen}.log`);
  }

  private load(): void {
    const dir = this.dbPath!;
    // Records are applied as they are read: a replay never holds every document decoded at once.
    let header = true;
    const snap = readSnapshot(dir, (r) => {
      if (header) {
        header = false;
        if (r.op === 'snapshot') this.generation = Number(r.journal) || 1;
        return;
      }
      this.apply(r);
    });
    if (snap?.corruption) this.logger.warn(`snapshot: ${snap.corruption}; using the records before it`);
    const file = this.journalFile(this.generation);
    if (fs.existsSync(file)) {
      const buf = fs.readFileSync(file);
      const result = readRecords(buf, (r) => this.apply(r));
      if (result.corruption) {
        this.logger.warn(
          `journal ${path.basename(file)}: ${result.corruption}; cut ${buf.length - result.validLength} trailing bytes and kept ${result.count} records`,
        );
        fs.truncateSync(file, result.validLength);
      }
    }
    for (const name of fs.readdirSync(dir)) {
      const m = /^journal-(\d+)\.log$/.exec(name);
      if (m && Number(m[1]) !== this.generation) fs.rmSync(path.join(dir, name), { force: true });
    }
    this.journal = new Journal(file);
    syncDir(dir);
  }

  /** Applies one journal/snapshot record to memory. */
  private apply(r: Document): void {
    const db = String(r.db);
    switch (r.op) {
      case 'create':
        this.ensure(db, String(r.coll), (r.options as Document) ?? {}, false, r.uuid);
        return;
      case 'drop':
        this.dbs.get(db)?.delete(String(r.coll));
        return;
      case 'dropDatabase':
        this.dbs.delete(db);
        return;
      case 'rename': {
        const from = this.dbs.get(db)?.get(String(r.from));
        if (!from) return;
        this.dbs.get(db)!.delete(String(r.from));
        const toDb = String(r.toDb ?? db);
        from.name = String(r.to);
        if (!this.dbs.has(toDb)) this.dbs.set(toDb, new Map());
        this.dbs.get(toDb)!.set(String(r.to), from);
        return;
      }
      case 'createIndex': {
        const coll = this.ensure(db, String(r.coll), {}, false);
        const spec = r.spec as IndexSpec;
        if (!coll.indexes.has(spec.name)) coll.createIndex(spec);
        return;
      }
      case 'collMod': {
        const coll = this.dbs.get(db)?.get(String(r.coll));
        if (coll) coll.options = (r.options as Document) ?? {};
        return;
      }
      case 'modifyIndex': {
        const index = this.dbs.get(db)?.get(String(r.coll))?.indexes.get(String(r.name));
        if (index) Object.assign(index.spec, r.changes as Document);
        return;
      }
      case 'dropIndex':
        this.dbs.get(db)?.get(String(r.coll))?.indexes.delete(String(r.name));
        return;
      case 'put':
        this.ensure(db, String(r.coll), {}, false).put(r.doc as Doc);
        return;
      case 'delete': {
        const coll = this.dbs.get(db)?.get(String(r.coll));
        const rid = coll?.ridForId(r.id);
        if (coll && rid !== undefined) coll.remove(rid);
        return;
      }
      default:
        this.logger.warn(`skipping unknown journal record type ${String(r.op)}`);
    }
  }

  private record(r: Document): void {
    if (this.dbPath) this.uncommitted.push(r);
  }

  /** Resolves when every change recorded so far is durable. */
  async flush(): Promise<void> {
    if (!this.journal || this.uncommitted.length === 0) return;
    const batch = this.uncommitted;
    this.uncommitted = [];
    await this.journal.append(batch);
    if (this.journal.size > this.compactBytes) this.compactSoon();
  }

  private compactSoon(): void {
    if (this.compacting) return;
    this.compacting = true;
    void this.journal!.drain().then(() => {
      this.compacting = false;
      // Compact only at a quiet point, when nothing is half-written to the current journal.
      if (this.uncommitted.length === 0) this.compact();
    });
  }

  /** Writes a snapshot of everything and starts a fresh journal generation. Synchronous: no write interleaves. */
  compact(): void {
    if (!this.dbPath || !this.journal) return;
    const next = this.generation + 1;
    writeSnapshot(this.dbPath, this.snapshotRecords(next));
    const old = this.journal;
    this.closedSyncs += old.syncs;
    this.journal = new Journal(this.journalFile(next));
    this.generation = next;
    old.close();
    fs.rmSync(old.file, { force: true });
    syncDir(this.dbPath);
    this.logger.info(`compacted data into a snapshot (journal generation ${next})`);
  }

  private *snapshotRecords(gen: number): Generator<Document> {
    yield { op: 'snapshot', version: 1, journal: gen, createdAt: new Date() };
    for (const [db, colls] of this.dbs) {
      for (const [name, coll] of colls) {
        yield { op: 'create', db, coll: name, options: coll.options, uuid: coll.uuid };
        for (const index of coll.indexes.values()) {
          if (index.name !== '_id_') yield { op: 'createIndex', db, coll: name, spec: index.spec };
        }
        for (const doc of coll.docs.values()) yield { op: 'put', db, coll: name, doc };
      }
    }
  }

  /** Journal fdatasync calls since the server started (0 in memory only). */
  /** Commands run so far, by name (serverStatus `metrics.commands.<name>.total`, as mongod reports them). */
  readonly commandCounts = new Map<string, number>();

  get journalSyncs(): number {
    return this.closedSyncs + (this.journal?.syncs ?? 0);
  }

  async close(): Promise<void> {
    this.changes.close();
    await this.flush();
    if (this.journal) {
      await this.journal.drain();
      this.compact();
      this.journal.close();
      this.journal = undefined;
    }
    this.releaseLock?.();
    this.releaseLock = undefined;
  }

  // ---- catalog ----

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  private ensure(db: string, name: string, options: Document, log: boolean, uuid?: unknown): Collection {
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    let coll = colls.get(name);
    if (!coll) {
      coll = new Collection(db, name, options, uuid);
      colls.set(name, coll);
      if (log) {
        this.record({ op: 'create', db, coll: name, options, uuid: coll.uuid });
        const description = coll.isView
          ? { viewOn: options.viewOn, pipeline: options.pipeline }
          : { idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } };
        this.changes.append({ db, coll: name, operationType: 'create', uuid: coll.uuid, description });
      }
    }
    return coll;
  }

  /** Returns the collection, creating it implicitly like MongoDB does on first write; a view cannot be written. */
  collection(db: string, name: string): Collection {
    validateNames(db, name);
    const coll = this.ensure(db, name, {}, true);
    if (coll.isView) fail('CommandNotSupportedOnView', `Namespace ${db}.${name} is a view, not a collection`);
    return coll;
  }

  /**
   * Replaces a collection's options (collMod: validator, view definition...); `description` is what the collMod
   * changed (a `modify` event's operationDescription).
   */
  modifyCollection(coll: Collection, options: Document, description: Doc = {}): void {
    coll.options = options;
    this.record({ op: 'collMod', db: coll.db, coll: coll.name, options });
    this.changes.append({ db: coll.db, coll: coll.name, operationType: 'modify', uuid: coll.uuid, description });
  }

  /** Changes options of an index in place (collMod: expireAfterSeconds, hidden). */
  modifyIndex(coll: Collection, name: string, changes: Document): void {
    const index = coll.indexes.get(name);
    if (!index) fail('IndexNotFound', `cannot find index ${name} for ns ${coll.ns}`);
    Object.assign(index.spec, changes);
    this.record({ op: 'modifyIndex', db: coll.db, coll: coll.name, name, changes });
  }

  createCollection(db: string, name: string, options: Document): void {
    validateNames(db, name);
    if (this.getCollection(db, name)) fail('NamespaceExists', `Collection ${db}.${name} already exists.`);
    this.ensure(db, name, options, true);
  }

  dropCollection(db: string, name: string): boolean {
    const existing = this.getCollection(db, name);
    const existed = this.dbs.get(db)?.delete(name) ?? false;
    if (existed) {
      this.record({ op: 'drop', db, coll: name });
      this.changes.append({ db, coll: name, operationType: 'drop', uuid: existing?.uuid });
    }
    return existed;
  }

  dropDatabase(db: string): void {
    const colls = [...(this.dbs.get(db)?.values() ?? [])];
    if (this.dbs.delete(db)) {
      this.record({ op: 'dropDatabase', db });
      for (const coll of colls) this.changes.append({ db, coll: coll.name, operationType: 'drop', uuid: coll.uuid });
      this.changes.append({ db, coll: '', operationType: 'dropDatabase' });
    }
  }

  renameCollection(db: string, from: string, toDb: string, to: string, dropTarget: boolean): void {
    const source = this.getCollection(db, from);
    if (!source) fail('NamespaceNotFound', 'source namespace does not exist');
    validateNames(toDb, to);
    const target = this.getCollection(toDb, to);
    if (target) {
      if (!dropTarget) fail('NamespaceExists', 'target namespace exists');
      this.dropCollection(toDb, to);
    }
    this.dbs.get(db)!.delete(from);
    source.name = to;
    if (!this.dbs.has(toDb)) this.dbs.set(toDb, new Map());
    this.dbs.get(toDb)!.set(to, source);
    this.record({ op: 'rename', db, from, toDb, to });
    const description: Doc = { to: { db: toDb, coll: to }, ...(target ? { dropTarget: target.uuid } : {}) };
    this.changes.append({ db, coll: from, operationType: 'rename', uuid: source.uuid, to: { db: toDb, coll: to }, description });
    if (toDb !== db) {
      // A cross-database move re-homes documents; rewrite them so replay finds them under the new namespace.
      this.record({ op: 'create', db: toDb, coll: to, options: source.options });
      for (const doc of source.docs.values()) this.record({ op: 'put', db: toDb, coll: to, doc });
    }
  }

  createIndex(coll: Collection, spec: IndexSpec): void {
    coll.createIndex(spec);
    this.record({ op: 'createIndex', db: coll.db, coll: coll.name, spec });
    this.changes.append({ db: coll.db, coll: coll.name, operationType: 'createIndexes', uuid: coll.uuid, description: { indexes: [{ ...spec }] } });
  }

  dropIndex(coll: Collection, name: string): void {
    const spec = coll.indexes.get(name)?.spec;
    coll.dropIndex(name);
    this.record({ op: 'dropIndex', db: coll.db, coll: coll.name, name });
    this.changes.append({ db: coll.db, coll: coll.name, operationType: 'dropIndexes', uuid: coll.uuid, description: { indexes: [{ ...spec }] } });
  }

  insert(coll: Collection, doc: Doc): void {
    coll.insert(doc);
    this.record({ op: 'put', db: coll.db, coll: coll.name, doc });
    this.changes.append({ db: coll.db, coll: coll.name, operationType: 'insert', uuid: coll.uuid, documentKey: { _id: doc._id }, after: doc });
  }

  /** `kind`: whether the new document came from update operators or a pipeline (`update`) or replaced the old one. */
  replace(coll: Collection, rid: number, doc: Doc, kind: 'update' | 'replace' = 'update', old?: Doc): void {
    const before = this.changes.enabled ? (old ?? coll.docs.get(rid)) : undefined;
    coll.replace(rid, doc);
    this.record({ op: 'put', db: coll.db, coll: coll.name, doc });
    this.changes.append({ db: coll.db, coll: coll.name, operationType: kind, uuid: coll.uuid, documentKey: { _id: doc._id }, before, after: doc, images: coll.imagesEnabled });
  }

  remove(coll: Collection, rid: number): void {
    const old = coll.remove(rid);
    if (old) {
      this.record({ op: 'delete', db: coll.db, coll: coll.name, id: old._id });
      const images = coll.imagesEnabled;
      this.changes.append({ db: coll.db, coll: coll.name, operationType: 'delete', uuid: coll.uuid, documentKey: { _id: old._id }, before: images ? old : undefined, images });
    }
  }
}

function validateNames(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db)) fail('InvalidNamespace', `Invalid database name: '${db}'`);
  if (!name || name.includes('\0') || name.startsWith('.') || name.includes('$')) {
    fail('InvalidNamespace', `Invalid collection name: '${name}'`);
  }
}
