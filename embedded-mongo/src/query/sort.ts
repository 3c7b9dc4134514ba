import { getPathValues } from './paths';
import { compareValues, toNumber, type Doc } from './values';

/** Sort key of a document for one field: arrays sort by their smallest (ascending) or largest (descending) element. */
function sortKey(doc: Doc, field: string, dir: number): unknown {
  const values = getPathValues(doc, field);
  if (values.length === 1) return values[0];
  let best = values[0];
  for (const v of values) if (dir * compareValues(v, best) < 0) best = v;
  return best;
}

/** A comparator for a MongoDB sort specification, in MongoDB's type order. */
export function compileSort(sort: Doc): (a: Doc, b: Doc) => number {
  const fields = Object.entries(sort).map(([f, d]) => [f, toNumber(d) < 0 ? -1 : 1] as const);
  return (a, b) => {
    for (const [f, dir] of fields) {
      const c = compareValues(sortKey(a, f, dir), sortKey(b, f, dir));
      if (c) return dir * c;
    }
    return 0;
  };
}
