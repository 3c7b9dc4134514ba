import { storyMentionNames, type MentionNames, type StoryIssue } from 'shared-kit';
import type { EditorState } from './store';

export const selectContent = (s: EditorState) => s.content;
export const selectDirty = (s: EditorState) => s.dirty;
export const selectRev = (s: EditorState) => s.rev;
export const selectLoad = (s: EditorState) => s.load;
export const selectSaving = (s: EditorState) => s.saving;
export const selectFailure = (s: EditorState) => s.failure;
export const selectStale = (s: EditorState) => s.stale;
export const selectStoryId = (s: EditorState) => s.storyId;
export const selectStatus = (s: EditorState) => s.status;
export const selectPermission = (s: EditorState) => s.permission;
export const selectFocusRequest = (s: EditorState) => s.focusRequest;

/** The ids only: lists re-render when items come and go, not when one item's text changes. */
export const selectNodeIds = (s: EditorState): string => s.content.nodes.map((n) => n.node_id).join(' ');
export const selectCharacterIds = (s: EditorState): string => s.content.characters.map((c) => c.character_id).join(' ');

export const selectNode = (id: string) => (s: EditorState) => s.content.nodes.find((n) => n.node_id === id);
export const selectCharacter = (id: string) => (s: EditorState) => s.content.characters.find((c) => c.character_id === id);
export const selectError =
  (key: string) =>
  (s: EditorState): StoryIssue | undefined =>
    s.errors[key];

/** Summary is shown and validated only with more than one chapter (spec section 5). */
export const selectShowSummary = (s: EditorState): boolean => s.content.nodes.length > 1;

/**
 * Display names for mentions, as one string key so a component re-renders only when a name changes (not on every
 * keystroke elsewhere). Parse it with `namesFromKey`.
 */
export const selectNamesKey = (s: EditorState): string =>
  JSON.stringify(storyMentionNames(s.content));

export function namesFromKey(key: string): MentionNames {
  return JSON.parse(key) as MentionNames;
}

/** The characters the mention menu and the prologue speaker list offer, as one stable string. */
export const selectCharacterOptions = (s: EditorState): string =>
  JSON.stringify(s.content.characters.map((c) => [c.character_id, c.character_name]));
