import type { Collation } from './collation';
import { getPathValues } from './paths';
import { compareValues, toNumber, type Doc } from './values';

/** Sort key of a document for one field: arrays sort by their smallest (ascending) or largest (descending) element. */
function sortKey(doc: Doc, field: string, dir: number, compare: (a: unknown, b: unknown) => number): unknown {
  const values = getPathValues(doc, field);
  if (values.length === 1) return values[0];
  let best = values[0];
  for (const v of values) if (dir * compare(v, best) < 0) best = v;
  return best;
}

/** MongoDB's order of values, with strings compared by a collation when one is given. */
export function valueComparator(collation?: Collation): (a: unknown, b: unknown) => number {
  if (!collation) return compareValues;
  return (a, b) => (typeof a === 'string' && typeof b === 'string' ? collation.compare(a, b) : compareValues(a, b));
}

/** A comparator for a MongoDB sort specification, in MongoDB's type order. */
export function compileSort(sort: Doc, collation?: Collation): (a: Doc, b: Doc) => number {
  const fields = Object.entries(sort).map(([f, d]) => [f, toNumber(d) < 0 ? -1 : 1] as const);
  const compare = valueComparator(collation);
  return (a, b) => {
    for (const [f, dir] of fields) {
      const c = compare(sortKey(a, f, dir, compare), sortKey(b, f, dir, compare));
      if (c) return dir * c;
    }
    return 0;
  };
}
