import type { Document } from 'bson';
import { fail } from '../errors';
import { compileFilter } from '../query/matcher';
import { projectDocs } from '../query/positional';
import { runPipeline } from '../query/pipeline';
import { getPathValues } from '../query/paths';
import { collationView } from '../query/collation';
import { valueComparator } from '../query/sort';
import { formatValue, isNumeric, isPlainObject, toNumber, type Doc } from '../query/values';
import { Collection } from '../storage/collection';
import { encodeKey } from '../storage/keys';
import { findDocs, type FindOptions } from '../storage/planner';
import { hintOrder } from './hint';
import { openChangeStream } from './changeStream';
import type { CommandContext, CommandHandler } from './context';
import { cursorIdOf } from './cursors';
import { writeMerge } from './merge';
import { explainAnswer } from './explain';
import { dropScores, findText, hasTextQuery, textPipeline } from './textSearch';
import { queryScope } from './scope';
import { collectionResolver, resolveView, viewDocs } from './views';
import { collectionName, prepareForInsert } from './write';

function optionalDoc(cmd: Document, key: string): Doc | undefined {
  const v = cmd[key];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) fail('TypeMismatch', `BSON field '${key}' is the wrong type '${typeof v}', expected type 'object'`);
  return v;
}

function optionalInt(cmd: Document, key: string): number | undefined {
  const v = cmd[key];
  if (v === undefined || v === null) return undefined;
  const n = toNumber(v);
  if (!Number.isFinite(n)) fail('TypeMismatch', `BSON field '${key}' is the wrong type, expected a number`);
  return Math.trunc(n);
}

/** Documents found, in the order a hint gives them when no sort does (an index's key order, or `$natural`). */
function hintedDocs(coll: Collection, filter: Doc, opts: FindOptions, hint: unknown): Doc[] {
  const order = hintOrder(coll, hint);
  if (!order || opts.sort) return findDocs(coll, filter, opts);
  if ('sort' in order) return findDocs(coll, filter, { ...opts, sort: order.sort });
  if (order.natural === 1) return findDocs(coll, filter, opts);
  const { skip = 0, limit = 0 } = opts;
  const reversed = findDocs(coll, filter, { ...opts, skip: 0, limit: 0 }).reverse().slice(skip);
  return limit ? reversed.slice(0, limit) : reversed;
}

/**
 * The top-level fields an inclusion projection keeps (its paths' first names, and `_id`), or undefined when the
 * projection may need more of a document: none, an exclusion, a positional `$`, `$slice`, `$elemMatch`, `$meta`, a
 * computed field, or a path MongoDB refuses (left to the projection's own checks on whole documents).
 */
export function projectionFields(projection: Doc | undefined): Set<string> | undefined {
  if (!projection) return undefined;
  const keys = Object.keys(projection);
  const flag = (v: unknown) => isNumeric(v) || typeof v === 'boolean';
  if (!keys.every((k) => flag(projection[k]))) return undefined;
  const others = keys.filter((k) => k !== '_id');
  const included = (k: string) => projection[k] === true || (isNumeric(projection[k]) && toNumber(projection[k]) !== 0);
  // An inclusion: every field but _id kept (a mix is MongoDB's error), or _id alone kept.
  if (others.length ? !others.every(included) : !keys.length || !included('_id')) return undefined;
  const out = new Set<string>(['_id']);
  for (const k of others) {
    const segs = k.split('.');
    if (segs.some((seg) => seg === '' || seg.startsWith('$'))) return undefined;
    out.add(segs[0]!);
  }
  return out;
}

const find: CommandHandler = (cmd, ctx) => {
  const name = collectionName(cmd, 'find');
  const filter = optionalDoc(cmd, 'filter') ?? {};
  const sort = optionalDoc(cmd, 'sort');
  const projection = optionalDoc(cmd, 'projection');
  const skip = optionalInt(cmd, 'skip') ?? 0;
  let limit = optionalInt(cmd, 'limit') ?? 0;
  const batchSize = optionalInt(cmd, 'batchSize');
  if (skip < 0) fail('BadValue', 'skip value must be non-negative');
  if (batchSize !== undefined && batchSize < 0) fail('BadValue', 'batchSize value must be non-negative');
  let singleBatch = cmd.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const coll = ctx.engine.getCollection(ctx.db, name);
  const scope = queryScope(cmd.collation, coll, cmd.let);
  const ns = `${ctx.db}.${name}`;
  const first = limit && batchSize ? Math.min(limit, batchSize) : batchSize;
  if (hasTextQuery(filter)) return { cursor: ctx.cursors.open(ns, findText(coll, filter, { sort, skip, limit, projection, scope }), first, singleBatch), ok: 1 };
  // Validate the filter even when the collection does not exist, as MongoDB does.
  compileFilter(filter, scope);
  const view = resolveView(ctx, name);
  const stages = (): Doc[] => [{ $match: filter }, ...(sort ? [{ $sort: sort }] : []), ...(skip ? [{ $skip: skip }] : []), ...(limit ? [{ $limit: limit }] : [])];
  const docs = view ? viewDocs(ctx, view, stages(), scope) : coll ? hintedDocs(coll, filter, { sort, skip, limit, scope, fields: projectionFields(projection) }, cmd.hint) : [];
  const projected = projectDocs(docs, projection, filter);
  return { cursor: ctx.cursors.open(ns, projected, first, singleBatch), ok: 1 };
};

const getMore: CommandHandler = async (cmd, ctx) => {
  const id = cursorIdOf(cmd.getMore);
  const name = collectionName(cmd, 'collection');
  const batchSize = optionalInt(cmd, 'batchSize');
  // A change stream's getMore waits for events up to maxTimeMS (the driver's maxAwaitTimeMS).
  const stream = await ctx.cursors.getMoreStream(id, `${ctx.db}.${name}`, batchSize, optionalInt(cmd, 'maxTimeMS'));
  if (stream) return { cursor: stream, ok: 1 };
  return { cursor: ctx.cursors.getMore(id, `${ctx.db}.${name}`, batchSize), ok: 1 };
};

const killCursors: CommandHandler = (cmd, ctx) => {
  if (!Array.isArray(cmd.cursors)) fail('FailedToParse', "BSON field 'killCursors.cursors' is missing but a required field");
  const { killed, notFound } = ctx.cursors.kill(cmd.cursors.map(cursorIdOf));
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: CommandHandler = (cmd, ctx) => {
  const name = collectionName(cmd, 'count');
  const coll = ctx.engine.getCollection(ctx.db, name);
  const query = optionalDoc(cmd, 'query') ?? {};
  const skip = optionalInt(cmd, 'skip') ?? 0;
  const limit = Math.abs(optionalInt(cmd, 'limit') ?? 0);
  if (!coll) return { n: 0, ok: 1 };
  const scope = queryScope(cmd.collation, coll);
  const view = resolveView(ctx, name);
  if (view) {
    const matched = viewDocs(ctx, view, [{ $match: query }], scope).slice(skip);
    return { n: limit ? Math.min(limit, matched.length) : matched.length, ok: 1 };
  }
  const n = Object.keys(query).length === 0 && !skip && !limit ? coll.docs.size : findDocs(coll, query, { skip, limit, scope }).length;
  return { n, ok: 1 };
};

const distinct: CommandHandler = (cmd, ctx) => {
  const name = collectionName(cmd, 'distinct');
  if (typeof cmd.key !== 'string' || !cmd.key) fail('TypeMismatch', "BSON field 'distinct.key' is missing or not a string");
  const coll = ctx.engine.getCollection(ctx.db, name);
  const scope = queryScope(cmd.collation, coll);
  const { collation } = scope;
  // Values equal under the collation count once, as the first one met.
  const seen = new Map<string, unknown>();
  const query = optionalDoc(cmd, 'query') ?? {};
  const view = resolveView(ctx, name);
  const docs = view ? viewDocs(ctx, view, [{ $match: query }], scope) : coll ? findDocs(coll, query, { scope }) : [];
  for (const doc of docs) {
    for (const v of getPathValues(doc, cmd.key)) {
      const key = encodeKey(collation ? collationView(v, collation) : v);
      if (v !== undefined && !seen.has(key)) seen.set(key, v);
    }
  }
  return { values: [...seen.values()].sort(valueComparator(collation)), ok: 1 };
};

const aggregate: CommandHandler = async (cmd, ctx) => {
  const target = cmd.aggregate;
  const pipeline = cmd.pipeline;
  if (!Array.isArray(pipeline)) fail('TypeMismatch', "'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) fail('BadValue', 'A pipeline stage specification object must contain exactly one field.');
  }
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true) fail('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
  const stages = pipeline as Doc[];
  if (cmd.explain === true) return explainAnswer(ctx, { aggregate: target, pipeline: stages, ...(cmd.collation ? { collation: cmd.collation } : {}), ...(cmd.let ? { let: cmd.let } : {}) }, 'queryPlanner');
  if (stages[0] && '$changeStream' in stages[0]) return openChangeStream(ctx, target, stages[0].$changeStream, stages.slice(1), cmd.cursor);
  let input: Doc[] = [];
  let rest = stages;
  let text = false;
  const name = typeof target === 'string' ? target : '';
  const scope = queryScope(cmd.collation, name ? ctx.engine.getCollection(ctx.db, name) : undefined, cmd.let);
  const view = name ? resolveView(ctx, name) : undefined;
  if (view) {
    input = view.coll ? [...view.coll.docs.values()] : [];
    rest = [...view.pipeline, ...stages];
  } else if (name) {
    const coll = ctx.engine.getCollection(ctx.db, name);
    // A leading $match (and $sort/$limit) runs through the query planner so it can use indexes.
    let filter: Doc | undefined;
    let sort: Doc | undefined;
    if (rest[0] && isPlainObject(rest[0].$match) && hasTextQuery(rest[0].$match)) {
      ({ input, stages: rest } = textPipeline(coll, rest[0].$match, rest.slice(1), scope));
      text = true;
    } else if (rest[0] && isPlainObject(rest[0].$match) && !JSON.stringify(rest[0].$match).includes('$expr')) {
      filter = rest[0].$match;
      rest = rest.slice(1);
    }
    if (filter && rest[0] && isPlainObject(rest[0].$sort)) {
      sort = rest[0].$sort;
      rest = rest.slice(1);
    }
    if (!text) input = coll ? hintedDocs(coll, filter ?? {}, { sort, scope }, cmd.hint) : [];
  } else if (target !== 1) fail('InvalidNamespace', 'aggregate requires a collection name or 1');
  else if (rest[0] && '$listLocalSessions' in rest[0]) {
    input = ctx.sessions.list(rest[0].$listLocalSessions);
    rest = rest.slice(1);
  }
  const last = rest[rest.length - 1];
  const outStage = last && ('$out' in last || '$merge' in last) ? last : undefined;
  if (outStage) rest = rest.slice(0, -1);
  const ran = runPipeline(input, rest, collectionResolver(ctx), scope);
  const results = text ? dropScores(ran) : ran;
  if (outStage) {
    if ('$merge' in outStage) writeMerge(ctx, outStage.$merge, results, cmd.bypassDocumentValidation);
    else writeOut(ctx, outStage, results);
    await ctx.engine.flush();
    return { cursor: { firstBatch: [], id: 0n, ns: `${ctx.db}.${name}` }, ok: 1 };
  }
  const batchSize = isPlainObject(cmd.cursor) ? optionalInt(cmd.cursor, 'batchSize') : undefined;
  return { cursor: ctx.cursors.open(`${ctx.db}.${name || '$cmd.aggregate'}`, results, batchSize), ok: 1 };
};

/**
 * `$out`: the target's documents are replaced by the results, keeping its indexes and options. The results are
 * first checked against those indexes on a scratch copy, so a duplicate key leaves the target as it was.
 */
function writeOut(ctx: CommandContext, stage: Doc, results: Doc[]): void {
  const spec = stage.$out;
  const db = isPlainObject(spec) ? String(spec.db ?? ctx.db) : ctx.db;
  const collName = isPlainObject(spec) ? String(spec.coll ?? '') : String(spec ?? '');
  if (!collName) fail('BadValue', '$out requires a collection name');
  const coll = ctx.engine.collection(db, collName);
  const docs = results.map((d) => prepareForInsert(d));
  const scratch = new Collection(db, collName, coll.options);
  for (const index of coll.indexes.values()) if (index.name !== '_id_') scratch.createIndex(index.spec);
  for (const doc of docs) {
    if (scratch.ridForId(doc._id) !== undefined) fail('DuplicateKey', `E11000 duplicate key error collection: ${coll.ns} index: _id_ dup key: { _id: ${formatValue(doc._id)} }`, { keyPattern: { _id: 1 }, keyValue: { _id: doc._id } });
    scratch.insert(doc);
  }
  for (const rid of [...coll.docs.keys()]) ctx.engine.remove(coll, rid);
  for (const doc of docs) ctx.engine.insert(coll, doc);
}

export const readCommands: Record<string, CommandHandler> = { find, getMore, killCursors, count, distinct, aggregate };
