import fs from 'node:fs';
import path from 'node:path';
import { Decimal128, Double, Int32, Long, MongoClient, MongoServerError, Timestamp } from 'mongodb';
import type { Collection, Db, Document } from 'mongodb';
import { startEmbeddedMongo } from '../src';
import { capturingLogger, startTestServer, tempDir } from './helpers';

// Reads that keep the wire types: the driver would otherwise turn Int32, Double and Int64 into JS numbers.
const RAW = { promoteValues: false, promoteLongs: false } as const;

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  client = new MongoClient(server.uri);
  await client.connect();
  db = client.db('types');
});

afterAll(async () => {
  await client.close();
  await server.stop();
});

async function raw(coll: Collection, filter: Document): Promise<Document> {
  const doc = await coll.findOne(filter, RAW);
  if (!doc) throw new Error(`no document for ${JSON.stringify(filter)}`);
  return doc;
}

async function fourTwos(name: string): Promise<Collection> {
  const coll = db.collection(name);
  await coll.insertMany([
    { _id: 'int' as never, n: new Int32(2) },
    { _id: 'double' as never, n: new Double(2) },
    { _id: 'long' as never, n: Long.fromNumber(2) },
    { _id: 'decimal' as never, n: Decimal128.fromString('2') },
    { _id: 'fraction' as never, n: new Double(1.5) },
    { _id: 'text' as never, n: '2' },
  ]);
  return coll;
}

describe('timestamps in documents', () => {
  it('read back as Timestamp (BSON type 17), found by $type and by value, not as Int64', async () => {
    const coll = db.collection('timestamps');
    const ts = new Timestamp({ t: 1_700_000_000, i: 7 });
    await coll.insertOne({ _id: 'ts' as never, at: ts, n: Long.fromNumber(5) });
    const back = await raw(coll, { _id: 'ts' });
    expect(back.at).toBeInstanceOf(Timestamp);
    expect((back.at as Timestamp).equals(ts)).toBe(true);
    expect(back.n).toBeInstanceOf(Long);
    expect(await coll.countDocuments({ at: { $type: 'timestamp' } })).toBe(1);
    expect(await coll.countDocuments({ at: { $type: 'long' } })).toBe(0);
    expect(await coll.countDocuments({ at: ts })).toBe(1);
    expect(await coll.countDocuments({ at: { $gt: new Timestamp({ t: 1_700_000_000, i: 6 }) } })).toBe(1);
  });
});

describe('whole-number doubles', () => {
  it('round-trip insert and find as Double, next to Int32, Int64 and Decimal128', async () => {
    const coll = await fourTwos('roundtrip');
    expect((await raw(coll, { _id: 'double' })).n).toBeInstanceOf(Double);
    expect((await raw(coll, { _id: 'int' })).n).toBeInstanceOf(Int32);
    expect((await raw(coll, { _id: 'long' })).n).toBeInstanceOf(Long);
    expect((await raw(coll, { _id: 'decimal' })).n).toBeInstanceOf(Decimal128);
    const negZero = await coll.insertOne({ n: new Double(-0) });
    const back = await raw(coll, { _id: negZero.insertedId });
    expect(back.n).toBeInstanceOf(Double);
    expect(Object.is((back.n as Double).value, -0)).toBe(true);
  });

  it('compare equal to 2 of every numeric type in queries, $in, ranges and indexes', async () => {
    const coll = await fourTwos('equal');
    const ids = async (filter: Document): Promise<string[]> =>
      (await coll.find(filter).sort({ _id: 1 }).toArray()).map((d) => String(d._id));
    const all = ['decimal', 'double', 'int', 'long'];
    expect(await ids({ n: 2 })).toEqual(all);
    expect(await ids({ n: new Double(2) })).toEqual(all);
    expect(await ids({ n: Long.fromNumber(2) })).toEqual(all);
    expect(await ids({ n: Decimal128.fromString('2') })).toEqual(all);
    expect(await ids({ n: { $in: [new Double(2)] } })).toEqual(all);
    expect(await ids({ n: { $gte: 2, $lt: new Double(2.5) } })).toEqual(all);
    expect(await ids({ n: { $lt: new Double(2) } })).toEqual(['fraction']);
    await coll.createIndex({ n: 1 });
    expect(await ids({ n: new Double(2) })).toEqual(all);
    expect(await ids({ n: { $gt: 1.5, $lte: Long.fromNumber(2) } })).toEqual(all);
  });

  it('sort as equal numbers in MongoDB type order', async () => {
    const coll = await fourTwos('sorted');
    await coll.insertOne({ _id: 'three' as never, n: new Double(3) });
    const order = (await coll.find({}).sort({ n: 1, _id: 1 }).toArray()).map((d) => String(d._id));
    expect(order).toEqual(['fraction', 'decimal', 'double', 'int', 'long', 'three', 'text']);
  });

  it('are told apart by $type like MongoDB does', async () => {
    const coll = await fourTwos('typed');
    await coll.insertOne({ _id: 'nested' as never, n: [new Int32(7), { m: new Double(4) }], deep: { x: new Double(8) } });
    const ids = async (filter: Document): Promise<string[]> =>
      (await coll.find(filter).sort({ _id: 1 }).toArray()).map((d) => String(d._id));
    expect(await ids({ n: { $type: 'double' } })).toEqual(['double', 'fraction']);
    expect(await ids({ n: { $type: 1 } })).toEqual(['double', 'fraction']);
    expect(await ids({ n: { $type: 'int' } })).toEqual(['int', 'nested']);
    expect(await ids({ n: { $type: 'long' } })).toEqual(['long']);
    expect(await ids({ n: { $type: 'decimal' } })).toEqual(['decimal']);
    expect(await ids({ n: { $type: ['int', 'long'] } })).toEqual(['int', 'long', 'nested']);
    expect(await ids({ n: { $type: 'number' } })).toEqual(['decimal', 'double', 'fraction', 'int', 'long', 'nested']);
    expect(await ids({ n: { $type: 'string' } })).toEqual(['text']);
    expect(await ids({ n: { $type: 'array' } })).toEqual(['nested']);
    expect(await ids({ 'n.m': { $type: 'double' } })).toEqual(['nested']);
    expect(await ids({ 'deep.x': { $type: 'double' }, n: { $elemMatch: { m: { $type: 'double' } } } })).toEqual(['nested']);
    expect(await ids({ n: { $not: { $type: 'number' } } })).toEqual(['text']);
    const err = await coll.find({ n: { $type: 'float' } }).toArray().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).message).toContain('Unknown type name alias: float');
  });

  it('stay Double through $set, and a type-only change counts as a modification', async () => {
    const coll = db.collection('set');
    await coll.insertOne({ _id: 1 as never, n: 2, keep: new Double(5) });
    const res = await coll.updateOne({ _id: 1 as never }, { $set: { n: new Double(2), extra: 1 } });
    expect(res.modifiedCount).toBe(1);
    const doc = await raw(coll, { _id: 1 });
    expect(doc.n).toBeInstanceOf(Double);
    expect(doc.keep).toBeInstanceOf(Double);
    expect(doc.extra).toBeInstanceOf(Int32);
    expect((await coll.updateOne({ _id: 1 as never }, { $set: { n: new Double(2) } })).modifiedCount).toBe(0);
  });

  it('follow MongoDB numeric promotion in $inc and $mul', async () => {
    const coll = db.collection('promotion');
    await coll.insertOne({
      _id: 1 as never,
      d: new Double(2),
      i: new Int32(2),
      big: new Int32(2147483647),
      l: Long.fromNumber(5),
      frac: 0.5,
      lmax: Long.MAX_VALUE,
    });
    await coll.updateOne(
      { _id: 1 as never },
      {
        $inc: { d: new Int32(1), i: new Int32(3), big: new Int32(1), l: new Int32(1), frac: new Double(0.5), lmax: Long.fromNumber(1), fresh: new Double(4) },
        $mul: { missing: new Double(3) },
      },
    );
    const doc = await raw(coll, { _id: 1 });
    expect(doc.d).toEqual(new Double(3));
    expect(doc.d).toBeInstanceOf(Double);
    expect(doc.i).toEqual(new Int32(5));
    expect(doc.big).toBeInstanceOf(Long);
    expect((doc.big as Long).toString()).toBe('2147483648');
    expect(doc.l).toBeInstanceOf(Long);
    expect((doc.l as Long).toString()).toBe('6');
    expect(doc.frac).toBeInstanceOf(Double);
    expect((doc.frac as Double).value).toBe(1);
    expect(doc.lmax).toBeInstanceOf(Double);
    expect(doc.fresh).toBeInstanceOf(Double);
    expect(doc.missing).toBeInstanceOf(Double);
    expect((doc.missing as Double).value).toBe(0);
    await coll.updateOne({ _id: 1 as never }, { $inc: { i: new Double(1) }, $mul: { l: new Int32(2) } });
    const again = await raw(coll, { _id: 1 });
    expect(again.i).toBeInstanceOf(Double);
    expect((again.i as Double).value).toBe(6);
    expect((again.l as Long).toString()).toBe('12');
  });

  it('come back as Double from findAndModify', async () => {
    const coll = db.collection('fam');
    await coll.insertOne({ _id: 1 as never, n: new Double(1) });
    const after = await coll.findOneAndUpdate({ _id: 1 as never }, { $inc: { n: 1 } }, { returnDocument: 'after', ...RAW });
    expect(after!.n).toBeInstanceOf(Double);
    expect((after!.n as Double).value).toBe(2);
    const before = await coll.findOneAndUpdate({ _id: 1 as never }, { $set: { other: 1 } }, { returnDocument: 'before', ...RAW });
    expect(before!.n).toBeInstanceOf(Double);
  });

  it('keep their type through find projections and aggregation stages that pass them through', async () => {
    const coll = db.collection('agg');
    await coll.insertMany([
      { _id: 1 as never, n: new Double(2), i: 3, l: Long.fromString('9007199254740993'), sub: { d: new Double(4) }, arr: [new Double(1), 2] },
      { _id: 2 as never, n: new Double(6), i: 4, l: Long.fromNumber(1), sub: { d: 5 }, arr: [] },
    ]);
    const projected = await coll.find({ _id: 1 as never }, { projection: { n: 1, 'sub.d': 1, arr: 1 }, ...RAW }).next();
    expect(projected!.n).toBeInstanceOf(Double);
    expect((projected!.sub as Document).d).toBeInstanceOf(Double);
    expect((projected!.arr as unknown[])[0]).toBeInstanceOf(Double);
    expect((projected!.arr as unknown[])[1]).toBeInstanceOf(Int32);

    const out = await coll
      .aggregate(
        [
          { $match: { n: { $type: 'double' } } },
          { $sort: { n: -1 } },
          { $project: { n: 1, l: 1, sub: 1, sum: { $add: ['$n', '$i'] } } },
          { $addFields: { twice: { $multiply: ['$n', 2] } } },
          { $limit: 5 },
        ],
        RAW,
      )
      .toArray();
    expect(out.map((d) => d._id)).toEqual([new Int32(2), new Int32(1)]);
    const first = out[1]!;
    expect(first.n).toBeInstanceOf(Double);
    expect((first.n as Double).value).toBe(2);
    expect(first.l).toBeInstanceOf(Long);
    expect((first.l as Long).toString()).toBe('9007199254740993');
    expect((first.sub as Document).d).toBeInstanceOf(Double);
    expect(Number((first.sum as Int32 | Double).valueOf())).toBe(5);
    expect(Number((first.twice as Int32 | Double).valueOf())).toBe(4);
    // Arithmetic on a Double sees a number: grouping still adds the values up.
    const [group] = await coll.aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }]).toArray();
    expect(group!.total).toBe(8);
  });
});

describe('whole-number doubles in pipeline updates, $out and distinct', () => {
  it('keep the fields a pipeline update does not touch, and pass through $out', async () => {
    const coll = db.collection('pipe');
    await coll.insertOne({ _id: 1 as never, a: new Double(2), l: Long.fromNumber(3) });
    await coll.updateOne({ _id: 1 as never }, [{ $set: { b: { $add: ['$a', 1] } } }]);
    const doc = await raw(coll, { _id: 1 });
    expect(doc.a).toBeInstanceOf(Double);
    expect(doc.l).toBeInstanceOf(Long);
    expect(Number((doc.b as Int32 | Double).valueOf())).toBe(3);
    await coll.aggregate([{ $match: {} }, { $project: { a: 1, l: 1 } }, { $out: 'pipe_out' }]).toArray();
    const copied = await raw(db.collection('pipe_out'), { _id: 1 });
    expect(copied.a).toBeInstanceOf(Double);
    expect(copied.l).toBeInstanceOf(Long);
    const values = await db.command({ distinct: 'pipe', key: 'a' }, RAW);
    expect((values.values as unknown[])[0]).toBeInstanceOf(Double);
  });
});

describe('Int64 beyond 2^53', () => {
  it('compares exactly in range queries, with and without an index', async () => {
    const coll = db.collection('bigints');
    const base = 2n ** 53n;
    await coll.insertMany([0n, 1n, 2n, 3n].map((k) => ({ _id: Number(k) as never, v: Long.fromBigInt(base + k) })));
    const ids = async (filter: Document): Promise<number[]> =>
      (await coll.find(filter).sort({ _id: 1 }).toArray()).map((d) => Number(d._id));
    const check = async (): Promise<void> => {
      const one = Long.fromBigInt(base + 1n);
      const two = Long.fromBigInt(base + 2n);
      expect(await ids({ v: { $gt: one } })).toEqual([2, 3]);
      expect(await ids({ v: { $gte: one } })).toEqual([1, 2, 3]);
      expect(await ids({ v: { $lt: one } })).toEqual([0]);
      expect(await ids({ v: { $lte: one } })).toEqual([0, 1]);
      expect(await ids({ v: { $gt: one, $lt: two } })).toEqual([]);
      expect(await ids({ v: { $gte: one, $lte: two } })).toEqual([1, 2]);
      expect(await ids({ v: one })).toEqual([1]);
      expect(await ids({ v: { $in: [two] } })).toEqual([2]);
      // A double between two longs: 2^53 + 2 is exactly representable.
      expect(await ids({ v: { $gte: new Double(2 ** 53 + 2) } })).toEqual([2, 3]);
      const sorted = await coll.find({}, RAW).sort({ v: -1 }).toArray();
      expect(sorted.map((d) => (d.v as Long).toString())).toEqual(['9007199254740995', '9007199254740994', '9007199254740993', '9007199254740992']);
    };
    await check();
    await coll.createIndex({ v: 1 });
    await check();
  });
});

describe('persistence of types', () => {
  it('keeps Double, Int32 and Int64 through journal replay and snapshot load', async () => {
    const dbPath = tempDir();
    const copy = tempDir();
    try {
      const first = await startEmbeddedMongo({ port: 0, dbPath, logger: capturingLogger() });
      const c1 = new MongoClient(first.uri);
      const doc = { _id: 'x' as never, d: new Double(7), i: new Int32(7), l: Long.fromString('9007199254740993'), nested: [{ d: new Double(0) }] };
      await c1.db('p').collection('t').insertOne(doc);
      await c1.db('p').collection('t').updateOne({ _id: 'x' as never }, { $inc: { d: new Int32(1) } });
      // The files as a crash would leave them: journal only, no snapshot yet.
      for (const f of fs.readdirSync(dbPath)) if (f !== 'mongod.lock') fs.copyFileSync(path.join(dbPath, f), path.join(copy, f));
      expect(fs.readdirSync(copy)).not.toContain('snapshot.bson');
      await c1.close();
      await first.stop();

      const expectTypes = async (folder: string): Promise<void> => {
        const s = await startEmbeddedMongo({ port: 0, dbPath: folder, logger: capturingLogger() });
        const c = new MongoClient(s.uri);
        try {
          const back = await c.db('p').collection('t').findOne({ _id: 'x' as never }, RAW);
          expect(back!.d).toBeInstanceOf(Double);
          expect((back!.d as Double).value).toBe(8);
          expect(back!.i).toBeInstanceOf(Int32);
          expect((back!.l as Long).toString()).toBe('9007199254740993');
          expect(((back!.nested as Document[])[0]!.d as Double)).toBeInstanceOf(Double);
        } finally {
          await c.close();
          await s.stop();
        }
      };
      await expectTypes(copy); // journal replay
      expect(fs.readdirSync(dbPath)).toContain('snapshot.bson');
      await expectTypes(dbPath); // snapshot written on the clean stop
    } finally {
      fs.rmSync(dbPath, { recursive: true, force: true });
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
