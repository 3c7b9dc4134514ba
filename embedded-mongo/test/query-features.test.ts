// The positional projection, $text with text indexes and textScore, and explain, through the driver.
import type { Collection, Document } from 'mongodb';
import { serverErrorOf, serverForFile } from './helpers';

const file = serverForFile('query_features');
let seq = 0;
function fresh(): Collection {
  return file.db().collection(`c${++seq}`);
}

describe('positional projection', () => {
  it('returns the first array element the query matched', async () => {
    const coll = fresh();
    await coll.insertMany([
      { _id: 1 as never, items: [{ k: 'a', n: 1 }, { k: 'b', n: 2 }, { k: 'b', n: 3 }], tags: ['x', 'y'] },
      { _id: 2 as never, items: [{ k: 'c', n: 4 }], tags: ['y'] },
    ]);
    expect(await coll.find({ 'items.k': 'b' }, { projection: { 'items.$': 1 } }).toArray()).toEqual([{ _id: 1, items: [{ k: 'b', n: 2 }] }]);
    expect(await coll.find({ items: { $elemMatch: { n: { $gte: 3 } } } }, { projection: { 'items.$': 1, tags: 1 } }).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, items: [{ k: 'b', n: 3 }], tags: ['x', 'y'] },
      { _id: 2, items: [{ k: 'c', n: 4 }], tags: ['y'] },
    ]);
    expect(await coll.findOne({ tags: 'y', _id: 1 as never }, { projection: { 'tags.$': 1, _id: 0 } })).toEqual({ tags: ['y'] });
    expect(await coll.findOneAndUpdate({ 'items.n': 4 }, { $set: { seen: true } }, { projection: { 'items.$': 1 } })).toEqual({ _id: 2, items: [{ k: 'c', n: 4 }] });
  });

  it('is refused when the query has no condition on the array', async () => {
    const coll = fresh();
    await coll.insertOne({ _id: 1 as never, items: [1, 2] });
    expect((await serverErrorOf(coll.find({ _id: 1 as never }, { projection: { 'items.$': 1 } }).toArray())).code).toBe(51246);
  });
});

describe('$text', () => {
  async function stories(): Promise<Collection> {
    const coll = fresh();
    await coll.insertMany([
      { _id: 1 as never, title: 'The Dragon Queen', body: 'A queen rides dragons over the burning city.', lang: 'en' },
      { _id: 2 as never, title: 'Harbour lights', body: 'Sailors running from a storm find the harbour dark.', lang: 'en' },
      { _id: 3 as never, title: 'Dragons at sea', body: 'A dragon follows the sailors; the sailors run.', lang: 'en' },
      { _id: 4 as never, title: 'Quiet garden', body: 'Nothing happens here.', lang: 'en' },
    ]);
    await coll.createIndex({ title: 'text', body: 'text' }, { weights: { title: 3 }, name: 'story_text' });
    return coll;
  }
  const ids = (docs: Document[]): unknown[] => docs.map((d) => d._id);

  it('needs a text index', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 'x' });
    expect((await serverErrorOf(coll.find({ $text: { $search: 'x' } }).toArray())).code).toBe(27);
  });

  it('matches any stemmed term, every phrase, and no negated term, case and accents folded', async () => {
    const coll = await stories();
    expect(ids(await coll.find({ $text: { $search: 'dragon' } }).toArray())).toEqual([1, 3]);
    expect(ids(await coll.find({ $text: { $search: 'RUN harbor' } }).toArray())).toEqual([2, 3]);
    expect(ids(await coll.find({ $text: { $search: '"the sailors run"' } }).toArray())).toEqual([3]);
    expect(ids(await coll.find({ $text: { $search: 'sailors -dragon' } }).toArray())).toEqual([2]);
    expect(ids(await coll.find({ $text: { $search: 'the a' } }).toArray())).toEqual([]);
    expect(ids(await coll.find({ $text: { $search: 'quéen' } }).toArray())).toEqual([1]);
    expect(ids(await coll.find({ $text: { $search: 'dragon' }, _id: { $gt: 1 as never } }).toArray())).toEqual([3]);
  });

  it('sorts and projects by textScore, weighting the fields', async () => {
    const coll = await stories();
    const found = await coll.find({ $text: { $search: 'dragon sailors' } }, { projection: { score: { $meta: 'textScore' }, title: 1 }, sort: { score: { $meta: 'textScore' } } }).toArray();
    expect(ids(found)).toEqual([3, 1, 2]);
    expect(Object.keys(found[0]!)).toEqual(['_id', 'title', 'score']);
    const scores = found.map((d) => d.score as number);
    expect(scores[0]!).toBeGreaterThan(scores[1]!);
    expect(scores[1]!).toBeGreaterThan(scores[2]!);
    // "dragon" in story 1: the title (weight 3, two words once stop words are out) 3 x (0.5 x 1/2 + 0.5) = 2.25,
    // plus the body (five words) 1 x (0.5 x 1/5 + 0.5) = 0.6.
    expect(scores[1]).toBeCloseTo(2.85);
    const all = await coll.find({ $text: { $search: 'dragon' } }, { projection: { score: { $meta: 'textScore' } } }).toArray();
    expect(Object.keys(all[0]!)).toEqual(['_id', 'title', 'body', 'lang', 'score']);
  });

  it('runs as the first stage of an aggregate, with the score in later stages', async () => {
    const coll = await stories();
    const out = await coll
      .aggregate([{ $match: { $text: { $search: 'dragon sailors' } } }, { $sort: { score: { $meta: 'textScore' } } }, { $project: { title: 1, score: { $meta: 'textScore' } } }, { $limit: 2 }])
      .toArray();
    expect(ids(out)).toEqual([3, 1]);
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score as number);
    const plain = await coll.aggregate([{ $match: { $text: { $search: 'harbour' } } }]).toArray();
    expect(plain).toEqual([{ _id: 2, title: 'Harbour lights', body: 'Sailors running from a storm find the harbour dark.', lang: 'en' }]);
  });
});

describe('explain', () => {
  async function indexed(): Promise<Collection> {
    const coll = fresh();
    await coll.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i as never, k: i % 5, s: `s${i}` })));
    await coll.createIndex({ k: 1 });
    return coll;
  }

  it('names the index a find uses, IDHACK for an _id lookup, and COLLSCAN otherwise', async () => {
    const coll = await indexed();
    const byIndex = await coll.find({ k: 2 }).explain('executionStats');
    expect(byIndex.queryPlanner).toMatchObject({ namespace: `query_features.${coll.collectionName}`, winningPlan: { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'k_1', keyPattern: { k: 1 }, indexBounds: { k: ['[2, 2]'] } } }, rejectedPlans: [] });
    expect(byIndex.executionStats).toMatchObject({ executionSuccess: true, nReturned: 10, totalKeysExamined: 10, totalDocsExamined: 10 });
    expect((await coll.find({ _id: 7 as never }).explain()).queryPlanner.winningPlan).toEqual({ stage: 'IDHACK' });
    const scan = await coll.find({ s: 's3' }).sort({ s: -1 }).limit(5).explain('executionStats');
    expect(scan.queryPlanner.winningPlan).toMatchObject({ stage: 'LIMIT', limitAmount: 5, inputStage: { stage: 'SORT', sortPattern: { s: -1 }, inputStage: { stage: 'COLLSCAN', filter: { s: 's3' } } } });
    expect(scan.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 50, totalKeysExamined: 0 });
    const sorted = await coll.find({}).sort({ k: 1 }).explain();
    expect(sorted.queryPlanner.winningPlan).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'k_1' } });
  });

  it('explains aggregate, count, update and delete without writing', async () => {
    const coll = await indexed();
    const agg = await coll.aggregate([{ $match: { k: 1 } }, { $group: { _id: null, n: { $sum: 1 } } }]).explain();
    expect(agg.stages[0].$cursor.queryPlanner.winningPlan).toMatchObject({ stage: 'FETCH', inputStage: { indexName: 'k_1' } });
    expect(agg.stages[1]).toEqual({ $group: { _id: null, n: { $sum: 1 } } });
    const db = file.db();
    const count = await db.command({ explain: { count: coll.collectionName, query: { k: 1 } }, verbosity: 'queryPlanner' });
    expect(count.queryPlanner.winningPlan).toMatchObject({ stage: 'COUNT', inputStage: { stage: 'FETCH' } });
    const update = await db.command({ explain: { update: coll.collectionName, updates: [{ q: { s: 's1' }, u: { $set: { s: 'changed' } } }] } });
    expect(update.queryPlanner.winningPlan).toMatchObject({ stage: 'UPDATE', inputStage: { stage: 'LIMIT', inputStage: { stage: 'COLLSCAN' } } });
    await db.command({ explain: { delete: coll.collectionName, deletes: [{ q: {}, limit: 0 }] } });
    expect(await coll.countDocuments({ s: 's1' })).toBe(1);
    expect(await coll.countDocuments()).toBe(50);
    expect((await serverErrorOf(db.command({ explain: { find: coll.collectionName }, verbosity: 'loud' }))).code).toBe(2);
  });
});

describe('what stays refused', () => {
  it('answers $where and $near with MongoDB\'s errors for a server without JavaScript and geo indexes', async () => {
    const coll = fresh();
    await coll.insertOne({ a: 1, loc: { type: 'Point', coordinates: [1, 2] } });
    expect(await serverErrorOf(coll.find({ $where: 'this.a == 1' }).toArray())).toMatchObject({ code: 2, message: 'no globalScriptEngine in $where parsing' });
    expect((await serverErrorOf(coll.find({ loc: { $near: { $geometry: { type: 'Point', coordinates: [1, 2] } } } }).toArray())).code).toBe(291);
    expect((await serverErrorOf(coll.find({ loc: { $geoWithin: { $centerSphere: [[1, 2], 1] } } }).toArray())).code).toBe(2);
  });
});
