import type { Document } from 'bson';
import { fail } from '../errors';
import { isNumeric, isPlainObject, toNumber } from '../query/values';
import { defaultIndexName, type IndexSpec } from '../storage/indexes';
import type { CommandHandler } from './context';

const SUPPORTED_OPTIONS = new Set(['key', 'name', 'unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'background', 'v', 'collation', 'hidden', 'weights', 'default_language', 'language_override', 'textIndexVersion', '2dsphereIndexVersion']);

function normalizeSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw)) fail('TypeMismatch', 'each index specification must be an object');
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) fail('CannotCreateIndex', 'Index keys cannot be empty.');
  for (const [f, d] of Object.entries(key)) {
    if (!f) fail('CannotCreateIndex', 'Index key field names cannot be empty');
    const okDir = isNumeric(d) ? toNumber(d) !== 0 : typeof d === 'string' && ['text', 'hashed', '2d', '2dsphere'].includes(d);
    if (!okDir) fail('CannotCreateIndex', `Values in the index key pattern can only be numbers or strings, got ${f}: ${String(d)}`);
  }
  const name = typeof raw.name === 'string' && raw.name ? raw.name : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key, name };
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'key' || k === 'name' || k === 'v' || k === 'background') continue;
    if (!SUPPORTED_OPTIONS.has(k)) fail('BadValue', `The field '${k}' is not valid for an index specification.`);
    spec[k] = v;
  }
  if (spec.partialFilterExpression !== undefined && !isPlainObject(spec.partialFilterExpression)) {
    fail('CannotCreateIndex', 'partialFilterExpression must be an object');
  }
  if (spec.expireAfterSeconds !== undefined) {
    // Drivers may send the number as a double; the TTL sweep works with a plain number.
    const secs = isNumeric(spec.expireAfterSeconds) ? toNumber(spec.expireAfterSeconds) : Number.NaN;
    if (!(secs >= 0)) fail('CannotCreateIndex', 'TTL index \'expireAfterSeconds\' option must be a non-negative number');
    spec.expireAfterSeconds = secs;
  }
  return spec;
}

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  const pick = (s: IndexSpec): string =>
    JSON.stringify([s.key, !!s.unique, !!s.sparse, s.partialFilterExpression ?? null, s.expireAfterSeconds ?? null]);
  return pick(a) === pick(b);
}

const createIndexes: CommandHandler = async (cmd, ctx) => {
  const name = String(cmd.createIndexes ?? '');
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) fail('BadValue', 'Must specify at least one index to create');
  const specs = cmd.indexes.map(normalizeSpec);
  const existed = ctx.engine.getCollection(ctx.db, name);
  const coll = ctx.engine.collection(ctx.db, name);
  const before = coll.indexes.size;
  for (const spec of specs) {
    const sameName = coll.indexes.get(spec.name);
    if (sameName) {
      if (sameOptions(sameName.spec, spec)) continue;
      if (JSON.stringify(sameName.spec.key) === JSON.stringify(spec.key)) {
        fail('IndexOptionsConflict', `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
      }
      fail('IndexKeySpecsConflict', `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
    }
    const sameKey = [...coll.indexes.values()].find((i) => JSON.stringify(i.spec.key) === JSON.stringify(spec.key) && JSON.stringify(i.spec.partialFilterExpression ?? null) === JSON.stringify(spec.partialFilterExpression ?? null));
    if (sameKey) {
      if (sameOptions(sameKey.spec, spec)) continue;
      fail('IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
    }
    ctx.engine.createIndex(coll, spec);
  }
  await ctx.engine.flush();
  return { numIndexesBefore: before, numIndexesAfter: coll.indexes.size, createdCollectionAutomatically: !existed, ok: 1 };
};

const listIndexes: CommandHandler = (cmd, ctx) => {
  const name = String(cmd.listIndexes ?? '');
  const coll = ctx.engine.getCollection(ctx.db, name);
  if (!coll) fail('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  if (coll.isView) fail('CommandNotSupportedOnView', `Namespace ${coll.ns} is a view, not a collection`);
  const docs: Document[] = [...coll.indexes.values()].map((i) => i.toDocument());
  const batchSize = (cmd.cursor as Document | undefined)?.batchSize;
  return { cursor: ctx.cursors.open(`${ctx.db}.${name}`, docs, typeof batchSize === 'number' ? batchSize : undefined), ok: 1 };
};

const dropIndexes: CommandHandler = async (cmd, ctx) => {
  const name = String(cmd.dropIndexes ?? cmd.deleteIndexes ?? '');
  const coll = ctx.engine.getCollection(ctx.db, name);
  if (!coll) fail('NamespaceNotFound', `ns not found ${ctx.db}.${name}`);
  const nIndexesWas = coll.indexes.size;
  const target = cmd.index;
  if (target === '*') {
    for (const idx of [...coll.indexes.keys()]) if (idx !== '_id_') ctx.engine.dropIndex(coll, idx);
  } else if (typeof target === 'string') {
    ctx.engine.dropIndex(coll, target);
  } else if (Array.isArray(target)) {
    for (const t of target) ctx.engine.dropIndex(coll, String(t));
  } else if (isPlainObject(target)) {
    const found = [...coll.indexes.values()].find((i) => JSON.stringify(i.spec.key) === JSON.stringify(target));
    if (!found) fail('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    ctx.engine.dropIndex(coll, found.name);
  } else fail('BadValue', 'dropIndexes needs an index name, key pattern, array of names or "*"');
  await ctx.engine.flush();
  return { nIndexesWas, ok: 1 };
};

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
