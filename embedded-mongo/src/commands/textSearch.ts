import { fail } from '../errors';
import { deleteField, hasField, setField } from '../query/fields';
import { compileFilter } from '../query/matcher';
import { projectDocs } from '../query/positional';
import type { QueryScope } from '../query/scope';
import { compileSort } from '../query/sort';
import { parseTextQuery, textScore } from '../query/text';
import { isPlainObject, type Doc } from '../query/values';
import type { Collection } from '../storage/collection';
import type { Index } from '../storage/indexes';

/** A field the documents of a `$text` aggregate carry their score in until the pipeline ends (never stored). */
const SCORE_FIELD = '\u0001textScore';

export function hasTextQuery(filter: Doc | undefined): filter is Doc {
  return filter !== undefined && hasField(filter, '$text');
}

function isScoreMeta(v: unknown): boolean {
  return isPlainObject(v) && v.$meta === 'textScore' && Object.keys(v).length === 1;
}

function textIndex(coll: Collection | undefined): Index {
  for (const index of coll?.indexes.values() ?? []) if (Object.values(index.spec.key).includes('text')) return index;
  return fail('IndexNotFound', 'text index required for $text query');
}

/** The documents matching a filter with a top-level `$text`, each with its text score, in natural order. */
function textMatches(coll: Collection | undefined, filter: Doc, scope: QueryScope): Array<{ doc: Doc; score: number }> {
  const index = textIndex(coll);
  const { $text, ...rest } = filter;
  const query = parseTextQuery($text);
  const test = compileFilter(rest, scope);
  const out: Array<{ doc: Doc; score: number }> = [];
  for (const doc of coll!.docs.values()) {
    const score = textScore(doc, index, query);
    if (score > 0 && test(doc)) out.push({ doc, score });
  }
  return out;
}

/** find with `$text`: sorted by `{ $meta: 'textScore' }` (highest first) and projecting the score where asked. */
export function findText(coll: Collection | undefined, filter: Doc, opts: { sort?: Doc; skip: number; limit: number; projection?: Doc; scope: QueryScope }): Doc[] {
  let matches = textMatches(coll, filter, opts.scope);
  if (opts.sort && Object.keys(opts.sort).length) {
    const keys = Object.entries(opts.sort).map(([k, d]) => (isScoreMeta(d) ? null : compileSort({ [k]: d }, opts.scope.collation)));
    matches = [...matches].sort((a, b) => {
      for (const cmp of keys) {
        const c = cmp ? cmp(a.doc, b.doc) : b.score - a.score;
        if (c) return c;
      }
      return 0;
    });
  }
  matches = matches.slice(opts.skip, opts.limit ? opts.skip + opts.limit : undefined);
  const scoreFields = Object.keys(opts.projection ?? {}).filter((k) => isScoreMeta(opts.projection![k]));
  const projection: Doc = {};
  for (const k of Object.keys(opts.projection ?? {})) if (!scoreFields.includes(k)) setField(projection, k, opts.projection![k]);
  const { $text: _text, ...rest } = filter;
  const projected = projectDocs(matches.map((m) => m.doc), projection, rest);
  return projected.map((doc, i) => {
    if (scoreFields.length === 0) return doc;
    const out = { ...doc };
    for (const k of scoreFields) setField(out, k, matches[i]!.score);
    return out;
  });
}

/** `{ $meta: 'textScore' }` in later stages reads the score field; in `$sort` it orders by it, highest first. */
function rewriteMeta(v: unknown, inSort: boolean): unknown {
  if (isScoreMeta(v)) return inSort ? -1 : `$${SCORE_FIELD}`;
  if (Array.isArray(v)) return v.map((x: unknown) => rewriteMeta(x, false));
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    if (inSort && isScoreMeta(v[k])) setField(out, SCORE_FIELD, -1);
    else setField(out, k, rewriteMeta(v[k], k === '$sort'));
  }
  return out;
}

/** An aggregate whose first stage is a `$match` with `$text`: its input documents (carrying their score) and the rest. */
export function textPipeline(coll: Collection | undefined, match: Doc, rest: Doc[], scope: QueryScope): { input: Doc[]; stages: Doc[] } {
  const input = textMatches(coll, match, scope).map(({ doc, score }) => {
    const out = { ...doc };
    setField(out, SCORE_FIELD, score);
    return out;
  });
  return { input, stages: rest.map((s) => rewriteMeta(s, false) as Doc) };
}

/** Takes the score field off a `$text` aggregate's results. */
export function dropScores(docs: Doc[]): Doc[] {
  return docs.map((d) => {
    if (!hasField(d, SCORE_FIELD)) return d;
    const out = { ...d };
    deleteField(out, SCORE_FIELD);
    return out;
  });
}
