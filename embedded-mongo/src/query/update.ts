import { Decimal128, Int32, Long, Timestamp } from 'bson';
import { fail } from '../errors';
import { encodeKey } from '../storage/keys';
import { deleteField, field, hasField, setField } from './fields';
import { compileFilter } from './matcher';
import { matchedElement } from './positional';
import { runPipeline } from './pipeline';
import type { QueryScope } from './scope';
import { asDouble, compareValues, cloneValue, formatValue, idFirst, isInt32Number, isNumeric, isPlainObject, toNumber, typeName, valuesEqual, type Doc } from './values';

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
    if (Object.keys(arg).length === 0 && op !== '$setOnInsert') {
      fail('FailedToParse', `'${op}' is empty. You must specify a field like so: {${op}: {<field>: ...}}`);
    }
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

function idOf(doc: Doc): string {
  return `{_id: ${formatValue(doc._id)}}`;
}

/** Expands positional segments into concrete paths. */
function expandPath(doc: Doc, original: Doc, segs: string[], opts: UpdateOptions): string[][] {
  let paths: string[][] = [[]];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg === '$') {
      paths = paths.map((p) => [...p, String(positionalIndex(original, p, opts.query))]);
    } else if (seg === '$[]' || (seg.startsWith('$[') && seg.endsWith(']'))) {
      const ident = seg.slice(2, -1);
      const predicate = ident ? arrayFilterFor(ident, opts.arrayFilters) : undefined;
      const next: string[][] = [];
      for (const p of paths) {
        const arr = getAt(doc, p);
        if (!Array.isArray(arr)) {
          fail('BadValue', `The path '${p.join('.')}' must exist in the document in order to apply array updates.`);
        }
        arr.forEach((el, idx) => {
          if (!predicate || predicate(el)) next.push([...p, String(idx)]);
        });
      }
      paths = next;
    } else {
      paths = paths.map((p) => [...p, seg]);
    }
  }
  return paths;
}

function positionalIndex(doc: Doc, prefix: string[], query: Doc | undefined): number {
  return matchedElement(doc, prefix, query) ?? fail('BadValue', 'The positional operator did not find the match needed from the query.');
}

function arrayFilterFor(ident: string, filters: Doc[] | undefined): (el: unknown) => boolean {
  const relevant = (filters ?? []).filter((f) => Object.keys(f).some((k) => k === ident || k.startsWith(`${ident}.`) || k.startsWith('$')));
  const mine = relevant.find((f) => JSON.stringify(Object.keys(f)).includes(ident));
  if (!mine) fail('BadValue', `No array filter found for identifier '${ident}' in path`);
  const rewritten = rewriteIdent(mine, ident);
  const test = compileFilter(rewritten);
  return (el) => test({ v: el });
}

function rewriteIdent(filter: Doc, ident: string): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) {
      setField(out, k, v.map((sub) => (isPlainObject(sub) ? rewriteIdent(sub, ident) : sub)));
    } else if (k === ident) out.v = v;
    else if (k.startsWith(`${ident}.`)) out[`v${k.slice(ident.length)}`] = v;
    else setField(out, k, v);
  }
  return out;
}

function getAt(doc: unknown, segs: string[]): unknown {
  let cur = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(s) ? cur[Number(s)] : undefined;
    else if (isPlainObject(cur)) cur = field(cur, s);
    else return undefined;
  }
  return cur;
}

type Container = Doc | unknown[];

/** Walks to the parent of the last segment, creating objects on the way when `create`; enforces PathNotViable. */
function parentFor(doc: Doc, segs: string[], create: boolean, root: Doc): { parent: Container; key: string } | null {
  let cur: Container = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    let next: unknown;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) {
        fail('PathNotViable', `Cannot create field '${seg}' in element {${segs[i - 1] ?? ''}: ${formatValue(cur)}}`);
      }
      next = cur[Number(seg)];
      if (next === undefined || next === null) {
        if (!create) return null;
        next = {};
        while (cur.length < Number(seg)) cur.push(null);
        cur[Number(seg)] = next;
      }
    } else {
      next = field(cur, seg);
      if (next === undefined) {
        if (!create) return null;
        next = {};
        setField(cur, seg, next);
      }
    }
    if (!Array.isArray(next) && !isPlainObject(next)) {
      if (!create) return null;
      fail('PathNotViable', `Cannot create field '${segs[i + 1]!}' in element {${seg}: ${formatValue(next)}}`);
    }
    cur = next as Container;
  }
  void root;
  const key = segs[segs.length - 1]!;
  if (Array.isArray(cur) && !/^\d+$/.test(key)) {
    if (!create) return null;
    fail('PathNotViable', `Cannot create field '${key}' in element {${segs[segs.length - 2] ?? ''}: ${formatValue(cur)}}`);
  }
  return { parent: cur, key };
}

function readSlot(parent: Container, key: string): unknown {
  return Array.isArray(parent) ? parent[Number(key)] : field(parent, key);
}

function writeSlot(parent: Container, key: string, value: unknown): void {
  if (Array.isArray(parent)) {
    const idx = Number(key);
    while (parent.length < idx) parent.push(null);
    parent[idx] = value;
  } else setField(parent, key, value);
}

function setPath(doc: Doc, segs: string[], value: unknown, root: Doc): void {
  const slot = parentFor(doc, segs, true, root)!;
  writeSlot(slot.parent, slot.key, value);
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

function pushWithModifiers(current: unknown[], items: unknown[], mods: Doc): void {
  const copies = items.map((i) => cloneValue(i));
  if (mods.$position !== undefined) {
    let pos = Math.trunc(toNumber(mods.$position));
    if (pos < 0) pos = Math.max(0, current.length + pos);
    current.splice(Math.min(pos, current.length), 0, ...copies);
  } else current.push(...copies);
  if (mods.$sort !== undefined) {
    const spec = mods.$sort;
    if (isPlainObject(spec)) {
      const fields = Object.entries(spec);
      current.sort((a, b) => {
        for (const [f, dir] of fields) {
          const c = compareValues(getAt(a, f.split('.')), getAt(b, f.split('.')));
          if (c) return toNumber(dir) < 0 ? -c : c;
        }
        return 0;
      });
    } else {
      const dir = toNumber(spec) < 0 ? -1 : 1;
      current.sort((a, b) => dir * compareValues(a, b));
    }
  }
  if (mods.$slice !== undefined) {
    const n = Math.trunc(toNumber(mods.$slice));
    const kept = n >= 0 ? current.slice(0, n) : current.slice(Math.max(0, current.length + n));
    current.splice(0, current.length, ...kept);
  }
}

function pullPredicate(cond: unknown): (el: unknown) => boolean {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    const operatorCond = keys.length > 0 && keys.every((k) => k.startsWith('$')) && !keys.includes('$and') && !keys.includes('$or');
    if (operatorCond) {
      const test = compileFilter({ v: cond });
      return (el) => test({ v: el });
    }
    const test = compileFilter(cond);
    return (el) => (isPlainObject(el) ? test(el) : false);
  }
  return (el) => valuesEqual(el, cond);
}

type NumberKind = 'int' | 'long' | 'double' | 'decimal';

function numberKind(v: unknown): NumberKind {
  if (v instanceof Decimal128) return 'decimal';
  if (typeof v === 'bigint' || v instanceof Long) return 'long';
  if (typeof v === 'number' && isInt32Number(v)) return 'int';
  if (v instanceof Int32) return 'int';
  return 'double';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * `$inc`/`$mul` with MongoDB's numeric promotion: decimal wins, then double (a whole-number result stays a
 * Double), then long (a double when it overflows int64); int32 with int32 stays int32 and becomes long on overflow.
 */
function arithmetic(a: unknown, b: unknown, op: string): unknown {
  const mul = op === '$mul';
  const ka = numberKind(a);
  const kb = numberKind(b);
  if (ka === 'decimal' || kb === 'decimal') {
    const r = mul ? toNumber(a) * toNumber(b) : toNumber(a) + toNumber(b);
    return Decimal128.fromString(String(r));
  }
  if (ka === 'double' || kb === 'double') return asDouble(mul ? toNumber(a) * toNumber(b) : toNumber(a) + toNumber(b));
  const x = typeof a === 'bigint' ? a : a instanceof Long ? a.toBigInt() : BigInt(toNumber(a));
  const y = typeof b === 'bigint' ? b : b instanceof Long ? b.toBigInt() : BigInt(toNumber(b));
  const r = mul ? x * y : x + y;
  if (ka === 'long' || kb === 'long') return r < INT64_MIN || r > INT64_MAX ? asDouble(Number(r)) : r;
  return r >= -2147483648n && r <= 2147483647n ? Number(r) : r;
}
