import { isNumeric, isPlainObject, type Doc } from './values';
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
