import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { MINGO_CONTEXT } from './operators';
import { projectionShape } from './shapes';
import { type Doc } from './values';
import { numericView, queryView, restoreTypes } from './views';

export const QUERY_OPTIONS: Partial<Options> = { context: MINGO_CONTEXT };

function idFirst(doc: Doc): Doc {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** Compiles a MongoDB filter to a predicate (mingo evaluates the query language on numeric views, see ./views.ts). */
export function compileFilter(filter: Doc | undefined): (doc: Doc) => boolean {
  if (!filter || Object.keys(filter).length === 0) return () => true;
  const query = new Query(numericView(filter) as Doc, QUERY_OPTIONS);
  return (doc) => query.test(queryView(doc));
}

/** Applies a find projection to already filtered and sorted documents, keeping the stored BSON types. */
export function applyProjection(docs: Doc[], projection: Doc | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const shape = projectionShape(projection, true);
  // MongoDB keeps _id first in projected documents; mingo appends it after the included fields.
  const out = new Query({}, QUERY_OPTIONS).find<Doc>(docs.map(queryView), numericView(projection) as Doc).all();
  return out.map((d, i) => idFirst(restoreTypes(d, docs[i]!, shape)));
}
