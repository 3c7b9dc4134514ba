import type { Document } from 'bson';
import { fail } from '../errors';
import { compileFilter } from '../query/matcher';
import { collMod, createOptions } from './collMod';
import type { CommandHandler } from './context';
import { viewEntry } from './views';

function collName(cmd: Document, key: string): string {
  const v = cmd[key];
  if (typeof v !== 'string' || v === '') fail('InvalidNamespace', `collection name has invalid type ${typeof v}`);
  return v;
}

const listDatabases: CommandHandler = (cmd, ctx) => {
  const filter = compileFilter((cmd.filter as Document) ?? {});
  const databases: Document[] = [];
  let totalSize = 0;
  for (const [name, colls] of ctx.engine.dbs) {
    let size = 0;
    for (const c of colls.values()) size += c.docs.size;
    const entry = { name, sizeOnDisk: size * 100, empty: size === 0 };
    if (!filter(entry)) continue;
    totalSize += entry.sizeOnDisk;
    databases.push(cmd.nameOnly ? { name } : entry);
  }
  return { databases, totalSize, totalSizeMb: Math.round(totalSize / 1e6), ok: 1 };
};

const listCollections: CommandHandler = (cmd, ctx) => {
  const filter = compileFilter((cmd.filter as Document) ?? {});
  const out: Document[] = [];
  for (const coll of ctx.engine.dbs.get(ctx.db)?.values() ?? []) {
    const entry: Document = coll.isView
      ? viewEntry(coll, cmd.nameOnly === true)
      : cmd.nameOnly
      ? { name: coll.name, type: 'collection' }
      : { name: coll.name, type: 'collection', options: coll.options, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } };
    if (filter(entry)) out.push(entry);
  }
  const batchSize = (cmd.cursor as Document | undefined)?.batchSize;
  return { cursor: ctx.cursors.open(`${ctx.db}.$cmd.listCollections`, out, typeof batchSize === 'number' ? batchSize : undefined), ok: 1 };
};

const create: CommandHandler = async (cmd, ctx) => {
  const name = collName(cmd, 'create');
  const { create: _c, $db, lsid, txnNumber, writeConcern, $clusterTime, autocommit, startTransaction, $readPreference, ...options } = cmd;
  void _c; void $db; void lsid; void txnNumber; void writeConcern; void $clusterTime; void autocommit; void startTransaction; void $readPreference;
  ctx.engine.createCollection(ctx.db, name, createOptions(options));
  await ctx.engine.flush();
  return { ok: 1 };
};

const drop: CommandHandler = async (cmd, ctx) => {
  const name = collName(cmd, 'drop');
  const coll = ctx.engine.getCollection(ctx.db, name);
  // Since 7.0 dropping a collection that does not exist succeeds.
  if (!coll) return { ok: 1 };
  const nIndexesWas = coll.indexes.size;
  ctx.engine.dropCollection(ctx.db, name);
  await ctx.engine.flush();
  return { nIndexesWas, ns: coll.ns, ok: 1 };
};

const dropDatabase: CommandHandler = async (_cmd, ctx) => {
  ctx.engine.dropDatabase(ctx.db);
  await ctx.engine.flush();
  return { dropped: ctx.db, ok: 1 };
};

const renameCollection: CommandHandler = async (cmd, ctx) => {
  const from = String(cmd.renameCollection ?? '');
  const to = String(cmd.to ?? '');
  const split = (ns: string): [string, string] => {
    const dot = ns.indexOf('.');
    if (dot <= 0 || dot === ns.length - 1) fail('InvalidNamespace', `Invalid namespace specified '${ns}'`);
    return [ns.slice(0, dot), ns.slice(dot + 1)];
  };
  const [fromDb, fromColl] = split(from);
  const [toDb, toColl] = split(to);
  ctx.engine.renameCollection(fromDb, fromColl, toDb, toColl, cmd.dropTarget === true);
  await ctx.engine.flush();
  return { ok: 1 };
};

const collStats: CommandHandler = (cmd, ctx) => {
  const coll = ctx.engine.getCollection(ctx.db, String(cmd.collStats));
  const count = coll?.docs.size ?? 0;
  return { ns: `${ctx.db}.${String(cmd.collStats)}`, count, size: count * 100, nindexes: coll?.indexes.size ?? 0, ok: 1 };
};

const dbStats: CommandHandler = (_cmd, ctx) => {
  const colls = ctx.engine.dbs.get(ctx.db);
  let objects = 0;
  for (const c of colls?.values() ?? []) objects += c.docs.size;
  return { db: ctx.db, collections: colls?.size ?? 0, objects, ok: 1 };
};

export const adminCommands: Record<string, CommandHandler> = {
  collMod,
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
  renameCollection,
  collStats,
  dbStats,
};
