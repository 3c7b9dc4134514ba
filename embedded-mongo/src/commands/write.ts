import { ObjectId, calculateObjectSize } from 'bson';
import type { Document } from 'bson';
import { MongoServerError, fail, toServerError } from '../errors';
import { applyUpdate, isOperatorUpdate, seedFromFilter, validateUpdate } from '../query/update';
import { idFirst, identicalValues, isPlainObject, type Doc } from '../query/values';
import type { Collection } from '../storage/collection';
import { matchRids } from '../storage/planner';
import type { QueryScope } from '../query/scope';
import type { CommandContext, CommandHandler } from './context';
import { MAX_BSON_SIZE } from './context';
import { queryScope } from './scope';
import { validateDocument } from './validation';
import { commitWrites } from './durability';

export function collectionName(cmd: Document, key: string): string {
  const v = cmd[key];
  if (typeof v !== 'string' || v === '') fail('InvalidNamespace', `Invalid namespace specified for '${key}'`);
  return v;
}

export function checkSize(doc: Doc): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_BSON_SIZE) fail('BSONObjectTooLarge', `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`);
}

/** The first `$`-prefixed field name inside an `_id` value, at any depth. */
function dollarField(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const el of v) {
      const found = dollarField(el);
      if (found !== undefined) return found;
    }
  } else if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      if (k.startsWith('$')) return k;
      const found = dollarField(v[k]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Gives a new document an _id (first in field order) and checks the _id rules. */
export function prepareForInsert(raw: unknown): Doc {
  if (!isPlainObject(raw)) fail('TypeMismatch', 'document to insert must be an object');
  let doc: Doc = raw;
  if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
  else doc = idFirst(doc);
  if (Array.isArray(doc._id)) fail('InvalidIdField', "The '_id' value cannot be of type array");
  if (doc._id instanceof RegExp) fail('InvalidIdField', "The '_id' value cannot be of type regex");
  const dollar = dollarField(doc._id);
  if (dollar !== undefined) fail('DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`);
  checkSize(doc);
  return doc;
}

function writeReply(n: number, errors: Document[], extra: Document = {}): Document {
  const out: Document = { n, ...extra };
  if (errors.length) out.writeErrors = errors;
  out.ok = 1;
  return out;
}

const insert: CommandHandler = async (cmd, ctx) => {
  const name = collectionName(cmd, 'insert');
  const docs = cmd.documents;
  if (!Array.isArray(docs)) fail('FailedToParse', "BSON field 'insert.documents' is missing but a required field");
  const ordered = cmd.ordered !== false;
  const coll = ctx.engine.collection(ctx.db, name);
  const errors: Document[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    try {
      const doc = prepareForInsert(docs[i]);
      validateDocument(ctx, coll, doc, undefined, cmd.bypassDocumentValidation);
      ctx.engine.insert(coll, doc);
      n++;
    } catch (err) {
      errors.push(toServerError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  await commitWrites(cmd, ctx);
  return writeReply(n, errors);
};

interface UpdateSpec {
  q?: Doc;
  u?: Doc | Doc[];
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Doc[];
  scope?: QueryScope;
  /** The command's bypassDocumentValidation. */
  bypass?: unknown;
}

/** Fields of one update and one delete statement in MongoDB 7.0 (`sort` came with 8.0): any other is refused. */
const UPDATE_FIELDS = new Set(['q', 'u', 'c', 'arrayFilters', 'multi', 'upsert', 'upsertSupplied', 'collation', 'hint', 'sampleId', 'allowShardKeyUpdatesWithoutFullShardKeyInQuery']);
const DELETE_FIELDS = new Set(['q', 'limit', 'collation', 'hint', 'sampleId']);

/** Refuses a statement with a field MongoDB does not know, as its command parser does (before any write). */
export function checkStatementFields(cmdName: string, listName: string, statements: unknown[], allowed: Set<string>): void {
  for (const st of statements) {
    if (!isPlainObject(st)) continue;
    for (const k of Object.keys(st)) if (!allowed.has(k)) fail('Location40415', `BSON field '${cmdName}.${listName}.${k}' is an unknown field.`);
  }
}

export interface UpdateOutcome {
  matched: number;
  modified: number;
  upsertedId?: unknown;
  /** Documents as stored after the write, in match order. */
  after: Doc[];
  before: Doc[];
}

/** Updates (or upserts) matching documents; shared by `update` and `findAndModify`. */
export function updateDocuments(coll: Collection, ctx: CommandContext, spec: UpdateSpec, rids: number[]): UpdateOutcome {
  const u = spec.u;
  if (u === undefined || (!Array.isArray(u) && !isPlainObject(u))) fail('FailedToParse', 'Update argument must be either an object or an array');
  validateUpdate(u);
  const out: UpdateOutcome = { matched: 0, modified: 0, after: [], before: [] };
  if (rids.length === 0) {
    if (!spec.upsert) return out;
    const seed = Array.isArray(u) || isOperatorUpdate(u) ? seedFromFilter(spec.q) : {};
    let doc = applyUpdate(seed, u, { inserting: true, arrayFilters: spec.arrayFilters, query: spec.q, scope: spec.scope });
    if (doc._id === undefined) {
      const fromFilter = seedFromFilter(spec.q)._id;
      doc = { _id: fromFilter ?? new ObjectId(), ...doc };
    }
    doc = prepareForInsert(doc);
    validateDocument(ctx, coll, doc, undefined, spec.bypass);
    ctx.engine.insert(coll, doc);
    out.upsertedId = doc._id;
    out.after.push(doc);
    return out;
  }
  for (const rid of rids) {
    const old = coll.docs.get(rid);
    if (!old) continue;
    const doc = applyUpdate(old, u, { arrayFilters: spec.arrayFilters, query: spec.q, scope: spec.scope });
    out.matched++;
    out.before.push(old);
    // Type-sensitive: replacing Int32 2 by Double 2.0 is a modification, as in MongoDB.
    if (!identicalValues(doc, old)) {
      checkSize(doc);
      validateDocument(ctx, coll, doc, old, spec.bypass);
      ctx.engine.replace(coll, rid, doc, Array.isArray(u) || isOperatorUpdate(u) ? 'update' : 'replace', old);
      out.modified++;
      out.after.push(doc);
    } else out.after.push(old);
  }
  return out;
}

const update: CommandHandler = async (cmd, ctx) => {
  const name = collectionName(cmd, 'update');
  const updates = cmd.updates;
  if (!Array.isArray(updates)) fail('FailedToParse', "BSON field 'update.updates' is missing but a required field");
  checkStatementFields('update', 'updates', updates, UPDATE_FIELDS);
  const ordered = cmd.ordered !== false;
  const coll = ctx.engine.collection(ctx.db, name);
  const errors: Document[] = [];
  const upserted: Document[] = [];
  let n = 0;
  let nModified = 0;
  for (let i = 0; i < updates.length; i++) {
    try {
      const raw: unknown = updates[i];
      if (!isPlainObject(raw)) fail('TypeMismatch', 'each update must be an object');
      const spec: UpdateSpec = { ...(raw as UpdateSpec), scope: queryScope(raw.collation, coll, cmd.let, raw.c), bypass: cmd.bypassDocumentValidation };
      if (spec.multi && spec.u && !Array.isArray(spec.u) && !isOperatorUpdate(spec.u)) {
        fail('FailedToParse', 'multi update is not supported for replacement-style update');
      }
      const rids = matchRids(coll, spec.q ?? {}, spec.multi ? Infinity : 1, spec.scope);
      const result = updateDocuments(coll, ctx, spec, rids);
      if (result.upsertedId !== undefined) {
        upserted.push({ index: i, _id: result.upsertedId });
        n++;
      } else {
        n += result.matched;
        nModified += result.modified;
      }
    } catch (err) {
      errors.push(toServerError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  await commitWrites(cmd, ctx);
  return writeReply(n, errors, upserted.length ? { nModified, upserted } : { nModified });
};

const del: CommandHandler = async (cmd, ctx) => {
  const name = collectionName(cmd, 'delete');
  const deletes = cmd.deletes;
  if (!Array.isArray(deletes)) fail('FailedToParse', "BSON field 'delete.deletes' is missing but a required field");
  checkStatementFields('delete', 'deletes', deletes, DELETE_FIELDS);
  const ordered = cmd.ordered !== false;
  const coll = ctx.engine.getCollection(ctx.db, name);
  if (coll?.isView) fail('CommandNotSupportedOnView', `Namespace ${coll.ns} is a view, not a collection`);
  const errors: Document[] = [];
  let n = 0;
  for (let i = 0; i < deletes.length; i++) {
    try {
      const spec = deletes[i] as { q?: Doc; limit?: number; collation?: Doc };
      if (!isPlainObject(spec)) fail('TypeMismatch', 'each delete must be an object');
      const scope = queryScope(spec.collation, coll, cmd.let);
      if (!coll) continue;
      const rids = matchRids(coll, spec.q ?? {}, Number(spec.limit) === 1 ? 1 : Infinity, scope);
      for (const rid of rids) ctx.engine.remove(coll, rid);
      n += rids.length;
    } catch (err) {
      errors.push((err instanceof MongoServerError ? err : toServerError(err)).toWriteError(i));
      if (ordered) break;
    }
  }
  await commitWrites(cmd, ctx);
  return writeReply(n, errors);
};

export const writeCommands: Record<string, CommandHandler> = { insert, update, delete: del };
