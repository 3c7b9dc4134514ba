import { field, hasField } from './fields';
import { isPlainObject, type Doc } from './values';

/** Resolves a dotted path without descending into arrays implicitly (used for key extraction with array fan-out). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) return undefined;
      cur = cur[Number(part)];
    } else if (isPlainObject(cur)) {
      cur = field(cur, part);
    } else {
      return undefined;
    }
  }
  return cur;
}

/**
 * All values reached by a dotted path, descending through arrays like MongoDB's multikey indexes do:
 * `a.b` on `{a: [{b: 1}, {b: 2}]}` gives [1, 2]. Arrays at the leaf are expanded into their elements.
 * Returns [undefined] when nothing is found.
 */
export function getPathValues(doc: unknown, path: string): unknown[] {
  if (!path.includes('.') && isPlainObject(doc)) {
    // A top-level field, the common case: no walk.
    const v = field(doc, path);
    if (!Array.isArray(v)) return [v];
    return v.length === 0 ? [undefined] : [...v];
  }
  const out: unknown[] = [];
  const walk = (cur: unknown, parts: string[], i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(cur)) {
        if (cur.length === 0) out.push(undefined);
        else out.push(...cur);
      } else out.push(cur);
      return;
    }
    const part = parts[i]!;
    if (Array.isArray(cur)) {
      if (/^\d+$/.test(part)) {
        walk(cur[Number(part)], parts, i + 1);
        return;
      }
      for (const el of cur) if (isPlainObject(el)) walk(field(el, part), parts, i + 1);
      return;
    }
    if (isPlainObject(cur)) {
      walk(field(cur, part), parts, i + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, path.split('.'), 0);
  return out.length ? out : [undefined];
}

export function hasPath(doc: Doc, path: string): boolean {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (isPlainObject(cur) && hasField(cur, part)) cur = cur[part];
    else if (Array.isArray(cur) && /^\d+$/.test(part) && Number(part) < cur.length) cur = cur[Number(part)];
    else return false;
  }
  return true;
}
