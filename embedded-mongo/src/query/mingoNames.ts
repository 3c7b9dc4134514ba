import { INHERITED_NAMES, setField } from './fields';
import { isPlainObject, type Doc } from './values';

/**
 * mingo reads and writes fields as JavaScript properties: it refuses `__proto__` in a path, and `constructor`,
 * `toString` and the like would reach Object.prototype's members. So what mingo evaluates carries those names
 * escaped: a NUL in front (a BSON field name cannot hold one, so no real name is taken), in the field names of the
 * documents and specifications (see ./views.ts, numericView), in the field paths of expressions (`'$constructor.a'`)
 * and stage arguments (`$lookup`'s `localField`, `$unset`, `$count`, ...), and it is taken off mingo's results.
 */
const MARK = '\u0000';

function escapeName(name: string): string {
  return INHERITED_NAMES.has(name) ? MARK + name : name;
}

/** True when a field name (or a dotted path) has a part that must be escaped. */
export function needsEscape(path: string): boolean {
  if (INHERITED_NAMES.has(path)) return true;
  return path.includes('.') && path.split('.').some((p) => INHERITED_NAMES.has(p));
}

/** A field name or dotted path with its inherited names escaped. */
export function escapePath(path: string): string {
  if (!needsEscape(path)) return path;
  return path.split('.').map(escapeName).join('.');
}

/** A path as stored, from its escaped form. */
export function unescapePath(path: string): string {
  return path.includes(MARK) ? path.split(MARK).join('') : path;
}

/** `'$a.b'` or `'$$ROOT.a.b'` with the field names escaped (the variable name is left as it is). */
function escapeReference(ref: string): string {
  if (!ref.startsWith('$')) return ref;
  if (!ref.startsWith('$$')) return `$${escapePath(ref.slice(1))}`;
  const dot = ref.indexOf('.');
  return dot < 0 ? ref : ref.slice(0, dot + 1) + escapePath(ref.slice(dot + 1));
}

type Context = 'filter' | 'expression' | 'literal';

/** Expression operators that name a field by a plain string (`{ $getField: 'constructor' }`, `{ field: ... }`). */
const FIELD_OPERATORS = new Set(['$getField', '$setField', '$unsetField']);

function fieldOperand(arg: unknown): unknown {
  if (typeof arg === 'string') return escapeName(arg);
  if (!isPlainObject(arg)) return arg;
  const out: Doc = {};
  for (const k of Object.keys(arg)) setField(out, k, k === 'field' && typeof arg[k] === 'string' ? escapeName(arg[k]) : walk(arg[k], 'expression'));
  return out;
}

function walk(v: unknown, ctx: Context): unknown {
  if (typeof v === 'string') return ctx === 'expression' ? escapeReference(v) : v;
  if (Array.isArray(v)) return v.map((x: unknown) => walk(x, ctx));
  if (!isPlainObject(v) || ctx === 'literal') return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    const inner: Context = k === '$literal' ? 'literal' : k === '$expr' ? 'expression' : k === '$elemMatch' ? 'filter' : ctx;
    setField(out, k, FIELD_OPERATORS.has(k) && ctx === 'expression' ? fieldOperand(v[k]) : walk(v[k], inner));
  }
  return out;
}

function plainPath(v: unknown): unknown {
  return typeof v === 'string' ? escapePath(v) : v;
}

/** One pipeline stage (already a numeric view: its field names are escaped) with its field paths escaped. */
function escapeStage(stage: Doc): Doc {
  const name = Object.keys(stage)[0] ?? '';
  const arg = stage[name];
  const a = isPlainObject(arg) ? arg : undefined;
  switch (name) {
    case '$match':
      return { $match: walk(arg, 'filter') };
    case '$count':
      return { $count: plainPath(arg) };
    case '$unset':
      return { $unset: Array.isArray(arg) ? arg.map(plainPath) : plainPath(arg) };
    case '$unwind':
      return { $unwind: a ? { ...a, path: walk(a.path, 'expression'), includeArrayIndex: plainPath(a.includeArrayIndex) } : walk(arg, 'expression') };
    case '$lookup':
      if (!a) break;
      return {
        $lookup: {
          ...a,
          localField: plainPath(a.localField),
          foreignField: plainPath(a.foreignField),
          as: plainPath(a.as),
          ...(a.let !== undefined ? { let: walk(a.let, 'expression') } : {}),
          ...(Array.isArray(a.pipeline) ? { pipeline: escapeStages(a.pipeline as Doc[]) } : {}),
        },
      };
    case '$graphLookup':
      if (!a) break;
      return {
        $graphLookup: {
          ...a,
          startWith: walk(a.startWith, 'expression'),
          connectFromField: plainPath(a.connectFromField),
          connectToField: plainPath(a.connectToField),
          as: plainPath(a.as),
          depthField: plainPath(a.depthField),
          ...(a.restrictSearchWithMatch !== undefined ? { restrictSearchWithMatch: walk(a.restrictSearchWithMatch, 'filter') } : {}),
        },
      };
    case '$facet':
      if (!a) break;
      return { $facet: Object.fromEntries(Object.entries(a).map(([k, p]) => [k, Array.isArray(p) ? escapeStages(p as Doc[]) : p])) };
    case '$unionWith':
      return { $unionWith: a && Array.isArray(a.pipeline) ? { ...a, pipeline: escapeStages(a.pipeline as Doc[]) } : arg };
    default:
      break;
  }
  return { [name]: walk(arg, 'expression') };
}

function escapeStages(stages: Doc[]): Doc[] {
  return stages.map((s) => (isPlainObject(s) ? escapeStage(s) : s));
}

/** For mingo: a filter's expressions (`$expr`) with their field paths escaped. */
export const escapeFilter = (filter: Doc): Doc => walk(filter, 'filter') as Doc;
/** For mingo: a pipeline's field paths escaped. */
export const escapePipeline = (stages: Doc[]): Doc[] => escapeStages(stages);
/** For mingo: a projection's field paths (`{ x: '$a.b' }`) escaped. */
export const escapeProjection = (projection: Doc): Doc => walk(projection, 'expression') as Doc;

/** A result of mingo with the escaped field names put back as stored (copies only what changes). */
export function unescapeNames<T>(v: T): T {
  if (Array.isArray(v)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const r = unescapeNames(v[i] as unknown);
      if (r !== v[i]) (copy ??= [...v])[i] = r;
    }
    return (copy ?? v) as T;
  }
  if (!isPlainObject(v)) return v;
  const keys = Object.keys(v);
  let out: Doc | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const r = unescapeNames(v[k]);
    const name = unescapePath(k);
    if (!out && (r !== v[k] || name !== k)) {
      out = {};
      for (let j = 0; j < i; j++) setField(out, keys[j]!, v[keys[j]!]);
    }
    if (out) setField(out, name, r);
  }
  return (out ?? v) as T;
}
