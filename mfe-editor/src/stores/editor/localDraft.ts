import { STORAGE_PREFIX, storage, type StoryContent } from 'shared-kit';
import type { StoryPermission } from '../../api/types';

/**
 * The working copy kept in the browser while it has changes the server does not have yet: what was typed before the
 * first save, or since the last one, survives a reload, a crash or a lost connection, and is offered back when the
 * same story (or a new one of the same kind) is opened again.
 */
export interface LocalDraft {
  /** null for a story never saved. */
  story_id: string | null;
  /** The server version the changes were made on. */
  base_version_id: string | null;
  content: StoryContent;
  permission: StoryPermission;
  saved_at: number;
}

export type DraftKind = 'story' | 'bot';

const KEY_PREFIX = `${STORAGE_PREFIX}editor_draft:`;

/** `sv:editor_draft:<story id>`, or `sv:editor_draft:new:<kind>` for a story not saved yet. */
export function draftKey(storyId: string | null, kind: DraftKind): string {
  return storyId ? `${KEY_PREFIX}${storyId}` : `${KEY_PREFIX}new:${kind}`;
}

function isDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.saved_at === 'number' &&
    typeof v.content === 'object' &&
    v.content !== null &&
    Array.isArray((v.content as Record<string, unknown>).nodes) &&
    Array.isArray((v.content as Record<string, unknown>).characters) &&
    typeof v.permission === 'object' &&
    v.permission !== null
  );
}

export function readDraft(key: string): LocalDraft | null {
  const value = storage.getJSON(key);
  return isDraft(value) ? value : null;
}

/** Returns false when the browser would not keep it (storage full or disabled). */
export function writeDraft(key: string, draft: LocalDraft): boolean {
  return storage.setJSON(key, draft);
}

export function clearDraft(key: string): void {
  storage.remove(key);
}
