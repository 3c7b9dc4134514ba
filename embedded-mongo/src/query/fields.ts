import type { Doc } from './values';

/**
 * Field names a plain object would answer from Object.prototype (`constructor`, `toString`, `__proto__`, ...),
 * plus `prototype`. In a document they are ordinary data: reads must see only the document's own fields, and a
 * write of `__proto__` must create a field instead of changing the object's prototype.
 */
export const INHERITED_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

const hasOwn = Object.prototype.hasOwnProperty;

/** The document's own field `key` (undefined when it has none, never an inherited member). */
export function field(obj: Doc, key: string): unknown {
  return INHERITED_NAMES.has(key) && !hasOwn.call(obj, key) ? undefined : obj[key];
}

export function hasField(obj: object, key: string): boolean {
  return hasOwn.call(obj, key);
}

/** Sets the document's own field `key`; `__proto__` becomes a field like any other. */
export function setField(obj: Doc, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** Removes the document's own field `key`, if it has one. */
export function deleteField(obj: Doc, key: string): boolean {
  if (!hasOwn.call(obj, key)) return false;
  delete obj[key];
  return true;
}
