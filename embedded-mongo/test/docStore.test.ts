import { BSONRegExp, BSONSymbol, Binary, Code, DBRef, Decimal128, Double, MaxKey, MinKey, ObjectId, Timestamp, UUID } from 'bson';
import { DocStore } from '../src/storage/docStore';
import { filterFields, findDocs, matchRids } from '../src/storage/planner';
import { Collection } from '../src/storage/collection';
import type { Doc } from '../src/query/values';

// Stored documents are BSON; a query reads only the fields its filter names by walking the stored elements. Every
// BSON type must be stepped over exactly, or the fields after it would be read wrong.
function everyType(): Doc {
  const doc: Doc = {
    _id: new ObjectId('650000000000000000000001'),
    double: 1.5,
    wholeDouble: new Double(2),
    string: 'héllo wörld',
    object: { a: 1, b: [1, 2] },
    array: [1, 'two', { three: 3 }],
    binary: new Binary(Buffer.from([1, 2, 3, 4]), 0),
    uuid: new UUID('d5f0f1e4-3b1b-4bd6-9f39-0a8a1b3a7c11').toBinary(),
    oid: new ObjectId('650000000000000000000002'),
    bool: true,
    date: new Date(1_700_000_000_000),
    nil: null,
    regex: /ab+c/i,
    bsonRegex: new BSONRegExp('x.y', 'm'),
    code: new Code('function () { return 1; }'),
    codeWithScope: new Code('function () { return x; }', { x: 1 }),
    symbol: new BSONSymbol('sym'),
    int32: 7,
    timestamp: new Timestamp({ t: 1, i: 2 }),
    int64: 9_007_199_254_740_993n,
    decimal: Decimal128.fromString('1.25'),
    minKey: new MinKey(),
    maxKey: new MaxKey(),
    ref: new DBRef('other', new ObjectId('650000000000000000000003')),
    'ünïcode name': 'x',
    negative: -5,
    negativeDouble: -2.25,
    negativeLong: -3n,
    hugeLong: -(2n ** 63n),
    before1970: new Date(-86_400_001),
    no: false,
    ascii: 'plain',
    last: 'the end',
  };
  Object.defineProperty(doc, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
  doc.after = 1;
  return doc;
}

describe('DocStore', () => {
  it('reads each field alone exactly as a whole decode does, for every BSON type', () => {
    const store = new DocStore();
    store.set(1, everyType());
    const whole = store.get(1)!;
    for (const name of Object.keys(whole)) {
      const part = store.fieldReader([name])(1)!;
      expect(Object.keys(part)).toEqual([name]);
      expect(part[name]).toEqual(whole[name]);
    }
    const tail = store.fieldReader(['last', 'after', 'missing'])(1)!;
    expect(tail).toEqual({ last: 'the end', after: 1 });
    const scalars = ['double', 'wholeDouble', 'string', 'bool', 'date', 'nil', 'int32', 'int64', 'negativeLong', 'hugeLong', 'before1970', 'ünïcode name'];
    expect(store.fieldReader(scalars)(1)).toEqual(Object.fromEntries(scalars.map((n) => [n, whole[n]])));
    expect(store.fieldReader([...scalars, 'object'])(1)).toEqual(Object.fromEntries([...scalars, 'object'].map((n) => [n, whole[n]])));
    expect(Object.getPrototypeOf(store.fieldReader(['__proto__'])(1))).toBe(Object.prototype);
    expect(({} as Doc).polluted).toBeUndefined();
  });

  it('returns a fresh copy on every read', () => {
    const store = new DocStore();
    store.set(1, { _id: 1, a: { b: 1 } });
    const first = store.get(1)!;
    (first.a as Doc).b = 2;
    expect(store.get(1)).toEqual({ _id: 1, a: { b: 1 } });
    expect(store.fieldReader(['a'])(2)).toBeUndefined();
  });

  it('stores documents larger than its encoding buffer, and small ones after them', () => {
    const store = new DocStore();
    const big = { _id: 'big', text: 'é'.repeat(300_000), list: Array.from({ length: 1000 }, (_, i) => i) };
    store.set(1, big);
    store.set(2, { _id: 'small', n: 1, missing: undefined });
    expect(store.get(1)).toEqual(big);
    expect(store.get(2)).toEqual({ _id: 'small', n: 1, missing: null });
  });
});

describe('queries over stored BSON', () => {
  it('knows which top-level fields a filter reads', () => {
    expect(filterFields({ a: 1, 'b.c': { $gt: 1 }, $or: [{ d: 1 }, { 'e.f': 2 }], $comment: 'x' })).toEqual(new Set(['a', 'b', 'd', 'e']));
    expect(filterFields({ a: 1, $expr: { $eq: ['$a', '$b'] } })).toBeNull();
    expect(filterFields({ $and: [{ $where: 'true' }] })).toBeNull();
  });

  it('matches on the fields read and returns whole documents, sorted and limited as asked', () => {
    const coll = new Collection('db', 'c');
    for (let i = 0; i < 50; i++) coll.insert({ _id: i, group: i % 5, n: 50 - i, nested: { k: i }, body: 'x'.repeat(100) });
    const found = findDocs(coll, { group: 2, 'nested.k': { $gte: 10 } }, { sort: { n: 1 }, limit: 3, skip: 1 });
    expect(found.map((d) => d._id)).toEqual([42, 37, 32]);
    expect(found[0]).toEqual({ _id: 42, group: 2, n: 8, nested: { k: 42 }, body: 'x'.repeat(100) });
    const scanned = findDocs(coll, { $or: [{ group: 4 }, { n: 50 }] }, { limit: 2 });
    expect(scanned.map((d) => d._id)).toEqual([0, 4]);
    expect(matchRids(coll, { group: { $in: [1] } }).length).toBe(10);
    expect(matchRids(coll, {}).length).toBe(50);
    expect(findDocs(coll, { $expr: { $eq: ['$group', '$nested.k'] } }).map((d) => d._id)).toEqual([0, 1, 2, 3, 4]);
  });
});
