// Behaviours of MongoDB 7.0 that mongoose's own test suite relies on, through the driver: each expectation is what
// a MongoDB 7.0 server answers to the same commands.
import { DBRef, ObjectId, type Collection } from 'mongodb';
import { serverErrorOf, serverForFile } from './helpers';

const file = serverForFile('conformance');
let seq = 0;
function fresh(): Collection {
  return file.db().collection(`c${++seq}`);
}
const ids = (docs: Array<{ _id: unknown }>): unknown[] => docs.map((d) => d._id);

describe('$all', () => {
  it('matches arrays holding every value, scalars equal to the one value, and whole nested arrays', async () => {
    const coll = fresh();
    await coll.insertMany([
      { _id: 1 as never, numbers: [-1, -2, -3, -4], meta: { visitors: 4 }, pairs: [[1, 2], [3]] },
      { _id: 2 as never, numbers: [0, -1, -2, -3, -4], meta: { visitors: [4, 5] }, pairs: [1, 2] },
    ]);
    expect(ids(await coll.find({ numbers: { $all: [-1, -2, -3, -4] } }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(ids(await coll.find({ numbers: { $all: [0, -1] } }).toArray())).toEqual([2]);
    expect(ids(await coll.find({ 'meta.visitors': { $all: [4] } }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(ids(await coll.find({ 'meta.visitors': { $all: [4, 5] } }).toArray())).toEqual([2]);
    expect(ids(await coll.find({ pairs: { $all: [[1, 2]] } }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(ids(await coll.find({ pairs: { $all: [[1, 2], [3]] } }).toArray())).toEqual([1]);
    expect(ids(await coll.find({ numbers: { $all: [{ $elemMatch: { $gte: 0 } }] } }).toArray())).toEqual([2]);
    expect(await coll.find({ numbers: { $all: [] } }).toArray()).toEqual([]);
    expect((await serverErrorOf(coll.find({ numbers: { $all: 1 } }).toArray())).code).toBe(2);
  });
});

describe('$elemMatch with operator-only conditions on arrays of scalars', () => {
  async function tagged(): Promise<Collection> {
    const coll = fresh();
    await coll.insertMany([
      { _id: 1 as never, tags: ['red', 'blue'], n: [1, 3, 7] },
      { _id: 2 as never, tags: ['green'], n: [9, 10] },
    ]);
    return coll;
  }

  it('selects documents', async () => {
    const coll = await tagged();
    expect(ids(await coll.find({ tags: { $elemMatch: { $in: ['blue', 'black'] } } }).toArray())).toEqual([1]);
    expect(ids(await coll.find({ n: { $elemMatch: { $gte: 2, $lt: 5 } } }).toArray())).toEqual([1]);
    expect(ids(await coll.find({ n: { $elemMatch: { $gt: 7, $lt: 9 } } }).toArray())).toEqual([]);
  });

  it('projects the first matching element, leaving the field out when none matches', async () => {
    const coll = await tagged();
    expect(await coll.find({}, { projection: { n: { $elemMatch: { $gte: 2, $lt: 10 } } } }).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, n: [3] },
      { _id: 2, n: [9] },
    ]);
    expect(await coll.find({}, { projection: { tags: { $elemMatch: { $in: ['blue', 'red'] } } } }).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, tags: ['red'] },
      { _id: 2 },
    ]);
  });

  it('selects, updates and projects in findOneAndUpdate', async () => {
    const coll = await tagged();
    const before = await coll.findOneAndUpdate({ tags: { $elemMatch: { $in: ['green'] } } }, { $push: { n: 4 as never } }, { projection: { n: { $elemMatch: { $lt: 10 } } } });
    expect(before).toEqual({ _id: 2, n: [9] });
    const after = await coll.findOneAndUpdate({ n: { $elemMatch: { $gte: 2, $lt: 5 } } }, { $set: { 'n.$': 30 } }, { returnDocument: 'after', sort: { _id: 1 } });
    expect(after).toEqual({ _id: 1, tags: ['red', 'blue'], n: [1, 30, 7] });
  });
});

describe('an empty update operator', () => {
  it('is accepted as a no-op (MongoDB 5.0 and later)', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1 as never, a: 1 });
    const res = await coll.updateOne({ _id: 1 as never }, { $set: {} });
    expect([res.matchedCount, res.modifiedCount]).toEqual([1, 0]);
    expect((await coll.updateMany({}, { $set: {}, $unset: {} })).modifiedCount).toBe(0);
    expect(await coll.findOneAndUpdate({ _id: 1 as never }, { $inc: {} }, { returnDocument: 'after' })).toEqual({ _id: 1, a: 1 });
    expect(await coll.find().toArray()).toEqual([{ _id: 1, a: 1 }]);
  });
});

describe('$slice projection', () => {
  async function comments(): Promise<Collection> {
    const coll = fresh();
    await coll.insertOne({ _id: 1 as never, title: 't', secret: 's', comments: [1, 2, 3, 4], nested: { list: ['a', 'b', 'c'] } });
    return coll;
  }

  it('keeps every other field when alone or beside exclusions', async () => {
    const coll = await comments();
    expect(await coll.findOne({}, { projection: { comments: { $slice: 2 } } })).toEqual({ _id: 1, title: 't', secret: 's', comments: [1, 2], nested: { list: ['a', 'b', 'c'] } });
    expect(await coll.findOne({}, { projection: { comments: { $slice: -1 }, secret: 0 } })).toEqual({ _id: 1, title: 't', comments: [4], nested: { list: ['a', 'b', 'c'] } });
    expect(await coll.findOne({}, { projection: { comments: { $slice: [1, 2] }, 'nested.list': { $slice: -2 }, _id: 0, title: 0 } })).toEqual({
      secret: 's',
      comments: [2, 3],
      nested: { list: ['b', 'c'] },
    });
  });

  it('keeps only the included fields beside inclusions', async () => {
    const coll = await comments();
    expect(await coll.findOne({}, { projection: { comments: { $slice: [-3, 2] }, title: 1 } })).toEqual({ _id: 1, title: 't', comments: [2, 3] });
  });
});

describe('the hint of aggregate and find', () => {
  it('gives the hinted index order when no sort does', async () => {
    const coll = fresh();
    await coll.insertMany([
      { _id: 1 as never, a: 3, b: 1 },
      { _id: 2 as never, a: 1, b: 2 },
      { _id: 3 as never, a: 2, b: 3 },
    ]);
    await coll.createIndex({ a: 1 });
    await coll.createIndex({ b: -1 });
    expect(ids(await coll.aggregate<{ _id: number }>([{ $match: { a: { $gte: 1 } } }], { hint: { a: 1 } }).toArray())).toEqual([2, 3, 1]);
    expect(ids(await coll.aggregate<{ _id: number }>([{ $project: { a: 1 } }], { hint: 'b_-1' }).toArray())).toEqual([3, 2, 1]);
    expect(ids(await coll.find({}, { hint: { b: -1 } }).toArray())).toEqual([3, 2, 1]);
    expect(ids(await coll.find({}, { hint: { $natural: -1 }, limit: 2 }).toArray())).toEqual([3, 2]);
    // A sort still decides the order.
    expect(ids(await coll.find({}, { hint: { b: -1 }, sort: { a: -1 } }).toArray())).toEqual([1, 3, 2]);
    expect((await serverErrorOf(coll.aggregate([], { hint: 'missing_1' }).toArray())).code).toBe(2);
  });
});

describe('DBRef fields in queries', () => {
  it("matches on a DBRef's $id and $ref", async () => {
    const coll = fresh();
    const target = new ObjectId();
    await coll.insertMany([
      { _id: 1 as never, ref: new DBRef('stories', target) },
      { _id: 2 as never, ref: new DBRef('stories', new ObjectId(), 'other') },
    ]);
    expect(ids(await coll.find({ 'ref.$id': target }).toArray())).toEqual([1]);
    expect(ids(await coll.find({ 'ref.$ref': 'stories' }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(ids(await coll.find({ 'ref.$db': 'other' }).toArray())).toEqual([2]);
    const found = await coll.findOne({ 'ref.$id': target });
    expect(found?.ref).toBeInstanceOf(DBRef);
    expect((found?.ref as DBRef).oid.equals(target)).toBe(true);
  });
});
