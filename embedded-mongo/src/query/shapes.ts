import { fail } from '../errors';
import { isNumeric, isPlainObject, toNumber, type Doc } from './values';
import type { StageShape } from './views';

/** Paths a stage fills with computed values; everything else passes through unchanged. */
function shapeFromComputed(computed: string[], root?: string): StageShape {
  return {
    computed: (path) => computed.some((c) => path === c || path.startsWith(`${c}.`)),
    root,
  };
}

/** Flattens `{ a: { b: 1 } }` into `a.b`, stopping at expression objects (whose first key is an operator). */
function entries(spec: Doc, prefix = ''): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(spec)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0 && !Object.keys(v)[0]!.startsWith('$')) out.push(...entries(v, path));
    else out.push([path, v]);
  }
  return out;
}

/**
 * For `$project` (and a find projection): inclusions, exclusions and `'$samePath'` pass a field through;
 * expressions, renames and operators such as `$slice`/`$elemMatch`/positional `a.$` compute it.
 */
export function projectionShape(spec: Doc, literalsInclude: boolean): StageShape {
  const computed: string[] = [];
  for (const [path, v] of entries(spec)) {
    const base = path.split('.$')[0]!;
    const passes = (literalsInclude && (isNumeric(v) || typeof v === 'boolean')) || v === `$${path}`;
    if (!passes || base !== path) computed.push(base);
  }
  return shapeFromComputed(computed);
}

/**
 * MongoDB's refusal of a projection that is both an inclusion and an exclusion (`_id` aside): the first field that
 * decides sets the kind, and a later field of the other kind is refused with MongoDB's code. A computed field (a
 * literal or an expression) makes an inclusion; `$meta`, and in a find `$slice` and `$elemMatch`, decide nothing.
 */
export function checkProjectionKind(spec: Doc, find: boolean): 'inclusion' | 'exclusion' | undefined {
  let kind: 'inclusion' | 'exclusion' | undefined;
  const walk = (obj: Doc, prefix: string): void => {
    for (const [k, v] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (isPlainObject(v) && Object.keys(v).length > 0) {
        const first = Object.keys(v)[0]!;
        if (!(Object.keys(v).length === 1 && first.startsWith('$'))) {
          walk(v, path);
          continue;
        }
        if (first === '$meta' || (find && (first === '$slice' || first === '$elemMatch'))) continue;
        if (kind === 'exclusion') fail('Location31252', 'Cannot use expression other than $meta in exclusion projection');
        kind = 'inclusion';
      } else if (typeof v === 'boolean' || isNumeric(v)) {
        if (path === '_id') continue;
        const next = (typeof v === 'boolean' ? v : toNumber(v) !== 0) ? 'inclusion' : 'exclusion';
        if (kind && kind !== next) {
          fail(next === 'inclusion' ? 'Location31253' : 'Location31254', `Cannot do ${next} on field ${path} in ${kind} projection`);
        }
        kind = next;
      } else if (!isPlainObject(v)) {
        if (kind === 'exclusion') fail('Location31310', `Cannot use an expression ${path}: ${JSON.stringify(v)} in an exclusion projection`);
        kind = 'inclusion';
      }
    }
  };
  walk(spec, '');
  return kind;
}

/**
 * The projection as mingo takes it: an exclusion keeps `_id` unless told otherwise, so `_id: 1` beside exclusions
 * (which MongoDB accepts) is left out rather than read as a mix.
 */
export function mingoProjection(spec: Doc, find: boolean): Doc {
  if (checkProjectionKind(spec, find) !== 'exclusion' || !('_id' in spec)) return spec;
  const id = spec._id;
  if (!(id === true || (isNumeric(id) && toNumber(id) !== 0))) return spec;
  const { _id: _kept, ...rest } = spec;
  return rest;
}

/**
 * How a one-document-in, one-document-out stage treats fields, or undefined for stages that regroup documents
 * (their output fields have no single source, so stored types are not restored after them).
 */
export function stageShape(name: string, arg: unknown): StageShape | null | undefined {
  switch (name) {
    case '$project':
      return isPlainObject(arg) ? projectionShape(arg, true) : null;
    case '$addFields':
    case '$set':
      return isPlainObject(arg) ? projectionShape(arg, false) : null;
    case '$unset':
      return shapeFromComputed([]);
    case '$lookup':
      return isPlainObject(arg) && typeof arg.as === 'string' ? shapeFromComputed([arg.as]) : null;
    case '$replaceRoot':
    case '$replaceWith': {
      const root = name === '$replaceRoot' && isPlainObject(arg) ? arg.newRoot : arg;
      return typeof root === 'string' && /^\$[^$]/.test(root) ? shapeFromComputed([], root.slice(1)) : null;
    }
    default:
      return undefined;
  }
}
