import { ObjectId } from 'bson';
import { fail } from '../errors';
import { setField } from '../query/fields';
import { getPath } from '../query/paths';
import { runPipeline } from '../query/pipeline';
import { applyUpdate } from '../query/update';
import { formatValue, identicalValues, isPlainObject, valuesEqual, type Doc } from '../query/values';
import { matchRids } from '../storage/planner';
import type { CommandContext } from './context';
import { validateDocument } from './validation';
import { checkSize, prepareForInsert } from './write';

interface MergeSpec {
  db: string;
  coll: string;
  on: string[];
  whenMatched: 'replace' | 'keepExisting' | 'merge' | 'fail' | Doc[];
  whenNotMatched: 'insert' | 'discard' | 'fail';
  let?: Doc;
}

function parseSpec(raw: unknown, db: string): MergeSpec {
  const spec = typeof raw === 'string' ? { into: raw } : raw;
  if (!isPlainObject(spec)) fail('TypeMismatch', `$merge requires a string or an object argument, found ${formatValue(raw)}`);
  const into = spec.into;
  const target = typeof into === 'string' ? { db, coll: into } : isPlainObject(into) ? { db: String(into.db ?? db), coll: String(into.coll ?? '') } : undefined;
  if (!target || !target.coll) fail('Location51178', "$merge 'into' field must be either a string or an object with 'db' and 'coll' fields");
  const on = spec.on === undefined ? ['_id'] : typeof spec.on === 'string' ? [spec.on] : spec.on;
  if (!Array.isArray(on) || on.length === 0 || !on.every((f) => typeof f === 'string' && f)) fail('Location51186', "$merge 'on' field must be a string or a non-empty array of strings");
  const whenMatched = spec.whenMatched ?? 'merge';
  if (!Array.isArray(whenMatched) && !['replace', 'keepExisting', 'merge', 'fail'].includes(String(whenMatched))) {
    fail('BadValue', `Enumeration value '${String(whenMatched)}' for field '$merge.whenMatched' is not a valid value.`);
  }
  const whenNotMatched = spec.whenNotMatched ?? 'insert';
  if (!['insert', 'discard', 'fail'].includes(String(whenNotMatched))) fail('BadValue', `Enumeration value '${String(whenNotMatched)}' for field '$merge.whenNotMatched' is not a valid value.`);
  if (spec.let !== undefined && !isPlainObject(spec.let)) fail('TypeMismatch', "$merge 'let' must be an object");
  if (spec.let !== undefined && !Array.isArray(whenMatched)) fail('Location51199', "Cannot use 'let' variables with 'whenMatched: " + String(whenMatched) + "' mode");
  return { ...target, on: on as string[], whenMatched: whenMatched as MergeSpec['whenMatched'], whenNotMatched: whenNotMatched as MergeSpec['whenNotMatched'], let: spec.let as Doc | undefined };
}

/** `_id` may not change: a merged or replacing document keeps the matched document's `_id`. */
function keepId(matched: Doc, next: Doc): Doc {
  if (next._id !== undefined && !valuesEqual(next._id, matched._id)) {
    fail('ImmutableField', "$merge failed to update the matching document, did you attempt to modify the _id or the shard key?");
  }
  const { _id: _drop, ...rest } = next;
  void _drop;
  return { _id: matched._id, ...rest };
}

/**
 * `$merge` as the last stage of an aggregation: each result document is matched in the target collection by the
 * `on` fields (which need a unique index unless they are `_id`) and replaces, merges into, keeps or fails on the
 * matched document, or is inserted, discarded or refused when nothing matches. Writes go through the same checks
 * as inserts and updates; the first error stops the stage, keeping the writes made before it (as in MongoDB).
 */
export function writeMerge(ctx: CommandContext, raw: unknown, results: Doc[], bypass: unknown): void {
  const spec = parseSpec(raw, ctx.db);
  const coll = ctx.engine.collection(spec.db, spec.coll);
  const onSet = [...spec.on].sort().join(',');
  if (onSet !== '_id' && ![...coll.indexes.values()].some((i) => i.unique && !i.spec.partialFilterExpression && [...i.fields].sort().join(',') === onSet)) {
    fail('Location51183', `Cannot find index to verify that join fields will be unique`);
  }
  for (const result of results) {
    const doc = result._id === undefined && spec.on.includes('_id') ? { _id: new ObjectId(), ...result } : result;
    const filter: Doc = {};
    const keyValue: Doc = {};
    for (const f of spec.on) {
      const v = getPath(doc, f);
      if (v === undefined || v === null || Array.isArray(v)) fail('Location51132', "$merge write error: 'on' field cannot be missing, null, undefined or an array");
      setField(filter, f, { $eq: v });
      setField(keyValue, f, v);
    }
    const [rid] = matchRids(coll, filter, 1);
    const matched = rid === undefined ? undefined : coll.docs.get(rid);
    if (!matched) {
      if (spec.whenNotMatched === 'discard') continue;
      if (spec.whenNotMatched === 'fail') fail('MergeStageNoMatchingDocument', '$merge could not find a matching document in the target collection for at least one document in the source collection');
      const inserted = prepareForInsert(doc);
      validateDocument(ctx, coll, inserted, undefined, bypass);
      ctx.engine.insert(coll, inserted);
      continue;
    }
    let next: Doc;
    if (Array.isArray(spec.whenMatched)) {
      const [vars] = runPipeline([doc], [{ $project: { _id: 0, ...(spec.let ?? { new: '$$ROOT' }) } }]);
      next = applyUpdate(matched, spec.whenMatched, { scope: { variables: vars ?? {} } });
    } else if (spec.whenMatched === 'keepExisting') continue;
    else if (spec.whenMatched === 'fail') {
      const keyPattern = Object.fromEntries(spec.on.map((f) => [f, 1]));
      fail('DuplicateKey', `E11000 duplicate key error collection: ${coll.ns} index: ${onSet === '_id' ? '_id_' : spec.on.join('_')} dup key: ${formatValue(keyValue)}`, { keyPattern, keyValue });
    } else if (spec.whenMatched === 'replace') next = keepId(matched, doc);
    else next = keepId(matched, { ...matched, ...doc });
    // Type-sensitive, as for updates: replacing Int32 2 by Double 2.0 is a change.
    if (identicalValues(next, matched)) continue;
    checkSize(next);
    validateDocument(ctx, coll, next, matched, bypass);
    ctx.engine.replace(coll, rid!, next);
  }
}
