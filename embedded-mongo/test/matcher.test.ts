import { Decimal128, Double, Long, ObjectId } from 'bson';
import { compileFilter, compileMingo } from '../src/query/matcher';
import type { Doc } from '../src/query/values';

// Values as stored documents hold them (Int64 as bigint, whole-number doubles as Double) and as filters arrive.
const idA = new ObjectId('64b7f0c2a1b2c3d4e5f60718');
const idB = new ObjectId('64b7f0c2a1b2c3d4e5f60719');
const day = new Date('2026-01-02T03:04:05Z');
const later = new Date('2026-02-02T03:04:05Z');
const huge = 2n ** 53n + 1n;
const stored: unknown[] = [
  undefined, null, 0, -0, 1, 2, 2.5, new Double(2), 2n, huge, Number.NaN, new Decimal128('2'), new Decimal128('2.5'),
  'x', 'y', '2', '', true, false, idA, idB, day, later,
  [], [1, 2], [null], [2, 'x'], [[2]], [idA], [day, 'x'], [huge], { b: 1 }, [{ b: 1 }],
];
const operands: unknown[] = [
  null, 0, 1, 2, 2.5, -1, new Double(2), 2n, Long.fromNumber(2), huge, 2 ** 53, 'x', '2', '', true, false,
  idA, day, later,
];

function docs(): Doc[] {
  return stored.map((a, i) => (a === undefined ? { _id: i, other: 1 } : { _id: i, a, other: 1 }));
}

function filters(): Doc[] {
  const out: Doc[] = [];
  for (const v of operands) {
    out.push({ a: v }, { a: { $eq: v } }, { a: { $ne: v } }, { a: v, other: 1 });
    for (const op of ['$gt', '$gte', '$lt', '$lte']) if (v !== null) out.push({ a: { [op]: v } });
    for (const w of operands.slice(0, 8)) out.push({ a: { $in: [v, w] } }, { a: { $nin: [v, w] } });
  }
  out.push({ a: { $exists: true } }, { a: { $exists: false } }, { a: { $gt: 0, $lt: 3 } }, { a: { $ne: null, $exists: true } });
  out.push({ a: { $in: [] } }, { a: { $nin: [] } }, { _id: 3 }, { _id: { $in: [1, 2, 3] } });
  return out;
}

const show = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

it('matches simple filters natively exactly as the general (mingo) path does', () => {
  const all = docs();
  const mismatches: string[] = [];
  for (const filter of filters()) {
    const native = compileFilter(filter);
    const general = compileMingo(filter);
    // Mingo's predicates are kept per filter: another function means the native matcher took it.
    expect(native).not.toBe(general);
    for (const doc of all) {
      if (native(doc) !== general(doc)) mismatches.push(`${show(filter)} on ${show(doc)}: native ${native(doc)}, mingo ${general(doc)}`);
    }
  }
  expect(mismatches).toEqual([]);
});

it('leaves fields named like Object.prototype members, dotted paths and other operators to mingo', () => {
  expect(compileFilter({ constructor: null })({ _id: 1 })).toBe(true);
  expect(compileFilter({ toString: 'x' })({ _id: 1 })).toBe(false);
  expect(compileFilter({ 'a.b': 1 })({ a: [{ b: 1 }] })).toBe(true);
  expect(compileFilter({ a: { $size: 2 } })({ a: [1, 2] })).toBe(true);
  expect(compileFilter({ a: /^x/ })({ a: 'xy' })).toBe(true);
  expect(compileFilter({ a: { b: 1 } })({ a: { b: 1 } })).toBe(true);
  expect(compileFilter({ $or: [{ a: 1 }, { a: 2 }] })({ a: 2 })).toBe(true);
});

it('reuses a compiled mingo query only for the very same filter', () => {
  const f1 = { $or: [{ a: 1 }, { a: 'x' }] };
  const f2 = { $or: [{ a: 1 }, { a: 'y' }] };
  const f3 = { $or: [{ a: new Double(1) }, { a: 'x' }] };
  expect(compileMingo(f1)).toBe(compileMingo({ $or: [{ a: 1 }, { a: 'x' }] }));
  expect(compileMingo(f1)).not.toBe(compileMingo(f2));
  expect(compileMingo(f1)).not.toBe(compileMingo(f3));
  expect(compileMingo(f2)({ a: 'y' })).toBe(true);
  expect(compileMingo(f1)({ a: 'y' })).toBe(false);
  // Filters with $expr may read $$NOW: compiled each time.
  const withExpr = { $expr: { $lt: ['$at', '$$NOW'] } };
  expect(compileMingo(withExpr)).not.toBe(compileMingo(withExpr));
});
