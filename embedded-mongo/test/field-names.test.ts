// Field names are data: `__proto__`, `constructor` and `prototype` in documents, filters, updates, projections and
// pipelines are stored and read back as MongoDB does, and never reach the server's own objects.
import { BSON, type Collection, type Document } from 'mongodb';
import { serverForFile } from './helpers';

const file = serverForFile('field_names');
const NAMES = ['__proto__', 'constructor', 'prototype'] as const;
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
let seq = 0;

/** A document with the given own fields: JSON.parse makes `__proto__` an own field, as a decoded document has it. */
function doc(json: string): Document {
  return JSON.parse(json) as Document;
}

/** What a document holds, own fields only (JSON.stringify shows an own `__proto__`). */
function shown(d: unknown): string {
  return JSON.stringify(d);
}

/**
 * A document as the server sent it, decoded by bson itself: the driver's own cursor decoding turns documents in an
 * array held by a `__proto__` or `constructor` field into Buffers.
 */
async function stored(coll: Collection, id: number): Promise<Document | undefined> {
  const [raw] = await coll.find({ _id: id as never }, { raw: true }).toArray();
  return raw ? BSON.deserialize(raw as unknown as Uint8Array) : undefined;
}

async function fresh(): Promise<Collection> {
  return file.db().collection(`c${++seq}`);
}

/** Nothing was written into the server's prototypes, and the server still answers ordinary commands. */
async function expectUnpolluted(): Promise<void> {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((Object as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  const probe = await fresh();
  await probe.insertOne({ _id: 1 as never, hello: 'world' });
  await probe.createIndex({ hello: 1 });
  expect(await probe.findOne({ hello: 'world' })).toEqual({ _id: 1, hello: 'world' });
  await file.db().command({ ping: 1 });
}

afterEach(expectUnpolluted);

describe.each(NAMES)('the field name %s', (name) => {
  it('is stored and read back when a document holds it, at the top and nested', async () => {
    const coll = await fresh();
    const d = doc(`{"_id": 1, "${name}": {"polluted": "yes"}, "a": {"${name}": [1, {"${name}": 2}]}}`);
    await coll.insertOne(d);
    expect(shown(await stored(coll, 1))).toBe(shown(d));
    expect(await coll.countDocuments({ [`${name}.polluted`]: 'yes' })).toBe(1);
    expect(await coll.countDocuments({ [`a.${name}.${name}`]: 2 })).toBe(1);
    expect(await coll.countDocuments({ [name]: { $exists: true } })).toBe(1);
  });

  it('is a missing field in documents that do not hold it', async () => {
    const coll = await fresh();
    await coll.insertMany([{ _id: 1 as never, a: {} }, { _id: 2 as never, b: 1 }]);
    expect(await coll.countDocuments({ [name]: { $exists: false } })).toBe(2);
    expect(await coll.countDocuments({ [name]: null })).toBe(2);
    expect(await coll.countDocuments({ [`a.${name}`]: { $exists: true } })).toBe(0);
    expect(await coll.countDocuments({ [`a.${name}`]: { $type: 'object' } })).toBe(0);
    expect(await coll.find({}, { projection: { [name]: 1 } }).toArray()).toEqual([{ _id: 1 }, { _id: 2 }]);
  });

  it.each([
    ['$set', { [`${name}.polluted`]: 'x' }, `{"_id":1,"hello":"world","${name}":{"polluted":"x"}}`],
    ['$set (nested)', { [`a.${name}.polluted`]: 'x' }, `{"_id":1,"hello":"world","a":{"${name}":{"polluted":"x"}}}`],
    ['$inc', { [`${name}.polluted`]: 1 }, `{"_id":1,"hello":"world","${name}":{"polluted":1}}`],
    ['$mul', { [`${name}.polluted`]: 2 }, `{"_id":1,"hello":"world","${name}":{"polluted":0}}`],
    ['$min', { [`${name}.polluted`]: 3 }, `{"_id":1,"hello":"world","${name}":{"polluted":3}}`],
    ['$max', { [`${name}.polluted`]: 4 }, `{"_id":1,"hello":"world","${name}":{"polluted":4}}`],
    ['$rename', { hello: `${name}.polluted` }, `{"_id":1,"${name}":{"polluted":"world"}}`],
    ['$unset', { [`${name}.polluted`]: '' }, `{"_id":1,"hello":"world"}`],
    ['$push', { [`${name}.polluted`]: 5 }, `{"_id":1,"hello":"world","${name}":{"polluted":[5]}}`],
    ['$addToSet', { [`${name}.polluted`]: 6 }, `{"_id":1,"hello":"world","${name}":{"polluted":[6]}}`],
    ['$pop', { [`${name}.polluted`]: 1 }, `{"_id":1,"hello":"world"}`],
    ['$pull', { [`${name}.polluted`]: 1 }, `{"_id":1,"hello":"world"}`],
    ['$pullAll', { [`${name}.polluted`]: [1] }, `{"_id":1,"hello":"world"}`],
    ['$bit', { [`${name}.polluted`]: { or: 5 } }, `{"_id":1,"hello":"world","${name}":{"polluted":5}}`],
  ])('is a plain field for %s', async (op, arg, expected) => {
    const coll = await fresh();
    await coll.insertOne({ _id: 1 as never, hello: 'world' });
    await coll.updateOne({ _id: 1 as never }, { [op.split(' ')[0]!]: arg });
    expect(shown(await coll.findOne({ _id: 1 as never }))).toBe(expected);
  });

  it('is a plain field for $currentDate and for the top-level name itself', async () => {
    const coll = await fresh();
    await coll.insertOne({ _id: 1 as never });
    await coll.updateOne({ _id: 1 as never }, { $currentDate: { [`${name}.polluted`]: true } });
    const after = await coll.findOne({ _id: 1 as never });
    expect(Object.keys(after!)).toEqual(['_id', name]);
    expect(Object.getOwnPropertyDescriptor(after, name)?.value.polluted).toBeInstanceOf(Date);
    await coll.updateOne({ _id: 1 as never }, { $set: { [name]: 7 } });
    expect(shown(await coll.findOne({ _id: 1 as never }))).toBe(`{"_id":1,"${name}":7}`);
    await coll.updateOne({ _id: 1 as never }, { $unset: { [name]: '' } });
    expect(shown(await coll.findOne({ _id: 1 as never }))).toBe('{"_id":1}');
  });

  it('seeds an upsert from the filter and takes $setOnInsert', async () => {
    const coll = await fresh();
    await coll.updateOne({ _id: 1 as never, [`${name}.polluted`]: 'q' }, { $setOnInsert: { [`${name}.other`]: 'i' } }, { upsert: true });
    expect(shown(await coll.findOne({ _id: 1 as never }))).toBe(`{"_id":1,"${name}":{"polluted":"q","other":"i"}}`);
    await coll.replaceOne({ _id: 1 as never }, doc(`{"${name}": {"replaced": true}}`));
    expect(shown(await coll.findOne({ _id: 1 as never }))).toBe(`{"_id":1,"${name}":{"replaced":true}}`);
  });

  it('is kept through findOneAndUpdate, pipeline updates and arrayFilters', async () => {
    const coll = await fresh();
    await coll.insertOne(doc(`{"_id": 1, "list": [{"${name}": 1}, {"${name}": 2}]}`));
    const before = await coll.findOneAndUpdate({ _id: 1 as never }, { $set: { [`list.$[e].${name}`]: 9 } }, { arrayFilters: [{ [`e.${name}`]: 2 }], returnDocument: 'after' });
    expect(shown(before)).toBe(`{"_id":1,"list":[{"${name}":1},{"${name}":9}]}`);
    await coll.updateOne({ _id: 1 as never }, [{ $set: { [`${name}.polluted`]: 'p' } }]);
    expect(shown(await coll.findOne({ _id: 1 as never }, { projection: { list: 0 } }))).toBe(`{"_id":1,"${name}":{"polluted":"p"}}`);
  });

  it('is a field for projections', async () => {
    const coll = await fresh();
    await coll.insertOne(doc(`{"_id": 1, "${name}": {"polluted": "yes", "b": 2}, "c": 3}`));
    expect(shown(await coll.findOne({}, { projection: { [name]: 1 } }))).toBe(`{"_id":1,"${name}":{"polluted":"yes","b":2}}`);
    expect(shown(await coll.findOne({}, { projection: { [`${name}.polluted`]: 1, _id: 0 } }))).toBe(`{"${name}":{"polluted":"yes"}}`);
    expect(shown(await coll.findOne({}, { projection: { [name]: 0 } }))).toBe('{"_id":1,"c":3}');
    expect(shown(await coll.findOne({}, { projection: { x: `$${name}.b` } }))).toBe('{"_id":1,"x":2}');
  });

  it('is a field for aggregation stages', async () => {
    const coll = await fresh();
    await coll.insertMany([doc(`{"_id": 1, "${name}": {"k": "a"}, "n": 1}`), doc(`{"_id": 2, "${name}": {"k": "a"}, "n": 2}`)]);
    const run = async (pipeline: Document[]): Promise<string> => shown((await coll.aggregate(pipeline, { raw: true }).toArray()).map((raw) => BSON.deserialize(raw as unknown as Uint8Array)));
    expect(await run([{ $addFields: { [`${name}.polluted`]: 1 } }, { $project: { [name]: 1 } }, { $limit: 1 }])).toBe(`[{"_id":1,"${name}":{"k":"a","polluted":1}}]`);
    expect(await run([{ $set: { [name]: '$n' } }, { $project: { _id: 0, [name]: 1 } }])).toBe(`[{"${name}":1},{"${name}":2}]`);
    expect(await run([{ $group: { _id: `$${name}.k`, [name]: { $sum: '$n' } } }])).toBe(`[{"_id":"a","${name}":3}]`);
    expect(await run([{ $match: { n: 1 } }, { $replaceRoot: { newRoot: `$${name}` } }])).toBe('[{"k":"a"}]');
    expect(await run([{ $match: { n: 2 } }, { $unset: name }])).toBe('[{"_id":2,"n":2}]');
    expect(await run([{ $count: name }])).toBe(`[{"${name}":2}]`);
    expect(await run([{ $match: { n: 1 } }, { $project: { _id: 0, v: { $add: ['$n', `$$ROOT.${name}.missing`] } } }])).toBe('[{"v":null}]');
    expect(await run([{ $match: { $expr: { $eq: [`$${name}.k`, 'a'] } } }, { $sort: { [`${name}.k`]: 1, n: -1 } }, { $project: { n: 1 } }])).toBe('[{"_id":2,"n":2},{"_id":1,"n":1}]');
    expect(await run([{ $match: { n: 1 } }, { $lookup: { from: coll.collectionName, localField: `${name}.k`, foreignField: `${name}.k`, as: name } }, { $project: { [`${name}.n`]: 1 } }])).toBe(`[{"_id":1,"${name}":[{"n":1},{"n":2}]}]`);
  });

  it('is a field for indexes', async () => {
    const coll = await fresh();
    await coll.createIndex({ [`${name}.polluted`]: 1 }, { unique: true });
    await coll.insertMany([doc(`{"_id": 1, "${name}": {"polluted": "a"}}`), { _id: 2 as never }]);
    expect(await coll.countDocuments({ [`${name}.polluted`]: 'a' })).toBe(1);
    expect((await coll.insertOne({ _id: 3 as never }).catch((e: { code: number }) => e)) as { code: number }).toMatchObject({ code: 11000 });
    expect(shown(await coll.find({ [`${name}.polluted`]: { $gte: 'a' } }).toArray())).toBe(`[{"_id":1,"${name}":{"polluted":"a"}}]`);
  });
});

it('keeps the renamed field and answers createIndex afterwards (the reported case)', async () => {
  const coll = await fresh();
  await coll.insertOne({ _id: 1 as never, hello: 'world' });
  await coll.updateOne({ _id: 1 as never }, { $rename: { hello: '__proto__.polluted' } });
  expect(shown(await coll.findOne({ _id: 1 as never }))).toBe('{"_id":1,"__proto__":{"polluted":"world"}}');
  await coll.createIndex({ hello: 1 });
});

describe('documents with these names elsewhere', () => {
  it('go through $out, $merge, bulk writes and findOneAndUpdate as plain fields', async () => {
    const db = file.db();
    const source = await fresh();
    const d = doc('{"_id": 1, "__proto__": {"polluted": 1}, "constructor": {"polluted": 2}, "prototype": 3}');
    await source.bulkWrite([{ insertOne: { document: d } }, { updateOne: { filter: { _id: 1 as never }, update: { $inc: { 'constructor.polluted': 1 } } } }]);
    const expected = '{"_id":1,"__proto__":{"polluted":1},"constructor":{"polluted":3},"prototype":3}';
    await source.aggregate([{ $out: `${source.collectionName}_out` }]).toArray();
    expect(shown(await stored(db.collection(`${source.collectionName}_out`), 1))).toBe(expected);
    await source.aggregate([{ $merge: { into: `${source.collectionName}_merged` } }]).toArray();
    expect(shown(await stored(db.collection(`${source.collectionName}_merged`), 1))).toBe(expected);
    expect(shown(await db.collection(source.collectionName).findOneAndUpdate({ 'prototype': 3 }, { $set: { '__proto__.b': 1 } }, { returnDocument: 'after', projection: { ['__proto__']: 0 } }))).toBe('{"_id":1,"constructor":{"polluted":3},"prototype":3}');
  });

  it('are matched by $expr with $getField', async () => {
    const coll = await fresh();
    await coll.insertMany([doc('{"_id": 1, "constructor": "a"}'), { _id: 2 as never }]);
    expect(await coll.find({ $expr: { $eq: [{ $getField: 'constructor' }, 'a'] } }).toArray()).toEqual([{ _id: 1, constructor: 'a' }]);
  });
});
