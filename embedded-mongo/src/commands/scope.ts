import { parseCollation } from '../query/collation';
import { letVariables, type QueryScope } from '../query/scope';
import type { Collection } from '../storage/collection';

/**
 * The scope of a command's queries: its collation (the collection's default collation when the command names
 * none) and its `let` variables (with an update statement's `c` constants after them).
 */
export function queryScope(collation: unknown, coll: Collection | undefined, ...lets: unknown[]): QueryScope {
  const scope: QueryScope = {};
  const c = parseCollation(collation !== undefined ? collation : coll?.options.collation);
  if (c) scope.collation = c;
  const variables = letVariables(...lets);
  if (variables) scope.variables = variables;
  return scope;
}
