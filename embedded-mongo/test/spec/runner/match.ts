// "Evaluating Matches" of the Unified Test Format: expected values (with the `$$` operators) against actual ones.
import { EJSON } from 'bson';
import { BSONRegExp, Binary, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'mongodb';
import type { EntityMap } from './entities';

export class MatchError extends Error {}

function isDocument(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** An instance of a driver class (not a BSON value, date, regex or bytes): its own fields are its document. */
function isModelObject(v: unknown): v is object {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || isDocument(v)) return false;
  return !('_bsontype' in v) && !(v instanceof Date) && !(v instanceof RegExp) && !ArrayBuffer.isView(v);
}

/** A `{ $$op: arg }` document: exactly one key, starting with `$$`. */
function operatorOf(v: unknown): [string, unknown] | undefined {
  if (!isDocument(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0]!.startsWith('$$') ? [keys[0]!, v[keys[0]!]] : undefined;
}

function isNumber(v: unknown): boolean {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof Int32 || v instanceof Double || v instanceof Long;
}

function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return v.toNumber();
  return Number.NaN;
}

/** The `$type` names a value may have; JavaScript numbers stand for every numeric BSON type they can hold. */
function typeNames(v: unknown): string[] {
  if (v === null) return ['null'];
  if (v === undefined) return ['undefined'];
  if (typeof v === 'number') {
    const names = ['double'];
    if (Number.isInteger(v)) names.push('long');
    if (Number.isInteger(v) && Math.abs(v) <= 2 ** 31) names.push('int');
    return names;
  }
  if (typeof v === 'bigint' || v instanceof Long) return ['long'];
  if (v instanceof Int32) return ['int'];
  if (v instanceof Double) return ['double'];
  if (v instanceof Decimal128) return ['decimal'];
  if (typeof v === 'string') return ['string'];
  if (typeof v === 'boolean') return ['bool'];
  if (Array.isArray(v)) return ['array'];
  if (v instanceof ObjectId) return ['objectId'];
  if (v instanceof Date) return ['date'];
  if (v instanceof Binary) return ['binData'];
  if (v instanceof Timestamp) return ['timestamp'];
  if (v instanceof RegExp || v instanceof BSONRegExp) return ['regex'];
  if (v instanceof MinKey) return ['minKey'];
  if (v instanceof MaxKey) return ['maxKey'];
  return ['object'];
}

function show(v: unknown): string {
  try {
    return EJSON.stringify(v as never, { relaxed: true });
  } catch {
    return String(v);
  }
}

function mismatch(path: string, message: string): never {
  throw new MatchError(`${path || '(root)'}: ${message}`);
}

function scalarsEqual(expected: unknown, actual: unknown): boolean {
  if (isNumber(expected) || isNumber(actual)) return isNumber(expected) && isNumber(actual) && numberOf(expected) === numberOf(actual);
  if (expected instanceof Decimal128 || actual instanceof Decimal128) return String(expected) === String(actual) && typeNames(expected)[0] === typeNames(actual)[0];
  if (expected instanceof ObjectId) return actual instanceof ObjectId && expected.equals(actual);
  if (expected instanceof Date) return actual instanceof Date && expected.getTime() === actual.getTime();
  if (expected instanceof Binary) {
    return actual instanceof Binary && expected.sub_type === actual.sub_type && Buffer.from(expected.value()).equals(Buffer.from(actual.value()));
  }
  if (expected instanceof Timestamp) return actual instanceof Timestamp && expected.equals(actual);
  if (expected instanceof RegExp || expected instanceof BSONRegExp) {
    const parts = (r: unknown): string | undefined =>
      r instanceof RegExp ? `${r.source}/${[...r.flags].sort().join('')}` : r instanceof BSONRegExp ? `${r.pattern}/${[...r.options].sort().join('')}` : undefined;
    return parts(expected) === parts(actual);
  }
  if (expected instanceof MinKey || expected instanceof MaxKey) return typeNames(expected)[0] === typeNames(actual)[0];
  return expected === actual;
}

/**
 * Asserts that `actual` matches `expected`. Root-level documents may hold fields the expected one does not name;
 * nested documents may not. Throws MatchError naming the path of the first difference.
 */
export function match(expected: unknown, actual: unknown, entities: EntityMap, root = true, path = ''): void {
  // The driver builds some command fields as Maps (a find's `sort`) or class instances (`readConcern`).
  if (actual instanceof Map) actual = Object.fromEntries(actual);
  else if (isModelObject(actual)) actual = { ...actual };
  const op = operatorOf(expected);
  if (op) return matchOperator(op[0], op[1], actual, entities, root, path);
  if (isDocument(expected)) {
    if (!isDocument(actual)) mismatch(path, `expected a document, got ${show(actual)}`);
    for (const [key, value] of Object.entries(expected)) {
      const sub = path ? `${path}.${key}` : key;
      const keyOp = operatorOf(value);
      if (keyOp?.[0] === '$$exists') {
        if ((key in actual) !== keyOp[1]) mismatch(sub, keyOp[1] ? 'expected the field to exist' : `expected no field, got ${show(actual[key])}`);
        continue;
      }
      if (keyOp?.[0] === '$$unsetOrMatches' && !(key in actual)) continue;
      if (!(key in actual)) mismatch(sub, `missing, expected ${show(value)}`);
      match(value, actual[key], entities, false, sub);
    }
    if (!root) {
      const extra = Object.keys(actual).filter((k) => !(k in expected));
      if (extra.length) mismatch(path, `unexpected field(s) ${extra.join(', ')} in ${show(actual)}`);
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) mismatch(path, `expected an array, got ${show(actual)}`);
    if (actual.length !== expected.length) mismatch(path, `expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`);
    expected.forEach((el, i) => match(el, actual[i], entities, false, `${path}[${i}]`));
    return;
  }
  if (!scalarsEqual(expected, actual)) mismatch(path, `expected ${show(expected)}, got ${show(actual)}`);
}

function matchOperator(name: string, arg: unknown, actual: unknown, entities: EntityMap, root: boolean, path: string): void {
  switch (name) {
    case '$$unsetOrMatches':
      if (actual !== undefined) match(arg, actual, entities, root, path);
      return;
    case '$$exists':
      if ((actual !== undefined) !== arg) mismatch(path, arg ? 'expected a value' : `expected no value, got ${show(actual)}`);
      return;
    case '$$type': {
      const wanted = Array.isArray(arg) ? (arg as string[]) : [arg as string];
      if (actual === undefined) mismatch(path, `expected a value of type ${wanted.join('|')}`);
      if (!typeNames(actual).some((t) => wanted.includes(t))) mismatch(path, `expected type ${wanted.join('|')}, got ${show(actual)}`);
      return;
    }
    case '$$matchesEntity':
      match(entities.value(String(arg)), actual, entities, root, path);
      return;
    case '$$matchesHexBytes':
      if (typeof arg !== 'string' || !/^([0-9a-f]{2})*$/i.test(arg)) throw new Error(`malformed $$matchesHexBytes ${show(arg)}`);
      if (!(actual instanceof Binary || Buffer.isBuffer(actual)) || Buffer.from(actual instanceof Binary ? actual.value() : actual).toString('hex') !== arg.toLowerCase()) {
        mismatch(path, `expected bytes ${arg}, got ${show(actual)}`);
      }
      return;
    case '$$sessionLsid':
      match(entities.sessionLsid(String(arg)), actual, entities, false, path);
      return;
    case '$$lte':
      if (!isNumber(actual) || numberOf(actual) > numberOf(arg)) mismatch(path, `expected a number <= ${show(arg)}, got ${show(actual)}`);
      return;
    case '$$matchAsDocument':
      if (typeof actual !== 'string') mismatch(path, `expected an extended JSON string, got ${show(actual)}`);
      match(arg, EJSON.parse(actual, { relaxed: false }), entities, false, path);
      return;
    case '$$matchAsRoot':
      match(arg, actual, entities, true, path);
      return;
    default:
      throw new Error(`unsupported special operator ${name} at ${path || '(root)'}`);
  }
}

/**
 * An operation's result: documents of an iterable result (find, aggregate) are each root-level documents; any
 * other result is matched as one root-level value.
 */
export function matchResult(expected: unknown, actual: unknown, entities: EntityMap, iterable: boolean): void {
  if (!iterable || !Array.isArray(expected) || !Array.isArray(actual)) return match(expected, actual, entities, true);
  if (actual.length !== expected.length) mismatch('', `expected ${expected.length} documents, got ${actual.length}: ${show(actual)}`);
  expected.forEach((el, i) => match(el, actual[i], entities, true, `[${i}]`));
}
