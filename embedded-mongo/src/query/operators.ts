import { Context } from 'mingo';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { MaxKey, MinKey } from 'bson';
import { fail } from '../errors';
import { field, hasField } from './fields';
import { unescapePath } from './mingoNames';
import { compareValues, formatValue, valuesEqual, isNumeric, isPlainObject, toNumber, typeName, typeRank } from './values';
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

/** Whether an `$elemMatch` condition is made only of operators (`{ $gte: 2, $lt: 5 }`), applying to the elements themselves. */
function isOperatorCondition(criteria: Record<string, unknown>): boolean {
  const keys = Object.keys(criteria);
  return keys.length > 0 && keys.every((k) => k.startsWith('$') && k !== '$and' && k !== '$or' && k !== '$nor');
}

/** A test of one array element against an `$elemMatch` condition, on documents or on scalars. */
function elementTest(criteria: unknown, options: Options): (el: unknown) => boolean {
  if (!isPlainObject(criteria)) fail('BadValue', '$elemMatch needs an Object');
  if (isOperatorCondition(criteria)) {
    const query = new Query({ element: criteria }, options);
    return (el) => query.test({ element: el });
  }
  const query = new Query(criteria, options);
  return (el) => isPlainObject(originOf(el)) && query.test(el as Record<string, unknown>);
}

/**
 * `$all` as MongoDB has it: the same as an `$and` of equalities, so a scalar field matches `{ $all: [v] }`, an
 * array matches when it holds every value (or is one of them), and `{ $elemMatch }` entries match elements.
 */
function $all(selector: string, value: unknown, options: Options): Predicate {
  if (!Array.isArray(value)) fail('BadValue', '$all needs an array');
  if (value.length === 0) return () => false;
  const tests = value.map((expr): Predicate => {
    if (isPlainObject(expr) && Object.keys(expr)[0] === '$elemMatch') {
      const test = elementTest(expr.$elemMatch, options);
      return (obj) => pathValues(obj, selector).some((v) => Array.isArray(v) && v.some((el) => test(el)));
    }
    if (isPlainObject(expr) && Object.keys(expr)[0]?.startsWith('$')) fail('BadValue', 'no $ expressions in $all');
    if (expr instanceof RegExp) return (obj) => pathValues(obj, selector).some((v) => typeof v === 'string' && expr.test(v));
    return (obj) => pathValues(obj, selector).some((v) => v !== undefined && valuesEqual(v, expr));
  });
  return (obj) => tests.every((t) => t(obj));
}

/** The `$elemMatch` projection: the first element matching, operator-only conditions included (`{ $in: [...] }`). */
function $elemMatchProjection(obj: Record<string, unknown>, expr: unknown, fieldName: string, options: Options): unknown {
  const arr = obj[fieldName];
  if (!Array.isArray(arr)) return undefined;
  const test = elementTest(expr, options);
  const found = arr.find((el) => test(el));
  return found === undefined ? undefined : [found];
}

/** All of mingo's operators, with the ones above replacing mingo's own. Built once and shared by every query. */
export const MINGO_CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: { ...projectionOperators, $elemMatch: $elemMatchProjection },
  query: {
    ...queryOperators,
    ...RANGE_OPERATORS,
    $type,
    $all,
  },
  window: windowOperators,
});
