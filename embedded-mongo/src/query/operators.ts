import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import type { Options } from 'mingo/types';
import { MaxKey, MinKey } from 'bson';
import { fail } from '../errors';
import { field, hasField } from './fields';
import { unescapePath } from './mingoNames';
import { compareValues, formatValue, isNumeric, isPlainObject, toNumber, typeName, typeRank } from './values';
import { originOf } from './views';

/**
 * Values a query path reaches in MongoDB's semantics, read from the stored document behind the view: arrays on
 * the way are searched element by element, and an array at the end counts both as itself and as its elements.
 */
function pathValues(root: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (node: unknown, i: number): void => {
    const cur = originOf(node);
    if (i === parts.length) {
      out.push(cur);
      if (Array.isArray(cur)) for (const el of cur) out.push(originOf(el));
      return;
    }
    const part = parts[i]!;
    if (Array.isArray(cur)) {
      if (/^\d+$/.test(part)) walk(cur[Number(part)], i + 1);
      for (const el of cur) {
        const e = originOf(el);
        if (isPlainObject(e)) walk(e, i);
      }
      return;
    }
    // The stored container behind a view has the field names as stored, not escaped.
    if (isPlainObject(cur)) walk(hasField(cur, part) ? cur[part] : field(cur, unescapePath(part)), i + 1);
    else out.push(undefined);
  };
  walk(root, 0);
  return out;
}

type Predicate = (obj: Record<string, unknown>) => boolean;

/**
 * `$gt`/`$gte`/`$lt`/`$lte` with MongoDB's semantics: only values of the same type bracket compare (all numeric
 * types are one bracket, null and missing another), numbers compare exactly (Int64 beyond 2^53 included), and
 * MinKey/MaxKey bound every type.
 */
function rangeOperator(accept: (c: number) => boolean) {
  return (selector: string, value: unknown, _options: Options): Predicate => {
    const rank = typeRank(value);
    const anyType = value instanceof MinKey || value instanceof MaxKey;
    return (obj) => pathValues(obj, selector).some((v) => (anyType || typeRank(v) === rank) && accept(compareValues(v, value)));
  };
}

/** Our range operators, shared by mingo's context and the native matcher (./matcher.ts). */
export const RANGE_OPERATORS = {
  $gt: rangeOperator((c) => c > 0),
  $gte: rangeOperator((c) => c >= 0),
  $lt: rangeOperator((c) => c < 0),
  $lte: rangeOperator((c) => c <= 0),
};

const TYPE_CODES: Record<number, string> = {
  1: 'double', 2: 'string', 3: 'object', 4: 'array', 5: 'binData', 6: 'undefined', 7: 'objectId', 8: 'bool',
  9: 'date', 10: 'null', 11: 'regex', 12: 'dbPointer', 13: 'javascript', 14: 'symbol', 15: 'javascriptWithScope',
  16: 'int', 17: 'timestamp', 18: 'long', 19: 'decimal', [-1]: 'minKey', 127: 'maxKey',
};
const TYPE_NAMES = new Set(Object.values(TYPE_CODES));

function wantedTypes(spec: unknown): Set<string> {
  const out = new Set<string>();
  const list = Array.isArray(spec) ? spec : [spec];
  if (list.length === 0) fail('FailedToParse', '$type must match at least one type');
  for (const t of list) {
    if (typeof t === 'string') {
      if (t === 'number') ['int', 'long', 'double', 'decimal'].forEach((n) => out.add(n));
      else if (TYPE_NAMES.has(t)) out.add(t);
      else fail('BadValue', `Unknown type name alias: ${t}`);
    } else if (isNumeric(t)) {
      const name = TYPE_CODES[toNumber(t)];
      if (!name) fail('BadValue', `Invalid numerical type code: ${formatValue(t)}`);
      out.add(name);
    } else {
      fail('TypeMismatch', `type must be represented as a number or a string`);
    }
  }
  return out;
}

/** `$type` on the stored values, so Int32 2 and Double 2.0 (equal numbers) are told apart like MongoDB does. */
function $type(selector: string, value: unknown, _options: Options): Predicate {
  const wanted = wantedTypes(value);
  return (obj) => pathValues(obj, selector).some((v) => v !== undefined && wanted.has(typeName(v)));
}

/** All of mingo's operators, with the ones above replacing mingo's own. Built once and shared by every query. */
export const MINGO_CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: {
    ...queryOperators,
    ...RANGE_OPERATORS,
    $type,
  },
  window: windowOperators,
});
