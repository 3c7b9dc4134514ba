import type { StoryContent, StoryIssue } from 'shared-kit';

/*
 * Field keys: where an error lives and which element shows it. The shared rules report index paths
 * (`nodes.3.content`); the editor keys errors by item id (`nodes.<node_id>.content`) so they stay on the right
 * chapter when chapters are added or removed before it.
 */

export function fieldKey(path: string, story: Pick<StoryContent, 'characters' | 'nodes'>): string {
  const [head, index, ...rest] = path.split('.');
  if ((head === 'characters' || head === 'nodes') && index !== undefined && /^\d+$/.test(index)) {
    const list = head === 'characters' ? story.characters.map((c) => c.character_id) : story.nodes.map((n) => n.node_id);
    const id = list[Number(index)];
    if (id !== undefined) return [head, id, ...rest].join('.');
  }
  return path;
}

export const characterKey = (id: string, field: string): string => `characters.${id}.${field}`;
export const nodeKey = (id: string, field: string): string => `nodes.${id}.${field}`;

/** The DOM id of the control that edits the field (used for scrolling to it and for aria-describedby). */
export function fieldDomId(key: string): string {
  return `fld-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function errorDomId(key: string): string {
  return `${fieldDomId(key)}-error`;
}

export type FieldErrors = Record<string, StoryIssue>;

/** Issues keyed by field, the first one per field kept; the order of keys is the scroll order. */
export function keyIssues(issues: StoryIssue[], story: Pick<StoryContent, 'characters' | 'nodes'>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path, story);
    if (!(key in out)) out[key] = issue;
  }
  return out;
}

/** `errors` without those of the given fields (the same object when none of them has one). */
export function without(errors: FieldErrors, keys: string[]): FieldErrors {
  if (!keys.some((k) => k in errors)) return errors;
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}

/** Issues of a collection item are dropped with it; index-free keys make the rest stay put. */
export function withoutPrefix(errors: FieldErrors, prefix: string): FieldErrors {
  const keys = Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
  return without(errors, keys);
}
