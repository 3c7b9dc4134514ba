// Command behaviour the CRUD specification tests do not reach through the driver (see test/spec): raw commands,
// persistence of views and validators, and the refusals of 7.0.
import { type CollationOptions, type Collection, type Db, type Document, MongoClient } from 'mongodb';
import { serverErrorOf as serverError, serverForFile, startTestServer, tempDir } from './helpers';

const file = serverForFile('crud_commands');
let db: Db;
beforeAll(() => {
  db = file.db();
});

/** Documents of these tests: numbers and strings as `_id`. */
type Row = { _id?: number | string | null } & Document;

/** A collection of Rows. */
function collection(name: string): Collection<Row> {
  return db.collection(name);
}

describe('inserts and updates', () => {
  it('stores a null _id sent as it is, once', async () => {
    // The driver replaces a null _id by an ObjectId, so the command goes raw.
    await db.command({ insert: 'nullIds', documents: [{ _id: null, a: 1 }] });
    expect(await collection('nullIds').countDocuments({ _id: { $type: 'null' } })).toBe(1);
    const reply = await db.command({ insert: 'nullIds', documents: [{ _id: null, a: 2 }] });
    expect(reply.writeErrors[0]).toMatchObject({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: null } });
  });

  it('refuses sort in an update statement, as 7.0 does, and changes nothing', async () => {
    const coll = collection('sorted');
    await coll.insertMany([{ _id: 1, x: 1 }, { _id: 2, x: 1 }]);
    const err = await serverError(db.command({ update: 'sorted', updates: [{ q: {}, u: { $inc: { x: 1 } }, sort: { _id: -1 } }] }));
    expect(err.code).toBe(40415);
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1, x: 1 }, { _id: 2, x: 1 }]);
  });

  it('evaluates let expressions once and uses them in $expr and update pipelines', async () => {
    const coll = collection('lets');
    await coll.insertMany([{ _id: 1, n: 3 }, { _id: 2, n: 5 }]);
    expect(await coll.find({ $expr: { $eq: ['$n', '$$target'] } }, { let: { target: { $add: [1, 2] } } }).toArray()).toEqual([{ _id: 1, n: 3 }]);
    await coll.updateMany({}, [{ $set: { m: { $multiply: ['$n', '$$k'] } } }], { let: { k: 10 } });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1, n: 3, m: 30 }, { _id: 2, n: 5, m: 50 }]);
  });

  it('sorts and compares strings by a collation', async () => {
    const coll = collection('names');
    await coll.insertMany([{ _id: 1, s: 'b' }, { _id: 2, s: 'A' }, { _id: 3, s: 'c10' }, { _id: 4, s: 'c9' }, { _id: 5, s: 'á' }]);
    const order = async (collation: CollationOptions): Promise<unknown[]> => (await coll.find({}, { sort: { s: 1 }, collation }).toArray()).map((d) => d.s);
    expect(await order({ locale: 'en', numericOrdering: true })).toEqual(['A', 'á', 'b', 'c9', 'c10']);
    expect(await coll.countDocuments({ s: 'a' }, { collation: { locale: 'en', strength: 1 } })).toBe(2);
    expect(await coll.countDocuments({ s: 'a' }, { collation: { locale: 'en', strength: 2 } })).toBe(1);
    expect(await coll.countDocuments({ s: 'a' })).toBe(0);
    expect((await serverError(coll.find({}, { collation: { locale: 'simple', strength: 2 } }).toArray())).code).toBe(2);
    expect((await serverError(db.createCollection('badCollation', { collation: { locale: 'zz' } }))).code).toBe(2);
    await db.createCollection('folded', { collation: { locale: 'en', strength: 2 } });
    await collection('folded').insertOne({ _id: 1, s: 'Ping' });
    expect(await collection('folded').countDocuments({ s: 'pING' })).toBe(1);
  });

  it('answers ok when dropping a collection that does not exist', async () => {
    expect(await db.command({ drop: 'neverCreated' })).toMatchObject({ ok: 1 });
  });
});

describe('views and validators', () => {
  it('runs a view over its collection, refuses writes, lists and drops it', async () => {
    await collection('people').insertMany([{ _id: 1, age: 20, name: 'a' }, { _id: 2, age: 40, name: 'b' }, { _id: 3, age: 50, name: 'b' }]);
    await db.createCollection('older', { viewOn: 'people', pipeline: [{ $match: { age: { $gt: 30 } } }] });
    await db.createCollection('olderNames', { viewOn: 'older', pipeline: [{ $project: { _id: 0, name: 1 } }] });
    const view = collection('older');
    expect(await view.find({}, { sort: { _id: -1 } }).toArray()).toEqual([{ _id: 3, age: 50, name: 'b' }, { _id: 2, age: 40, name: 'b' }]);
    expect(await view.countDocuments()).toBe(2);
    expect(await view.distinct('name')).toEqual(['b']);
    expect(await collection('olderNames').find().toArray()).toEqual([{ name: 'b' }, { name: 'b' }]);
    expect((await serverError(view.insertOne({ age: 60 }))).code).toBe(166);
    expect((await serverError(view.deleteMany({}))).code).toBe(166);
    expect((await serverError(view.createIndex({ age: 1 }))).code).toBe(166);
    const listed = await db.listCollections({ name: 'older' }).toArray();
    expect(listed).toEqual([{ name: 'older', type: 'view', options: { viewOn: 'people', pipeline: [{ $match: { age: { $gt: 30 } } }] }, info: { readOnly: true } }]);
    expect((await serverError(db.createCollection('bad', { viewOn: 'people', pipeline: [{ $out: 'x' }] }))).code).toBe(167);
    expect(await view.drop()).toBe(true);
    expect(await collection('people').countDocuments()).toBe(3);
  });

  it('applies a validator by level and action, and bypassDocumentValidation', async () => {
    const coll = collection('checked');
    await coll.insertMany([{ _id: 1, x: 'ok' }, { _id: 2, x: 5 }]);
    await db.command({ collMod: 'checked', validator: { x: { $type: 'string' } } });
    const err = await serverError(coll.insertOne({ _id: 3, x: 1 }));
    expect(err.code).toBe(121);
    expect(err.errInfo).toMatchObject({ failingDocumentId: 3, details: { operatorName: '$type' } });
    // bypassDocumentValidation: false still validates (the driver leaves false out, so the command goes raw).
    const raw = await db.command({ insert: 'checked', documents: [{ _id: 4, x: 1 }], bypassDocumentValidation: false });
    expect(raw.writeErrors[0].code).toBe(121);
    await coll.insertOne({ _id: 5, x: 1 }, { bypassDocumentValidation: true });
    await db.command({ collMod: 'checked', validationLevel: 'moderate' });
    await coll.updateOne({ _id: 2 }, { $set: { y: 1 } });
    expect((await serverError(coll.updateOne({ _id: 1 }, { $set: { x: 1 } }))).code).toBe(121);
    await db.command({ collMod: 'checked', validationAction: 'warn' });
    await coll.updateOne({ _id: 1 }, { $set: { x: 1 } });
    expect((await serverError(db.command({ collMod: 'checked', validationLevel: 'sometimes' }))).code).toBe(2);
  });

  it('keeps views, validators and index changes across a restart', async () => {
    const dir = tempDir();
    const first = await startTestServer({ dbPath: dir });
    let c = new MongoClient(first.uri);
    let d = c.db('kept');
    await d.collection<Row>('base').insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }]);
    await d.collection('base').createIndex({ at: 1 }, { expireAfterSeconds: 60 });
    await d.createCollection('view', { viewOn: 'base', pipeline: [{ $match: { n: 2 } }] });
    await d.command({ collMod: 'base', validator: { n: { $type: 'number' } }, index: { keyPattern: { at: 1 }, expireAfterSeconds: 120 } });
    await c.close();
    await first.stop();
    const second = await startTestServer({ dbPath: dir });
    c = new MongoClient(second.uri);
    d = c.db('kept');
    try {
      expect(await d.collection('view').find().toArray()).toEqual([{ _id: 2, n: 2 }]);
      expect((await serverError(d.collection('base').insertOne({ n: 'x' }))).code).toBe(121);
      const ttl = (await d.collection('base').listIndexes().toArray()).find((i) => i.name === 'at_1');
      expect(ttl?.expireAfterSeconds).toBe(120);
    } finally {
      await c.close();
      await second.stop();
    }
  });
});

describe('aggregation output', () => {
  it('merges on a unique key, and refuses what $merge refuses', async () => {
    const target = collection('mergeTarget');
    await target.createIndex({ k: 1 }, { unique: true });
    await target.insertMany([{ _id: 1, k: 'a', n: 1 }]);
    const src = collection('mergeSource');
    await src.insertMany([{ _id: 10, k: 'a', n: 2 }, { _id: 11, k: 'b', n: 3 }]);
    await src.aggregate([{ $project: { _id: 0 } }, { $merge: { into: 'mergeTarget', on: 'k', whenMatched: 'merge' } }]).toArray();
    expect(await target.find({}, { projection: { _id: 0 } }).sort({ k: 1 }).toArray()).toEqual([{ k: 'a', n: 2 }, { k: 'b', n: 3 }]);
    await src.aggregate([{ $project: { _id: 0 } }, { $merge: { into: 'mergeTarget', on: 'k', whenMatched: [{ $set: { n: { $add: ['$n', '$$new.n'] } } }] } }]).toArray();
    expect(await target.find({}, { projection: { _id: 0 } }).sort({ k: 1 }).toArray()).toEqual([{ k: 'a', n: 4 }, { k: 'b', n: 6 }]);
    expect((await serverError(src.aggregate([{ $merge: { into: 'mergeTarget', on: 'n' } }]).toArray())).code).toBe(51183);
    expect((await serverError(src.aggregate([{ $merge: { into: 'elsewhere', whenNotMatched: 'fail' } }]).toArray())).code).toBe(13113);
  });

  it('replaces the documents of an $out target and keeps its indexes, or leaves it whole on a duplicate', async () => {
    const out = collection('outTarget');
    await out.createIndex({ v: 1 }, { unique: true });
    await out.insertOne({ _id: 'old', v: 0 });
    const src = collection('outSource');
    await src.insertMany([{ _id: 1, v: 1 }, { _id: 2, v: 2 }]);
    await src.aggregate([{ $out: 'outTarget' }]).toArray();
    expect(await out.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1, v: 1 }, { _id: 2, v: 2 }]);
    expect((await out.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'v_1']);
    expect((await serverError(src.aggregate([{ $set: { v: 7 } }, { $out: 'outTarget' }]).toArray())).code).toBe(11000);
    expect(await out.countDocuments()).toBe(2);
  });

  it('lists the sessions commands have named', async () => {
    const client = file.client();
    const session = client.startSession();
    try {
      await db.command({ ping: 1 }, { session });
      const sessions = await client.db('admin').aggregate([{ $listLocalSessions: {} }]).toArray();
      expect(sessions.some((s) => s._id.id.toString('hex') === session.id!.id.toString('hex'))).toBe(true);
    } finally {
      await session.endSession();
    }
  });
});
