import { Binary, Decimal128, Double, GridFSBucket, Int32, Long, MongoClient, type MongoServerError, ObjectId, Timestamp } from 'mongodb';
import type { Db, Document } from 'mongodb';
import { serverErrorOf as serverError, startTestServer } from './helpers';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startTestServer({ ttlIntervalMs: 100 });
  client = new MongoClient(server.uri);
  await client.connect();
  db = client.db('conformance');
});

afterAll(async () => {
  await client.close();
  await server.stop();
});


describe('connection and admin commands', () => {
  it('answers ping, buildInfo and hello like a standalone', async () => {
    expect((await db.admin().ping()).ok).toBe(1);
    const info = await db.admin().buildInfo();
    expect(info.version).toMatch(/^\d+\.\d+/);
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.setName).toBeUndefined();
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(8);
  });

  it('counts the commands it ran by name in serverStatus metrics.commands, as mongod does', async () => {
    const total = async (name: string) => ((await db.admin().command({ serverStatus: 1 })).metrics.commands[name]?.total ?? 0) as number;
    const finds = await total('find');
    const inserts = await total('insert');
    await db.collection('counted').insertOne({ a: 1 });
    await db.collection('counted').find({}).toArray();
    await db.collection('counted').find({ a: 1 }).toArray();
    expect(await total('find')).toBe(finds + 2);
    expect(await total('insert')).toBe(inserts + 1);
  });

  it('rejects unknown commands with CommandNotFound', async () => {
    const err = await serverError(db.command({ noSuchThing: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
  });

  it('creates, lists, renames and drops collections and databases', async () => {
    const admin = client.db('adminops');
    await admin.createCollection('a');
    expect((await serverError(admin.createCollection('a'))).code).toBe(48);
    await admin.collection('a').insertOne({ x: 1 });
    await admin.renameCollection('a', 'b');
    const names = (await admin.listCollections().toArray()).map((c) => c.name);
    expect(names).toEqual(['b']);
    const dbs = await client.db().admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain('adminops');
    expect(await admin.collection('b').drop()).toBe(true);
    await admin.dropDatabase();
    expect((await client.db().admin().listDatabases()).databases.map((d) => d.name)).not.toContain('adminops');
  });

  it('accepts sessions and transactions (applied immediately)', async () => {
    const coll = db.collection('txn');
    const session = client.startSession();
    await session.withTransaction(async () => {
      await coll.insertOne({ t: 1 }, { session });
    });
    await session.endSession();
    expect(await coll.countDocuments({ t: 1 })).toBe(1);
  });
});

describe('CRUD and queries', () => {
  beforeAll(async () => {
    const people = db.collection('people');
    await people.insertMany(
      Array.from({ length: 20 }, (_, i) => ({ name: `person${String(i).padStart(2, '0')}`, age: 20 + i, city: i % 2 ? 'Paris' : 'Oslo', tags: i % 3 ? ['a'] : ['a', 'b'] })),
    );
  });

  it('finds with sort, skip, limit and projection, _id first', async () => {
    const docs = await db.collection('people').find({ age: { $gte: 25 } }, { projection: { name: 1 } }).sort({ age: -1 }).skip(2).limit(3).toArray();
    expect(docs.map((d) => d.name)).toEqual(['person17', 'person16', 'person15']);
    expect(Object.keys(docs[0]!)).toEqual(['_id', 'name']);
  });

  it('supports regex, $in and $or', async () => {
    const people = db.collection('people');
    expect(await people.countDocuments({ name: /^person0/ })).toBe(10);
    expect(await people.countDocuments({ age: { $in: [20, 21, 99] } })).toBe(2);
    expect(await people.countDocuments({ $or: [{ age: 20 }, { city: 'Paris', age: { $lt: 24 } }] })).toBe(3);
    expect(await people.countDocuments({ tags: 'b' })).toBe(7);
  });

  it('distinct returns each value once', async () => {
    expect(await db.collection('people').distinct('city')).toEqual(['Oslo', 'Paris']);
    expect(await db.collection('people').distinct('tags')).toEqual(['a', 'b']);
  });

  it('keeps field order and puts a generated _id first', async () => {
    const coll = db.collection('order');
    await coll.insertOne({ z: 1, a: 2, m: 3 });
    const raw = await coll.findOne({}, { projection: {} });
    expect(Object.keys(raw!)).toEqual(['_id', 'z', 'a', 'm']);
    expect(raw!._id).toBeInstanceOf(ObjectId);
  });

  it('deletes one and many', async () => {
    const coll = db.collection('del');
    await coll.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await coll.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await coll.deleteMany({})).deletedCount).toBe(2);
  });

  it('iterates thousands of documents through getMore', async () => {
    const coll = db.collection('many');
    await coll.insertMany(Array.from({ length: 5000 }, (_, i) => ({ i })));
    let n = 0;
    let last = -1;
    for await (const doc of coll.find({}).batchSize(500)) {
      expect(doc.i).toBe(last + 1);
      last = doc.i as number;
      n++;
    }
    expect(n).toBe(5000);
    const cursor = coll.find({}).batchSize(10);
    await cursor.next();
    await cursor.close();
    expect(await coll.countDocuments({ i: { $gte: 4990 } })).toBe(10);
    // 5,000 inserts and reads: seconds on a busy shared machine.
  }, 30_000);
});

describe('updates', () => {
  it('applies update operators through findOneAndUpdate', async () => {
    const coll = db.collection<{ name: string; n: number; list: number[]; set: string[]; nested?: { deep: boolean } }>('ops');
    await coll.insertOne({ name: 'x', n: 1, list: [1, 2, 3], set: ['a'] });
    const doc = await coll.findOneAndUpdate(
      { name: 'x' },
      { $set: { 'nested.deep': true }, $inc: { n: 4 }, $push: { list: { $each: [4, 5, 6], $slice: -4 } }, $addToSet: { set: { $each: ['a', 'b'] } } },
      { returnDocument: 'after' },
    );
    expect(doc).toMatchObject({ n: 5, list: [3, 4, 5, 6], set: ['a', 'b'], nested: { deep: true } });
    const pulled = await coll.findOneAndUpdate({ name: 'x' }, { $pull: { list: { $gte: 5 } }, $unset: { nested: '' } }, { returnDocument: 'after' });
    expect(pulled?.list).toEqual([3, 4]);
    expect(pulled?.nested).toBeUndefined();
  });

  it('updates the matched array element with positional $ and arrayFilters', async () => {
    const coll = db.collection('positional');
    const { insertedId } = await coll.insertOne({ items: [{ sku: 'a', qty: 1 }, { sku: 'b', qty: 2 }, { sku: 'c', qty: 9 }] });
    await coll.updateOne({ _id: insertedId, 'items.sku': 'b' }, { $inc: { 'items.$.qty': 10 } });
    await coll.updateOne({ _id: insertedId }, { $set: { 'items.$[big].flag': true } }, { arrayFilters: [{ 'big.qty': { $gte: 9 } }] });
    await coll.updateOne({ _id: insertedId }, { $inc: { 'items.$[].qty': 1 } });
    const doc = await coll.findOne({ _id: insertedId });
    expect(doc?.items).toEqual([{ sku: 'a', qty: 2 }, { sku: 'b', qty: 13, flag: true }, { sku: 'c', qty: 10, flag: true }]);
  });

  it('upserts seeded from the filter with $setOnInsert', async () => {
    const coll = db.collection('upserts');
    const r = await coll.updateOne({ email: 'u@x', kind: { $eq: 'user' } }, { $set: { seen: 1 }, $setOnInsert: { created: true } }, { upsert: true });
    expect(r.upsertedCount).toBe(1);
    await coll.updateOne({ email: 'u@x' }, { $set: { seen: 2 }, $setOnInsert: { created: false } }, { upsert: true });
    const doc = await coll.findOne({ email: 'u@x' });
    expect(doc).toMatchObject({ email: 'u@x', kind: 'user', seen: 2, created: true });
    expect(Object.keys(doc!)[0]).toBe('_id');
  });

  it('replaces documents but never their _id', async () => {
    const coll = db.collection('replace');
    const { insertedId } = await coll.insertOne({ a: 1 });
    await coll.replaceOne({ _id: insertedId }, { b: 2 });
    expect(await coll.findOne({ _id: insertedId })).toEqual({ _id: insertedId, b: 2 });
    const err = await serverError(coll.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }));
    expect(err.code).toBe(66);
  });

  it('reports MongoDB error codes for invalid updates', async () => {
    const coll = db.collection<{ s: string | string[]; arr: Array<{ a: number }>; n: number }>('badupdates');
    const { insertedId } = await coll.insertOne({ s: 'text', arr: [{ a: 1 }], n: 1 });
    // Deliberately ill-typed updates go through the raw command, which the typed helpers would not accept.
    const writeErrorCode = async (u: Document): Promise<number> =>
      ((await db.command({ update: 'badupdates', updates: [{ q: { _id: insertedId }, u }] })).writeErrors as Array<{ code: number }>)[0]!.code;
    expect(await writeErrorCode({ $inc: { s: 1 } })).toBe(14);
    expect(await writeErrorCode({ $push: { s: 1 } })).toBe(2);
    expect((await serverError(coll.updateOne({ _id: insertedId }, { $set: { 'n.x': 1 } }))).code).toBe(28);
    expect((await serverError(coll.updateOne({ _id: insertedId }, { $set: { 'arr.x': 1 } }))).code).toBe(28);
    expect((await serverError(coll.updateOne({ _id: insertedId }, { $set: { n: 1 }, $inc: { n: 1 } }))).code).toBe(40);
    const reply = await db.command({ update: 'badupdates', updates: [{ q: {}, u: { $bogus: { a: 1 } } }] });
    expect(reply.writeErrors[0].code).toBe(9);
  });

  it('rejects documents over 16 MB with BSONObjectTooLarge', async () => {
    const big = 'x'.repeat(16 * 1024 * 1024);
    const reply = await db.command({ insert: 'big', documents: [{ big }] }).catch((e: unknown) => e);
    const code = reply instanceof Error ? (reply as MongoServerError).code : (reply as { writeErrors: Array<{ code: number }> }).writeErrors[0]!.code;
    expect(code).toBe(10334);
  });
});

describe('unique indexes', () => {
  it('reports duplicates with keyPattern and keyValue on insert, update and findOneAndUpdate', async () => {
    const coll = db.collection('uniq');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'a' });
    await coll.insertOne({ email: 'b' });
    const dup = await serverError(coll.insertOne({ email: 'a' }));
    expect(dup.code).toBe(11000);
    expect(dup.keyPattern).toEqual({ email: 1 });
    expect(dup.keyValue).toEqual({ email: 'a' });
    expect(dup.message).toBe('E11000 duplicate key error collection: conformance.uniq index: email_1 dup key: { email: "a" }');
    expect((await serverError(coll.updateOne({ email: 'b' }, { $set: { email: 'a' } }))).code).toBe(11000);
    expect((await serverError(coll.findOneAndUpdate({ email: 'b' }, { $set: { email: 'a' } }))).code).toBe(11000);
    expect((await serverError(coll.updateOne({ email: 'zz' }, { $set: { email: 'a' } }, { upsert: true }))).code).toBe(11000);
    expect(await coll.countDocuments()).toBe(2);
  });

  it('enforces compound unique keys and unordered inserts report every duplicate', async () => {
    const coll = db.collection('compound');
    await coll.createIndex({ a: 1, b: 1 }, { unique: true });
    await coll.insertOne({ a: 1, b: 1 });
    await coll.insertOne({ a: 1, b: 2 });
    const err = await serverError(coll.insertMany([{ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 2 }, { a: 3, b: 3 }], { ordered: false }));
    const writeErrors = (err as unknown as { writeErrors: Array<{ index: number; code: number }> }).writeErrors;
    expect(writeErrors.map((e) => [e.index, e.code])).toEqual([[0, 11000], [2, 11000]]);
    expect(await coll.countDocuments()).toBe(4);
  });

  it('sparse and partial unique indexes only cover the documents they index', async () => {
    const sparse = db.collection('sparse');
    await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ x: 1 }, { x: 2 }, { code: 'c' }]);
    expect((await serverError(sparse.insertOne({ code: 'c' }))).code).toBe(11000);
    const partial = db.collection('partial');
    await partial.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await partial.insertMany([{ email: 'p', active: false }, { email: 'p', active: false }, { email: 'p', active: true }]);
    expect((await serverError(partial.insertOne({ email: 'p', active: true }))).code).toBe(11000);
    const names = (await partial.listIndexes().toArray()).map((i) => i.name);
    expect(names).toEqual(['_id_', 'email_1']);
    await partial.dropIndex('email_1');
    expect((await partial.listIndexes().toArray()).length).toBe(1);
  });

  it('expires documents from TTL indexes', async () => {
    const coll = db.collection('ttl');
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
    await coll.insertMany([{ at: new Date(Date.now() - 5000) }, { at: new Date(Date.now() + 60_000) }, { at: 'not a date' }]);
    const deadline = Date.now() + 5000;
    while ((await coll.countDocuments()) !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('aggregation, bulk writes and GridFS', () => {
  it('runs $match/$group/$sort/$lookup/$unwind/$facet', async () => {
    const authors = db.collection('authors');
    const books = db.collection('books');
    await authors.insertMany([{ _id: 1 as never, name: 'Ann' }, { _id: 2 as never, name: 'Bo' }]);
    await books.insertMany([{ author: 1, pages: 100 }, { author: 1, pages: 50 }, { author: 2, pages: 10 }]);
    const grouped = await books
      .aggregate([{ $match: { pages: { $gt: 5 } } }, { $group: { _id: '$author', pages: { $sum: '$pages' } } }, { $sort: { pages: -1 } }])
      .toArray();
    expect(grouped).toEqual([{ _id: 1, pages: 150 }, { _id: 2, pages: 10 }]);
    const joined = await books
      .aggregate([{ $lookup: { from: 'authors', localField: 'author', foreignField: '_id', as: 'a' } }, { $unwind: '$a' }, { $sort: { pages: 1 } }, { $project: { _id: 0, name: '$a.name', pages: 1 } }])
      .toArray();
    expect(joined).toEqual([{ pages: 10, name: 'Bo' }, { pages: 50, name: 'Ann' }, { pages: 100, name: 'Ann' }]);
    const [facets] = await books.aggregate([{ $facet: { total: [{ $count: 'n' }], big: [{ $match: { pages: { $gte: 50 } } }, { $count: 'n' }] } }]).toArray();
    expect(facets).toEqual({ total: [{ n: 3 }], big: [{ n: 2 }] });
    expect((await authors.findOne({ _id: 1 as never }))?.name).toBe('Ann');
  });

  it('bulkWrite mixes inserts, updates and deletes', async () => {
    const coll = db.collection('bulk');
    const r = await coll.bulkWrite([
      { insertOne: { document: { k: 1 } } },
      { insertOne: { document: { k: 2 } } },
      { updateOne: { filter: { k: 1 }, update: { $set: { v: 'one' } } } },
      { updateMany: { filter: {}, update: { $inc: { c: 1 } } } },
      { deleteOne: { filter: { k: 2 } } },
      { replaceOne: { filter: { k: 3 }, replacement: { k: 3 }, upsert: true } },
    ]);
    expect([r.insertedCount, r.matchedCount, r.modifiedCount, r.deletedCount, r.upsertedCount]).toEqual([2, 3, 3, 1, 1]);
  });

  it('round-trips a 1 MB file through GridFS', async () => {
    const bucket = new GridFSBucket(db);
    const data = Buffer.alloc(1024 * 1024 + 123);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) % 251;
    const id = await new Promise<ObjectId>((resolve, reject) => {
      const up = bucket.openUploadStream('blob.bin');
      up.once('finish', () => resolve(up.id as ObjectId));
      up.once('error', reject);
      up.end(data);
    });
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      bucket.openDownloadStream(id).on('data', (c: Buffer) => chunks.push(c)).once('end', () => resolve()).once('error', reject);
    });
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });
});

describe('BSON type fidelity', () => {
  it('round-trips Int32, Int64, Double, Decimal128, ObjectId, Date, Binary and Timestamp', async () => {
    const coll = db.collection('types');
    const doc = {
      _id: new ObjectId(),
      int: new Int32(7),
      long: Long.fromString('9007199254740993'),
      double: new Double(1.5),
      dec: Decimal128.fromString('12.3400'),
      date: new Date(1_700_000_000_123),
      bin: new Binary(Buffer.from([1, 2, 3]), 4),
      ts: new Timestamp({ t: 5, i: 6 }),
      str: 'é',
      nested: { arr: [new Int32(1), Long.fromNumber(2)] },
    };
    await coll.insertOne(doc);
    const back = await coll.findOne({ _id: doc._id }, { promoteValues: false, promoteLongs: false });
    expect(back!.int).toBeInstanceOf(Int32);
    expect(back!.long).toBeInstanceOf(Long);
    expect((back!.long as Long).toString()).toBe('9007199254740993');
    expect(back!.double).toBeInstanceOf(Double);
    expect((back!.dec as Decimal128).toString()).toBe('12.3400');
    expect((back!.date as Date).getTime()).toBe(1_700_000_000_123);
    expect((back!.bin as Binary).sub_type).toBe(4);
    expect((back!.ts as Timestamp).equals(doc.ts)).toBe(true);
    expect((back!.nested as { arr: unknown[] }).arr[1]).toBeInstanceOf(Long);
    expect(await coll.countDocuments({ long: { $gt: 5 } })).toBe(1);
  });

  it('sorts mixed types in MongoDB type order', async () => {
    const coll = db.collection('mixed');
    await coll.insertMany([{ v: 'str' }, { v: 3 }, { v: null }, { v: true }, { v: new Date(0) }, { v: { o: 1 } }, { v: 1.5 }, {}]);
    const vs = (await coll.find({}, { projection: { _id: 0 } }).sort({ v: 1 }).toArray()).map((d) => d.v);
    // null and missing sort together, before numbers; then strings, objects, booleans, dates.
    expect(vs.slice(2)).toEqual([1.5, 3, 'str', { o: 1 }, true, new Date(0)]);
    expect(vs.slice(0, 2)).toContain(null);
  });
});
