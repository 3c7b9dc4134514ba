import { UUID, type Document } from 'bson';
import { fail } from '../errors';
import type { Doc } from '../query/values';
import { DocStore } from './docStore';
import { Index, type IndexSpec } from './indexes';

/**
 * Documents of one collection with their indexes. Record ids are internal and never leave the process. Documents
 * are stored as BSON and decoded on each read (`DocStore`); index entries hold their keys and values.
 */
export class Collection {
  readonly db: string;
  name: string;
  options: Document;
  /** The collection's UUID (listCollections `info.uuid`, change events' `collectionUUID`); kept in the journal. */
  readonly uuid: UUID;
  readonly docs = new DocStore();
  readonly indexes = new Map<string, Index>();
  private nextRid = 1;

  constructor(db: string, name: string, options: Document = {}, uuid?: unknown) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.uuid = uuid instanceof UUID ? uuid : uuidOf(uuid);
    this.indexes.set('_id_', new Index({ v: 2, key: { _id: 1 }, name: '_id_' }));
  }

  /** A view: a name for a pipeline over another collection (`options.viewOn`, `options.pipeline`), with no documents. */
  get isView(): boolean {
    return typeof this.options.viewOn === 'string';
  }

  /** `changeStreamPreAndPostImages: { enabled: true }`: change events keep the document before and after. */
  get imagesEnabled(): boolean {
    const o = this.options.changeStreamPreAndPostImages as Document | undefined;
    return o?.enabled === true;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  ridForId(id: unknown): number | undefined {
    for (const rid of this.indexes.get('_id_')!.lookupFull([id])) return rid;
    return undefined;
  }

  /** Throws E11000 (with the offending index) if `doc` cannot be stored as record `rid`. */
  checkUnique(doc: Doc, rid: number): void {
    const existing = this.ridForId(doc._id);
    if (existing !== undefined && existing !== rid) this.indexes.get('_id_')!.checkUnique(doc, rid, this.ns);
    for (const index of this.indexes.values()) if (index.name !== '_id_') index.checkUnique(doc, rid, this.ns);
  }

  insert(doc: Doc, check = true): number {
    const rid = this.nextRid++;
    if (check) this.checkUnique(doc, rid);
    this.docs.set(rid, doc);
    for (const index of this.indexes.values()) index.add(doc, rid);
    return rid;
  }

  replace(rid: number, doc: Doc, check = true): void {
    if (check) this.checkUnique(doc, rid);
    if (!this.docs.has(rid)) return;
    this.docs.set(rid, doc);
    for (const index of this.indexes.values()) index.replace(doc, rid);
  }

  remove(rid: number): Doc | undefined {
    const old = this.docs.get(rid);
    if (!old) return undefined;
    this.docs.delete(rid);
    for (const index of this.indexes.values()) index.remove(rid);
    return old;
  }

  /** Upsert by _id, used by journal replay where constraints were already checked when the write happened. */
  put(doc: Doc): void {
    const rid = this.ridForId(doc._id);
    if (rid === undefined) this.insert(doc, false);
    else this.replace(rid, doc, false);
  }

  /** Builds an index over the existing documents; fails without side effects on a duplicate. */
  createIndex(spec: IndexSpec): Index {
    const index = new Index(spec);
    for (const [rid, doc] of this.docs) {
      index.checkUnique(doc, rid, this.ns);
      index.add(doc, rid);
    }
    this.indexes.set(spec.name, index);
    return index;
  }

  dropIndex(name: string): void {
    if (name === '_id_') fail('InvalidOptions', 'cannot drop _id index');
    if (!this.indexes.delete(name)) fail('IndexNotFound', `index not found with name [${name}]`);
  }

  clear(): void {
    this.docs.clear();
    for (const index of this.indexes.values()) index.clear();
  }
}

/** A UUID read back from the journal (a Binary of subtype 4), or a new one. */
function uuidOf(v: unknown): UUID {
  try {
    if (v && typeof v === 'object' && 'buffer' in v && (v as { sub_type?: number }).sub_type === 4) {
      return new UUID((v as { buffer: Uint8Array }).buffer);
    }
  } catch {
    // Not a UUID: a new one below.
  }
  return new UUID();
}
