// A find with an inclusion projection reads only the fields it keeps (and those its filter and sort read) of each
// stored document; what it answers is what MongoDB answers, whatever else the documents hold.
import { Binary, Decimal128, Long, ObjectId, type Collection, type Document } from 'mongodb';
import { projectionFields } from '../src/commands/read';
import { serverErrorOf, serverForFile } from './helpers';

const file = serverForFile('projection_reads');
let seq = 0;
async function seeded(): Promise<Collection> {
  const coll = file.db().collection(`c${++seq}`);
  await coll.createIndex({ k: 1 });
  await coll.insertMany([
    {
      _id: 1 as never,
      k: 'a',
      rank: 3,
      name: 'Ann',
      big: 'x'.repeat(5000),
      items: [{ id: 'i1', n: 1, deep: { t: 'u' } }, { id: 'i2', n: 2 }],
      meta: { owner: 'o1', tags: ['p', 'q'], blob: new Binary(Buffer.from('abc')) },
      when: new Date(1_000),
      oid: new ObjectId('64b7f0c2a1b2c3d4e5f60718'),
      dec: Decimal128.fromString('1.5'),
      long: Long.fromNumber(7),
    },
    { _id: 2 as never, k: 'b', rank: 1, name: 'Bo', items: [], meta: { owner: 'o2' }, flag: true },
    { k: 'a', rank: 2, _id: 3 as never, name: 'Cy', meta: 'plain' },
    { _id: 4 as never, k: 'c', rank: 5 },
  ]);
  return coll;
}

describe('find with an inclusion projection', () => {
  it('keeps _id first and the kept fields in stored order, leaving out missing ones', async () => {
    const coll = await seeded();
    expect(await coll.find({}, { projection: { name: 1, k: 1 } }).toArray()).toEqual([
      { _id: 1, k: 'a', name: 'Ann' },
      { _id: 2, k: 'b', name: 'Bo' },
      { _id: 3, k: 'a', name: 'Cy' },
      { _id: 4, k: 'c' },
    ]);
    const third = await coll.findOne({ _id: 3 as never }, { projection: { rank: true, k: true } });
    expect(Object.keys(third!)).toEqual(['_id', 'k', 'rank']);
    expect(await coll.find({ k: 'a' }, { projection: { _id: 0, name: 1 } }).toArray()).toEqual([{ name: 'Ann' }, { name: 'Cy' }]);
    expect(await coll.find({ k: 'a' }, { projection: { _id: 1 } }).toArray()).toEqual([{ _id: 1 }, { _id: 3 }]);
    expect(await coll.find({ k: 'b' }, { projection: { flag: 1, _id: false } }).toArray()).toEqual([{ flag: true }]);
    expect(await coll.find({ k: 'c' }, { projection: { rank: 2, k: Long.fromNumber(1), none: 1 } }).toArray()).toEqual([{ _id: 4, k: 'c', rank: 5 }]);
    // findAndModify projects its answer the same way.
    expect(await coll.findOneAndUpdate({ _id: 4 as never }, { $set: { seen: true } }, { projection: { seen: 1, _id: 0 }, returnDocument: 'after' })).toEqual({ seen: true });
  });

  it('projects nested paths through documents and arrays, keeping the stored types', async () => {
    const coll = await seeded();
    expect(await coll.find({ _id: 1 as never }, { projection: { 'items.id': 1, 'meta.owner': 1, 'items.deep.t': 1 } }).toArray()).toEqual([
      { _id: 1, items: [{ id: 'i1', deep: { t: 'u' } }, { id: 'i2' }], meta: { owner: 'o1' } },
    ]);
    expect(await coll.find({ _id: 3 as never }, { projection: { 'meta.owner': 1 } }).toArray()).toEqual([{ _id: 3 }]);
    const typed = await coll.findOne({ _id: 1 as never }, { projection: { when: 1, oid: 1, dec: 1, long: 1, 'meta.blob': 1 }, promoteLongs: false });
    expect(typed!.when).toEqual(new Date(1_000));
    expect(typed!.oid).toEqual(new ObjectId('64b7f0c2a1b2c3d4e5f60718'));
    expect(typed!.dec).toEqual(Decimal128.fromString('1.5'));
    expect(typed!.long).toEqual(Long.fromNumber(7));
    expect(Buffer.from((typed!.meta as { blob: Binary }).blob.buffer).toString()).toBe('abc');
  });

  it('filters and sorts on fields it does not return', async () => {
    const coll = await seeded();
    expect(await coll.find({ 'meta.owner': 'o1' }, { projection: { name: 1 } }).toArray()).toEqual([{ _id: 1, name: 'Ann' }]);
    expect(await coll.find({ k: { $in: ['a', 'c'] } }, { projection: { name: 1, _id: 0 }, sort: { rank: -1 } }).toArray()).toEqual([
      {},
      { name: 'Ann' },
      { name: 'Cy' },
    ]);
    expect(await coll.find({}, { projection: { name: 1 }, sort: { rank: 1 }, skip: 1, limit: 2 }).toArray()).toEqual([
      { _id: 3, name: 'Cy' },
      { _id: 1, name: 'Ann' },
    ]);
    expect(await coll.find({ k: 'a' }, { projection: { name: 1 }, sort: { rank: 1 }, limit: 1 }).toArray()).toEqual([{ _id: 3, name: 'Cy' }]);
    expect(await coll.find({ $expr: { $gt: ['$rank', 2] } }, { projection: { k: 1 } }).toArray()).toEqual([{ _id: 1, k: 'a' }, { _id: 4, k: 'c' }]);
    expect(await coll.find({ $or: [{ rank: 1 }, { 'items.n': 2 }] }, { projection: { k: 1 } }).toArray()).toEqual([{ _id: 1, k: 'a' }, { _id: 2, k: 'b' }]);
    expect(await coll.find({}, { projection: { k: 1 }, sort: { $natural: -1 }, limit: 2 }).toArray()).toEqual([{ _id: 4, k: 'c' }, { _id: 3, k: 'a' }]);
    expect(await coll.find({ k: 'a' }, { projection: { rank: 1 }, hint: { k: 1 } }).toArray()).toEqual([{ _id: 1, rank: 3 }, { _id: 3, rank: 2 }]);
    // A getMore returns the same projected documents.
    expect(await coll.find({}, { projection: { rank: 1, _id: 0 }, batchSize: 1 }).toArray()).toEqual([{ rank: 3 }, { rank: 1 }, { rank: 2 }, { rank: 5 }]);
  });

  it('leaves $slice, $elemMatch, positional and exclusions to the whole documents', async () => {
    const coll = await seeded();
    expect(await coll.find({ _id: 1 as never }, { projection: { items: { $slice: 1 }, k: 1 } }).toArray()).toEqual([{ _id: 1, k: 'a', items: [{ id: 'i1', n: 1, deep: { t: 'u' } }] }]);
    expect(await coll.find({ _id: 1 as never }, { projection: { items: { $elemMatch: { n: 2 } }, k: 1 } }).toArray()).toEqual([{ _id: 1, k: 'a', items: [{ id: 'i2', n: 2 }] }]);
    expect(await coll.find({ 'items.n': 2 }, { projection: { 'items.$': 1 } }).toArray()).toEqual([{ _id: 1, items: [{ id: 'i2', n: 2 }] }]);
    expect(await coll.find({ _id: 2 as never }, { projection: { items: 0, meta: 0 } }).toArray()).toEqual([{ _id: 2, k: 'b', rank: 1, name: 'Bo', flag: true }]);
    expect(await coll.find({ _id: 4 as never }, { projection: { _id: 0 } }).toArray()).toEqual([{ k: 'c', rank: 5 }]);
  });

  it("refuses a projection that both includes and excludes, with MongoDB's codes, on an empty collection too", async () => {
    const coll = await seeded();
    const empty = file.db().collection(`c${++seq}`);
    const refused = async (c: Collection, projection: Document) => {
      const err = await serverErrorOf(c.find({}, { projection }).toArray());
      return [err.code, err.message];
    };
    for (const c of [coll, empty]) {
      expect(await refused(c, { k: 1, rank: 0 })).toEqual([31254, 'Cannot do exclusion on field rank in inclusion projection']);
      expect(await refused(c, { rank: false, 'meta.owner': true })).toEqual([31253, 'Cannot do inclusion on field meta.owner in exclusion projection']);
      expect(await refused(c, { meta: { owner: 0 }, name: 1 })).toEqual([31253, 'Cannot do inclusion on field name in exclusion projection']);
      expect(await refused(c, { rank: 0, n: { $add: [1, 2] } })).toEqual([31252, 'Cannot use expression other than $meta in exclusion projection']);
      expect((await refused(c, { rank: 0, n: 'text' }))[0]).toBe(31310);
      expect(await refused(c, { n: { $literal: 1 }, rank: 0 })).toEqual([31254, 'Cannot do exclusion on field rank in inclusion projection']);
    }
    // _id may be kept or dropped in either kind; $slice and $elemMatch decide nothing in a find.
    expect(await coll.find({ _id: 2 as never }, { projection: { _id: 1, items: 0, meta: 0, rank: 0 } }).toArray()).toEqual([{ _id: 2, k: 'b', name: 'Bo', flag: true }]);
    expect(await coll.find({ _id: 4 as never }, { projection: { _id: 0, k: 1 } }).toArray()).toEqual([{ k: 'c' }]);
    expect(await coll.find({ _id: 1 as never }, { projection: { items: { $slice: 1 }, big: 0, meta: 0, when: 0, oid: 0, dec: 0, long: 0 } }).toArray()).toEqual([
      { _id: 1, k: 'a', rank: 3, name: 'Ann', items: [{ id: 'i1', n: 1, deep: { t: 'u' } }] },
    ]);
    // The same rules in an aggregation's $project, checked before any document is read.
    for (const c of [coll, empty]) {
      expect((await serverErrorOf(c.aggregate([{ $match: { k: 'zz' } }, { $project: { k: 1, rank: 0 } }]).toArray())).code).toBe(31254);
      expect((await serverErrorOf(c.aggregate([{ $group: { _id: '$k' } }, { $project: { n: 0, m: '$_id' } }]).toArray())).code).toBe(31310);
    }
    expect(await coll.aggregate([{ $match: { _id: 4 } }, { $project: { _id: 0, k: 1, twice: { $multiply: ['$rank', 2] } } }]).toArray()).toEqual([{ k: 'c', twice: 10 }]);
    expect(await coll.aggregate([{ $match: { _id: 4 } }, { $project: { _id: 1, rank: 0 } }]).toArray()).toEqual([{ _id: 4, k: 'c' }]);
  });
});

describe('projectionFields', () => {
  it('names the top-level fields of an inclusion, with _id', () => {
    expect(projectionFields({ a: 1, 'b.c': true, 'b.d': 1 })).toEqual(new Set(['_id', 'a', 'b']));
    expect(projectionFields({ _id: 0, a: 1 })).toEqual(new Set(['_id', 'a']));
    expect(projectionFields({ _id: 1 })).toEqual(new Set(['_id']));
    expect(projectionFields({ a: Long.fromNumber(2) } as Document)).toEqual(new Set(['_id', 'a']));
  });

  it('gives undefined when the projection may need more of a document', () => {
    for (const p of [undefined, {}, { _id: 0 }, { a: 0 }, { a: false }, { a: 1, b: 0 }, { a: 1, b: false }, { 'a.$': 1 }, { a: { $slice: 1 } }, { a: { $elemMatch: { x: 1 } } }, { a: 'lit' }, { a: { $add: [1, 2] } }, { 'a..b': 1 }, { $a: 1 }]) {
      expect(projectionFields(p as Document | undefined)).toBeUndefined();
    }
  });
});
