// Entity operations of the format, run through the official driver, with results turned into the format's documents.
import type { AnyBulkWriteOperation, AnyClientBulkWriteModel, BulkWriteResult, ChangeStream, ClientBulkWriteResult, Collection, Db, Document, FindCursor } from 'mongodb';
import { type ClientEntity, driverOptions, type EntityMap } from './entities';

export interface OperationResult {
  value: unknown;
  /** The value is the documents of an iterable result (find, aggregate...): each one is a root-level document. */
  iterable?: boolean;
}

function unacknowledged(result: { acknowledged?: boolean }): boolean {
  return result.acknowledged === false;
}

function plain(map: Record<string | number, unknown> | undefined): Document {
  const out: Document = {};
  for (const [k, v] of Object.entries(map ?? {})) out[String(k)] = v;
  return out;
}

/** A BulkWriteResult as the format's document. */
export function bulkResultDocument(result: BulkWriteResult): Document {
  return {
    deletedCount: result.deletedCount,
    insertedCount: result.insertedCount,
    insertedIds: plain(result.insertedIds),
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedCount: result.upsertedCount,
    upsertedIds: plain(result.upsertedIds),
  };
}

function updateResult(r: Document): Document {
  if (unacknowledged(r)) return { acknowledged: false };
  return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedCount: r.upsertedCount, ...(r.upsertedId != null ? { upsertedId: r.upsertedId } : {}) };
}

/** `returnDocument: 'After'` in the format, `'after'` in the driver. */
function findAndModifyOptions(args: Document): Document {
  const out = driverOptions(args);
  if (typeof args.returnDocument === 'string') out.returnDocument = args.returnDocument.toLowerCase();
  return out;
}

/** `watch()` on a collection, database or client; the format wants the server cursor open once it returns. */
async function changeStream(target: { watch(pipeline: Document[], options: Document): ChangeStream }, args: Document): Promise<OperationResult> {
  const [[pipeline], opts] = take(args, 'pipeline');
  const stream = target.watch((pipeline as Document[]) ?? [], opts);
  await (stream as unknown as { cursor: { cursorInit(): Promise<void> } }).cursor.cursorInit();
  return { value: stream };
}

function take(args: Document, ...names: string[]): [unknown[], Document] {
  const rest: Document = { ...args };
  const picked = names.map((n) => {
    const v = rest[n];
    delete rest[n];
    return v;
  });
  return [picked, driverOptions(rest)];
}

/** Bulk write requests: `{ updateOne: { filter, update, ... } }` is already the driver's shape. */
function bulkRequests(requests: Document[]): AnyBulkWriteOperation[] {
  return requests.map((r) => {
    const [kind, spec] = Object.entries(r)[0] as [string, Document];
    return { [kind]: { ...spec } } as AnyBulkWriteOperation;
  });
}

type Handler<T> = (target: T, args: Document, entities: EntityMap) => Promise<OperationResult>;

const collectionOps: Record<string, Handler<Collection>> = {
  aggregate: async (c, args) => {
    const [[pipeline], opts] = take(args, 'pipeline');
    return { value: await c.aggregate(pipeline as Document[], opts).toArray(), iterable: true };
  },
  bulkWrite: async (c, args) => {
    const [[requests], opts] = take(args, 'requests');
    const result = await c.bulkWrite(bulkRequests(requests as Document[]), opts);
    return { value: unacknowledged(result as unknown as Document) ? { acknowledged: false } : bulkResultDocument(result) };
  },
  countDocuments: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    return { value: await c.countDocuments(filter as Document, opts) };
  },
  count: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    return { value: await c.count(filter as Document, opts) };
  },
  estimatedDocumentCount: async (c, args) => ({ value: await c.estimatedDocumentCount(driverOptions(args)) }),
  createIndex: async (c, args) => {
    const [[keys], opts] = take(args, 'keys');
    return { value: await c.createIndex(keys as Document, opts) };
  },
  dropIndex: async (c, args) => {
    const { name, ...opts } = args;
    return { value: await c.dropIndex(name as string, opts) };
  },
  deleteOne: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    const r = await c.deleteOne(filter as Document, opts);
    return { value: unacknowledged(r) ? { acknowledged: false } : { deletedCount: r.deletedCount } };
  },
  deleteMany: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    const r = await c.deleteMany(filter as Document, opts);
    return { value: unacknowledged(r) ? { acknowledged: false } : { deletedCount: r.deletedCount } };
  },
  distinct: async (c, args) => {
    const [[fieldName, filter], opts] = take(args, 'fieldName', 'filter');
    return { value: await c.distinct(fieldName as string, (filter as Document) ?? {}, opts) };
  },
  find: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    return { value: await c.find((filter as Document) ?? {}, opts).toArray(), iterable: true };
  },
  findOne: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    return { value: await c.findOne((filter as Document) ?? {}, opts) };
  },
  createChangeStream: (c, args) => changeStream(c, args),
  createFindCursor: async (c, args) => {
    const [[filter], opts] = take(args, 'filter');
    const cursor = c.find((filter as Document) ?? {}, opts);
    // The format wants the server cursor to exist once the operation returns.
    await cursor.hasNext();
    return { value: cursor };
  },
  findOneAndDelete: async (c, args) => {
    const { filter, ...rest } = args;
    return { value: await c.findOneAndDelete(filter as Document, findAndModifyOptions(rest)) };
  },
  findOneAndReplace: async (c, args) => {
    const { filter, replacement, ...rest } = args;
    return { value: await c.findOneAndReplace(filter as Document, replacement as Document, findAndModifyOptions(rest)) };
  },
  findOneAndUpdate: async (c, args) => {
    const { filter, update, ...rest } = args;
    return { value: await c.findOneAndUpdate(filter as Document, update as Document, findAndModifyOptions(rest)) };
  },
  insertOne: async (c, args) => {
    const [[document], opts] = take(args, 'document');
    const r = await c.insertOne(document as Document, opts);
    return { value: unacknowledged(r) ? { acknowledged: false } : { insertedId: r.insertedId } };
  },
  insertMany: async (c, args) => {
    const [[documents], opts] = take(args, 'documents');
    const r = await c.insertMany(documents as Document[], opts);
    return { value: unacknowledged(r) ? { acknowledged: false } : { insertedIds: plain(r.insertedIds) } };
  },
  rename: async (c, args) => {
    const [[to], opts] = take(args, 'to');
    await c.rename(to as string, opts);
    return { value: undefined };
  },
  replaceOne: async (c, args) => {
    const [[filter, replacement], opts] = take(args, 'filter', 'replacement');
    return { value: updateResult(await c.replaceOne(filter as Document, replacement as Document, opts)) };
  },
  updateOne: async (c, args) => {
    const [[filter, update], opts] = take(args, 'filter', 'update');
    return { value: updateResult(await c.updateOne(filter as Document, update as Document, opts)) };
  },
  updateMany: async (c, args) => {
    const [[filter, update], opts] = take(args, 'filter', 'update');
    return { value: updateResult(await c.updateMany(filter as Document, update as Document, opts)) };
  },
};

const databaseOps: Record<string, Handler<Db>> = {
  aggregate: async (db, args) => {
    const [[pipeline], opts] = take(args, 'pipeline');
    return { value: await db.aggregate(pipeline as Document[], opts).toArray(), iterable: true };
  },
  createChangeStream: (db, args) => changeStream(db, args),
  createCollection: async (db, args) => {
    const [[name], opts] = take(args, 'collection');
    await db.createCollection(name as string, opts);
    return { value: undefined };
  },
  dropCollection: async (db, args) => {
    const [[name], opts] = take(args, 'collection');
    return { value: await db.dropCollection(name as string, opts) };
  },
  /** collMod: the driver has no helper for it, so the command goes as it is. */
  modifyCollection: async (db, args) => {
    const { collection, ...rest } = args;
    return { value: await db.command({ collMod: collection, ...rest }) };
  },
  runCommand: async (db, args) => {
    const [[command], opts] = take(args, 'command', 'commandName');
    return { value: await db.command(command as Document, opts) };
  },
  listCollections: async (db, args) => {
    const [[filter], opts] = take(args, 'filter');
    return { value: await db.listCollections((filter as Document) ?? {}, opts).toArray(), iterable: true };
  },
};

/** A client bulk write result, its per-operation results (Maps in the driver) keyed by index. */
function clientBulkResult(r: ClientBulkWriteResult): Document {
  if (!r.acknowledged) return { acknowledged: false };
  const { insertResults, updateResults, deleteResults, ...counts } = r as ClientBulkWriteResult & Document;
  const byIndex = (m: ReadonlyMap<number, unknown> | undefined): Document => Object.fromEntries([...(m ?? new Map<number, unknown>())].map(([k, v]) => [String(k), v]));
  return { ...counts, insertResults: byIndex(insertResults), updateResults: byIndex(updateResults), deleteResults: byIndex(deleteResults) };
}

const clientOps: Record<string, Handler<ClientEntity>> = {
  createChangeStream: (c, args) => changeStream(c.client, args),
  clientBulkWrite: async (c, args) => {
    const [[models], opts] = take(args, 'models');
    const driverModels = (models as Document[]).map((m) => {
      const [name, spec] = Object.entries(m)[0] as [string, Document];
      return { name, ...spec } as AnyClientBulkWriteModel<Document>;
    });
    return { value: clientBulkResult(await c.client.bulkWrite(driverModels, opts)) };
  },
};

const cursorOps: Record<string, Handler<FindCursor>> = {
  iterateUntilDocumentOrError: async (cursor) => ({ value: await cursor.next() }),
  iterateOnce: async (cursor) => ({ value: await cursor.tryNext() }),
  close: async (cursor) => {
    await cursor.close();
    return { value: undefined };
  },
};

/** Runs one entity operation; throws whatever the driver throws. */
export async function runOperation(op: Document, entities: EntityMap): Promise<OperationResult> {
  const args = (op.arguments as Document | undefined) ?? {};
  if ('session' in args) throw new Error('sessions are not among the entities this runner creates');
  const kind = entities.kindOf(op.object);
  const tables: Partial<Record<string, Record<string, Handler<never>>>> = { collection: collectionOps, database: databaseOps, cursor: cursorOps, client: clientOps };
  const handler = kind ? tables[kind]?.[op.name] : undefined;
  if (!kind || !handler) throw new Error(`unsupported operation ${op.name} on ${kind ?? 'unknown entity'} ${op.object}`);
  const targets = { collection: entities.collection, database: entities.database, cursor: entities.cursor, client: entities.client, value: entities.value };
  const target = targets[kind].call(entities, op.object);
  return (handler as Handler<unknown>)(target, args, entities);
}
