export type LeaveDecision = 'allow' | 'quit' | 'mode-switch';

/** Editor kinds whose route takes an optional item id (spec §2). */
const KINDS = ['story', 'template', 'story-ai', 'bot'] as const;

/** A new item has no id: the segment is missing, `0` or `new` (spec §2). */
const NEW_ID = new Set(['', '0', 'new']);

const STORY_EDITOR = '/editor/story';
const BRAINSTORM_EDITOR = '/editor/story-ai';

function clean(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/{2,}/g, '/');
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** `{ kind, id }` for `/editor/<kind>[/<id>]`, null for any other path. */
function editorItem(pathname: string): { kind: string; id: string } | null {
  const match = /^\/editor\/([^/]+)(?:\/([^/]+))?$/.exec(pathname);
  if (!match) return null;
  const kind = match[1] ?? '';
  if (!(KINDS as readonly string[]).includes(kind)) return null;
  return { kind, id: match[2] ?? '' };
}

/**
 * What leaving `from` for `to` needs while the page has unsaved changes.
 * - Same path (only query or hash change): allowed.
 * - From a new item to the same kind with an id (`/editor/story/new` -> `/editor/story/123`): allowed, because
 *   that is the editor replacing its URL after the first save, not the user leaving.
 * - From the story editor to the brainstorm editor, or to any of the registration's `modeSwitchPaths`: a mode switch.
 * - Anything else: quitting.
 */
export function leaveDecision(
  from: string,
  to: string,
  modeSwitchPaths: readonly string[] = [],
): LeaveDecision {
  const source = clean(from);
  const target = clean(to);
  if (source === target) return 'allow';

  const a = editorItem(source);
  const b = editorItem(target);
  if (a && b && a.kind === b.kind && NEW_ID.has(a.id) && !NEW_ID.has(b.id)) return 'allow';

  if (isUnder(source, STORY_EDITOR) && isUnder(target, BRAINSTORM_EDITOR)) return 'mode-switch';
  if (modeSwitchPaths.some((p) => isUnder(target, clean(p)))) return 'mode-switch';
  return 'quit';
}
