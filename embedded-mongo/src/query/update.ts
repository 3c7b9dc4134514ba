import { Timestamp } from 'bson';
import { fail } from '../errors';
import { encodeKey } from '../storage/keys';
import { deleteField, hasField } from './fields';
import { runPipeline } from './pipeline';
import type { QueryScope } from './scope';
import { arithmetic, pullPredicate, pushWithModifiers } from './updateValues';
import { expandPath, idOf, parentFor, readSlot, setPath, writeSlot } from './updateTargets';
import { cloneValue, compareValues, formatValue, idFirst, isInt32Number, isNumeric, isPlainObject, toNumber, typeName, valuesEqual, type Doc } from './values';

export interface UpdateOptions {
  /** True when the update builds a new document for an upsert ($setOnInsert applies, _id may be set). */
  inserting?: boolean;
  arrayFilters?: Doc[];
  /** The query that selected the document, needed by the positional `$` operator. */
  query?: Doc;
  /** `let` variables of the command (and `c` of the statement), for pipeline updates. */
  scope?: QueryScope;
}

const OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$setOnInsert', '$currentDate',
  '$push', '$addToSet', '$pop', '$pull', '$pullAll', '$bit',
]);

export function isOperatorUpdate(update: Doc): boolean {
  const keys = Object.keys(update);
  return keys.length > 0 && keys[0]!.startsWith('$');
}

/** Validates the shape of an update before any document is touched (so an empty match still reports bad input). */
export function validateUpdate(update: unknown): void {
  if (Array.isArray(update)) return;
  if (!isPlainObject(update)) fail('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(update);
  const ops = keys.filter((k) => k.startsWith('$'));
  // A replacement document is stored as it is: top-level dotted names included, as MongoDB 5.0 and later do.
  if (ops.length === 0) return;
  if (ops.length !== keys.length) fail('FailedToParse', 'Unknown modifier: a replacement document cannot mix operators and fields');
  for (const op of ops) {
    if (!OPERATORS.has(op)) fail('FailedToParse', `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
    const arg = update[op];
    if (!isPlainObject(arg)) fail('FailedToParse', `Modifiers operate on fields but we found type ${typeName(arg)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(arg)}}`);
    // An empty operand (`{ $set: {} }`) is a no-op, as in MongoDB 5.0 and later.
  }
  const paths: string[] = [];
  for (const op of ops) {
    const arg = update[op] as Doc;
    for (const p of Object.keys(arg)) {
      paths.push(p);
      if (op === '$rename') paths.push(String(arg[p]));
    }
  }
  const sorted = paths.map((p) => p.split('.').filter((s) => !s.startsWith('$')).join('.')).sort();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a === b || b.startsWith(`${a}.`)) fail('ConflictingUpdateOperators', `Updating the path '${b}' would create a conflict at '${a}'`);
  }
}

/** Returns the updated copy of `doc`; `doc` itself is never modified. */
export function applyUpdate(doc: Doc, update: Doc | Doc[], opts: UpdateOptions = {}): Doc {
  validateUpdate(update);
  let out: Doc;
  if (Array.isArray(update)) {
    out = runPipeline([cloneValue(doc)], update, undefined, opts.scope)[0] ?? {};
  } else if (!isOperatorUpdate(update)) {
    out = { ...(doc._id !== undefined ? { _id: doc._id } : {}), ...cloneValue(update) };
  } else {
    out = cloneValue(doc);
    for (const op of Object.keys(update)) {
      if (op === '$setOnInsert' && !opts.inserting) continue;
      const arg = update[op] as Doc;
      for (const path of Object.keys(arg)) applyOperator(out, doc, op, path, arg[path], opts);
    }
  }
  if (!opts.inserting && doc._id !== undefined) {
    if (!('_id' in out)) out = { _id: doc._id, ...out };
    else if (encodeKey(out._id) !== encodeKey(doc._id)) {
      fail('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
  }
  return idFirst(out);
}

/** Seeds an upsert's new document from the equality conditions of its filter. */
export function seedFromFilter(filter: Doc | undefined): Doc {
  const out: Doc = {};
  const visit = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      let value: unknown = v;
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        if (keys.length > 0 && keys[0]!.startsWith('$')) {
          if (keys.length === 1 && keys[0] === '$eq') value = v.$eq;
          else continue;
        }
      }
      if (value instanceof RegExp) continue;
      setPath(out, k.split('.'), cloneValue(value), out);
    }
  };
  if (filter) visit(filter);
  return out;
}


function applyOperator(doc: Doc, original: Doc, op: string, rawPath: string, arg: unknown, opts: UpdateOptions): void {
  if (rawPath === '' || rawPath.split('.').some((s) => s === '')) fail('BadValue', `An empty update path is not valid.`);
  const paths = expandPath(doc, original, rawPath.split('.'), opts);
  for (const segs of paths) applyAt(doc, op, segs, arg, opts);
}

function applyAt(doc: Doc, op: string, segs: string[], arg: unknown, opts: UpdateOptions): void {
  const path = segs.join('.');
  switch (op) {
    case '$set':
    case '$setOnInsert':
      setPath(doc, segs, cloneValue(arg), doc);
      return;
    case '$unset': {
      const slot = parentFor(doc, segs, false, doc);
      if (!slot) return;
      if (Array.isArray(slot.parent)) {
        if (Number(slot.key) < slot.parent.length) slot.parent[Number(slot.key)] = null;
      } else deleteField(slot.parent, slot.key);
      return;
    }
    case '$inc':
    case '$mul': {
      if (!isNumeric(arg)) {
        fail('TypeMismatch', `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(arg)}}`);
      }
      const slot = parentFor(doc, segs, true, doc)!;
      const current = readSlot(slot.parent, slot.key);
      if (current === undefined) {
        writeSlot(slot.parent, slot.key, op === '$inc' ? arg : arithmetic(0, arg, '$mul'));
        return;
      }
      if (!isNumeric(current)) {
        fail('TypeMismatch', `Cannot apply ${op} to a value of non-numeric type. ${idOf(opts.query ? doc : doc)} has the field '${segs[segs.length - 1]!}' of non-numeric type ${typeName(current)}`);
      }
      writeSlot(slot.parent, slot.key, arithmetic(current, arg, op));
      return;
    }
    case '$min':
    case '$max': {
      const slot = parentFor(doc, segs, true, doc)!;
      const current = readSlot(slot.parent, slot.key);
      const c = compareValues(arg, current);
      if (current === undefined || (op === '$min' ? c < 0 : c > 0)) writeSlot(slot.parent, slot.key, cloneValue(arg));
      return;
    }
    case '$rename': {
      if (typeof arg !== 'string' || arg === '') fail('BadValue', `The 'to' field for $rename must be a string: ${path}: ${formatValue(arg)}`);
      if (arg === path) fail('BadValue', `The source and target field for $rename must differ: ${path}: ${formatValue(arg)}`);
      const slot = parentFor(doc, segs, false, doc);
      if (!slot || Array.isArray(slot.parent)) return;
      if (!hasField(slot.parent, slot.key)) return;
      const value = slot.parent[slot.key];
      deleteField(slot.parent, slot.key);
      setPath(doc, arg.split('.'), value, doc);
      return;
    }
    case '$currentDate': {
      const wantsTimestamp = isPlainObject(arg) && arg.$type === 'timestamp';
      if (!(arg === true || (isPlainObject(arg) && (arg.$type === 'date' || wantsTimestamp)))) {
        fail('BadValue', `${formatValue(arg)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`);
      }
      const now = new Date();
      const value = wantsTimestamp ? new Timestamp({ t: Math.floor(now.getTime() / 1000), i: 1 }) : now;
      setPath(doc, segs, value, doc);
      return;
    }
    case '$push':
    case '$addToSet': {
      const slot = parentFor(doc, segs, true, doc)!;
      let current = readSlot(slot.parent, slot.key);
      if (current === undefined) {
        current = [];
        writeSlot(slot.parent, slot.key, current);
      }
      if (!Array.isArray(current)) {
        fail('BadValue', `The field '${path}' must be an array but is of type ${typeName(current)} in document ${idOf(doc)}`);
      }
      const hasEach = isPlainObject(arg) && '$each' in arg;
      const items = hasEach ? (arg as Doc).$each : [arg];
      if (!Array.isArray(items)) fail('BadValue', `The argument to $each in ${op} must be an array but it was of type: ${typeName(items)}`);
      if (op === '$addToSet') {
        for (const item of items) if (!current.some((el) => valuesEqual(el, item))) current.push(cloneValue(item));
        return;
      }
      pushWithModifiers(current, items, hasEach ? (arg as Doc) : {});
      return;
    }
    case '$pop': {
      const slot = parentFor(doc, segs, false, doc);
      if (!slot) return;
      const current = readSlot(slot.parent, slot.key);
      if (current === undefined) return;
      if (!Array.isArray(current)) fail('TypeMismatch', `Path '${path}' contains an element of non-array type '${typeName(current)}'`);
      if (toNumber(arg) === -1) current.shift();
      else if (toNumber(arg) === 1) current.pop();
      else fail('FailedToParse', `$pop expects 1 or -1, found: ${formatValue(arg)}`);
      return;
    }
    case '$pull':
    case '$pullAll': {
      const slot = parentFor(doc, segs, false, doc);
      if (!slot) return;
      const current = readSlot(slot.parent, slot.key);
      if (current === undefined) return;
      if (!Array.isArray(current)) fail('BadValue', 'Cannot apply $pull to a non-array value');
      let remove: (el: unknown) => boolean;
      if (op === '$pullAll') {
        if (!Array.isArray(arg)) fail('BadValue', `$pullAll requires an array argument but was given a ${typeName(arg)}`);
        remove = (el) => arg.some((v) => valuesEqual(el, v));
      } else remove = pullPredicate(arg);
      const kept = current.filter((el) => !remove(el));
      writeSlot(slot.parent, slot.key, kept);
      return;
    }
    case '$bit': {
      if (!isPlainObject(arg)) fail('BadValue', '$bit needs an object argument');
      const slot = parentFor(doc, segs, true, doc)!;
      let value = readSlot(slot.parent, slot.key) ?? 0;
      if (typeof value !== 'bigint' && !(typeof value === 'number' && isInt32Number(value))) fail('BadValue', `Cannot apply $bit to a value of non-integral type.${idOf(doc)} has the field ${path} of non-integer type ${typeName(value)}`);
      for (const [k, v] of Object.entries(arg)) {
        const a = BigInt(value as number | bigint);
        const b = BigInt(typeof v === 'bigint' ? v : Math.trunc(toNumber(v)));
        const r = k === 'and' ? a & b : k === 'or' ? a | b : k === 'xor' ? a ^ b : fail('BadValue', `The $bit modifier only supports 'and', 'or', and 'xor', not '${k}'`);
        value = typeof value === 'bigint' ? r : Number(BigInt.asIntN(32, r));
      }
      writeSlot(slot.parent, slot.key, value);
      return;
    }
    default:
      fail('FailedToParse', `Unknown modifier: ${op}`);
  }
}
