import type { Engine } from './engine';

/** Deletes documents whose TTL-indexed date (the earliest, for arrays) is older than expireAfterSeconds. */
export function sweepExpired(engine: Engine, now = Date.now()): number {
  let removed = 0;
  for (const colls of engine.dbs.values()) {
    for (const coll of colls.values()) {
      for (const index of [...coll.indexes.values()]) {
        const secs = index.spec.expireAfterSeconds;
        if (typeof secs !== 'number' || index.fields.length !== 1) continue;
        const cutoff = new Date(now - secs * 1000);
        const expired = new Set<number>();
        // The sorted index holds dates in order, so only the expired prefix of the date range is visited.
        for (const e of index.range({ value: new Date(-8.64e15), inclusive: true }, { value: cutoff, inclusive: true })) {
          if (e.value instanceof Date) expired.add(e.rid);
        }
        for (const rid of expired) {
          engine.remove(coll, rid);
          removed++;
        }
      }
    }
  }
  return removed;
}
