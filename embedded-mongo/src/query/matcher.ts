import { Aggregator, ProcessingMode, Query } from 'mingo';
import type { Options } from 'mingo/types';
import type { Doc } from './values';

function idFirst(doc: Doc): Doc {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

export type CollectionResolver = (name: string) => Doc[];

function options(resolver?: CollectionResolver): Partial<Options> {
  // Inputs are the stored documents: stages like $addFields must work on copies.
  const base: Partial<Options> = { processingMode: ProcessingMode.CLONE_INPUT };
  return resolver ? { ...base, collectionResolver: resolver } : base;
}

/** Compiles a MongoDB filter to a predicate (mingo evaluates the query language). */
export function compileFilter(filter: Doc | undefined): (doc: Doc) => boolean {
  if (!filter || Object.keys(filter).length === 0) return () => true;
  const query = new Query(filter);
  return (doc) => query.test(doc);
}

/** Applies a find projection to already filtered and sorted documents. */
export function applyProjection(docs: Doc[], projection: Doc | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  // MongoDB keeps _id first in projected documents; mingo appends it after the included fields.
  return new Query({}).find<Doc>(docs, projection).all().map(idFirst);
}

export function runPipeline(docs: Doc[], pipeline: Doc[], resolver?: CollectionResolver): Doc[] {
  return new Aggregator(pipeline, options(resolver)).run(docs) as Doc[];
}
