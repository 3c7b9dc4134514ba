import { Aggregator } from 'mingo/aggregator';
import { fail } from '../errors';
import type { Collation } from './collation';
import { MINGO_CONTEXT } from './operators';
import { unescapeNames } from './mingoNames';
import { formatValue, isPlainObject, type Doc } from './values';
import { numericView } from './views';

/** What a command gives its queries besides the filter: `let` variables (`$$name`) and a collation. */
export interface QueryScope {
  variables?: Doc;
  collation?: Collation;
}

/** MongoDB's rule for user variable names: a lowercase or non-ASCII letter first, then letters, digits and `_`. */
const NAME = /^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/;

function isExpression(v: unknown): boolean {
  if (typeof v === 'string') return v.startsWith('$');
  if (Array.isArray(v)) return v.some(isExpression);
  if (isPlainObject(v)) return Object.keys(v).some((k) => k.startsWith('$') || isExpression(v[k]));
  return false;
}

/**
 * The variables of a command's `let` (and an update statement's `c`): each value is an expression, evaluated
 * once with no document (`{ $add: [1, 2] }` gives 3; constants stay as they are, with their BSON types).
 */
export function letVariables(...sources: unknown[]): Doc | undefined {
  let out: Doc | undefined;
  for (const raw of sources) {
    if (raw === undefined || raw === null) continue;
    if (!isPlainObject(raw)) fail('TypeMismatch', `BSON field 'let' is the wrong type '${typeof raw}', expected type 'object'`);
    for (const [name, value] of Object.entries(raw)) {
      if (!NAME.test(name)) fail('FailedToParse', `'${name}' starts with an invalid character for a user variable name`);
      out ??= Object.create(null) as Doc;
      if (!isExpression(value)) {
        out[name] = value;
        continue;
      }
      const [result] = new Aggregator([{ $project: { _id: 0, v: numericView(value) } }], { context: MINGO_CONTEXT, variables: numericView(out) as Doc }).run([{}]) as Doc[];
      if (result === undefined) fail('BadValue', `cannot evaluate let variable ${name}: ${formatValue(value)}`);
      out[name] = unescapeNames(result.v) ?? null;
    }
  }
  return out;
}
