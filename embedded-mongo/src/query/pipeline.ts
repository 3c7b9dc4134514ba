import { Aggregator } from 'mingo/aggregator';
import { ProcessingMode } from 'mingo';
import type { Options } from 'mingo/types';
import { compileFilter } from './matcher';
import { escapePipeline, unescapeNames } from './mingoNames';
import type { QueryScope } from './scope';
import { MINGO_CONTEXT } from './operators';
import { mingoProjection, stageShape } from './shapes';
import { compileSort } from './sort';
import { idFirst, isNumeric, isPlainObject, toNumber, type Doc } from './values';
import { numericView, queryView, restoreTypes } from './views';

export type CollectionResolver = (name: string) => Doc[];

/** The collation as mingo's $sort takes it (strengths above 3 sort like 3 there). */
function mingoCollation(spec: Doc): Options['collation'] {
  const { locale, strength, caseLevel, caseFirst, numericOrdering, alternate } = spec;
  return { locale, strength: Math.min(3, Number(strength)), caseLevel, caseFirst, numericOrdering, alternate } as Options['collation'];
}

function options(resolver: CollectionResolver | undefined, scope: QueryScope): Partial<Options> {
  // Inputs are stored documents (or their cached views): stages like $addFields must work on copies.
  const base: Partial<Options> = {
    processingMode: ProcessingMode.CLONE_INPUT,
    context: MINGO_CONTEXT,
    ...(scope.variables ? { variables: numericView(scope.variables) as Doc } : {}),
    ...(scope.collation ? { collation: mingoCollation(scope.collation.spec) } : {}),
  };
  // Joined documents are views too, so $lookup matches numbers of any BSON type.
  return resolver ? { ...base, collectionResolver: (name: string) => resolver(name).map((d) => numericView(d) as Doc) } : base;
}

function mingo(docs: Doc[], stages: Doc[], resolver: CollectionResolver | undefined, scope: QueryScope): Doc[] {
  const out = new Aggregator(escapePipeline(numericView(stages) as Doc[]), options(resolver, scope)).run(docs.map(queryView)) as Doc[];
  return unescapeNames(out);
}

function count(v: unknown): number | undefined {
  const n = isNumeric(v) ? toNumber(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Runs an aggregation pipeline and keeps the stored BSON types (whole-number doubles, Int64, Decimal128) of the
 * fields that pass through. Filtering and ordering stages run here on the stored documents; one-in-one-out stages
 * run in mingo on numeric views, after which unchanged fields get their stored values back (see ./shapes.ts).
 * From the first regrouping stage ($group, $unwind, $facet, ...) on, mingo runs the rest and numbers come out
 * as mingo computes them.
 */
export function runPipeline(docs: Doc[], asked: Doc[], resolver?: CollectionResolver, scope: QueryScope = {}): Doc[] {
  // A projection that is both an inclusion and an exclusion is refused before any document is read.
  const pipeline = asked.map((stage) => (isPlainObject(stage.$project) ? { $project: mingoProjection(stage.$project, false) } : stage));
  let current = docs;
  for (let i = 0; i < pipeline.length; i++) {
    const stage = pipeline[i]!;
    const name = Object.keys(stage)[0] ?? '';
    const arg = stage[name];
    if (name === '$match' && isPlainObject(arg)) {
      current = current.filter(compileFilter(arg, scope));
      continue;
    }
    if (name === '$sort' && isPlainObject(arg) && Object.keys(arg).length > 0 && Object.values(arg).every((d) => isNumeric(d) && Math.abs(toNumber(d)) === 1)) {
      current = [...current].sort(compileSort(arg, scope.collation));
      continue;
    }
    if ((name === '$skip' || name === '$limit') && count(arg) !== undefined && (name === '$skip' || count(arg)! > 0)) {
      current = name === '$skip' ? current.slice(count(arg)) : current.slice(0, count(arg));
      continue;
    }
    const shape = stageShape(name, arg);
    if (shape === undefined) return mingo(current, pipeline.slice(i), resolver, scope);
    const out = mingo(current, [stage], resolver, scope);
    const sources = current;
    current = shape && out.length === sources.length ? out.map((d, k) => restoreTypes(d, sources[k]!, shape)) : out;
    // mingo puts an included _id after the projected fields; MongoDB keeps it first.
    if (name === '$project') current = current.map(idFirst);
  }
  return current;
}
