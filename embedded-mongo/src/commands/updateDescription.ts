import { cloneValue, identicalValues, isPlainObject, type Doc } from '../query/values';

/** A path component: a field name, or an array index. */
type Part = string | number;

/**
 * The fields an update set and removed, by dotted path through embedded documents and array elements, and the arrays
 * it shortened, as MongoDB describes a pipeline update or `$set` of `a.1`/`$push` (a `$set` of a whole array is
 * described element by element here, where MongoDB reports the whole array). With `disambiguate` (a stream with
 * `showExpandedEvents`), `disambiguatedPaths` lists, for each path with a numeric field name or a field name
 * holding a dot, its components (array indices as integers), as MongoDB 6.1 and later.
 */
export function updateDescription(before: Doc, after: Doc, disambiguate = false): Doc {
  const updatedFields: Doc = {};
  const removedFields: string[] = [];
  const truncatedArrays: Doc[] = [];
  const disambiguatedPaths: Doc = {};
  const note = (parts: Part[]): string => {
    const path = parts.join('.');
    if (disambiguate && parts.some((p) => typeof p === 'string' && (/^\d+$/.test(p) || p.includes('.')))) {
      disambiguatedPaths[path] = [...parts];
    }
    return path;
  };
  const value = (parts: Part[], b: unknown, a: unknown): void => {
    if (isPlainObject(a) && isPlainObject(b)) object(b, a, parts);
    else if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < a.length; i++) {
        if (i >= b.length) updatedFields[note([...parts, i])] = cloneValue(a[i]);
        else value([...parts, i], b[i], a[i]);
      }
      if (a.length < b.length) truncatedArrays.push({ field: parts.join('.'), newSize: a.length });
    } else if (!identicalValues(a, b)) updatedFields[note(parts)] = cloneValue(a);
  };
  const object = (b: Doc, a: Doc, parts: Part[]): void => {
    for (const k of Object.keys(a)) {
      if (!Object.hasOwn(b, k)) updatedFields[note([...parts, k])] = cloneValue(a[k]);
      else value([...parts, k], b[k], a[k]);
    }
    for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) removedFields.push(note([...parts, k]));
  };
  object(before, after, []);
  return { updatedFields, removedFields, truncatedArrays, ...(disambiguate ? { disambiguatedPaths } : {}) };
}
