import { Aggregator, ProcessingMode, Query } from 'mingo';
import type { Options } from 'mingo/types';
import { Decimal128, Long } from 'bson';
import { isPlainObject, toNumber, type Doc } from './values';

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
  const query = new Query(numericView(filter) as Doc);
  return (doc) => query.test(queryView(doc));
}

const views = new WeakMap<Doc, Doc>();

/**
 * mingo compares numbers only with numbers, so Int64 (bigint) and Decimal128 values are matched through a copy
 * where they are plain numbers. Stored documents are never modified in place, so the copy can be cached.
 */
function queryView(doc: Doc): Doc {
  const cached = views.get(doc);
  if (cached) return cached;
  const view = hasWideNumbers(doc) ? (numericView(doc) as Doc) : doc;
  views.set(doc, view);
  return view;
}

function hasWideNumbers(v: unknown): boolean {
  if (typeof v === 'bigint' || v instanceof Decimal128 || v instanceof Long) return true;
  if (Array.isArray(v)) return v.some(hasWideNumbers);
  if (isPlainObject(v)) {
    for (const k in v) if (hasWideNumbers(v[k])) return true;
  }
  return false;
}

function numericView(v: unknown): unknown {
  if (typeof v === 'bigint' || v instanceof Decimal128 || v instanceof Long) return toNumber(v);
  if (Array.isArray(v)) return v.map(numericView);
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = numericView(v[k]);
    return out;
  }
  return v;
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
