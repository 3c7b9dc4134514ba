import { isContentNode, storyMentionNames, type MentionNames, type StoryCharacter, type StoryNode, type StoryPlayer } from 'shared-kit';
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
export const selectNodes = (s: EditorState) => s.content.nodes;
export const selectErrors = (s: EditorState) => s.errors;

/** The ids only: lists re-render when items come and go, not when one item's text changes. */
export const selectCharacterIds = (s: EditorState): string => s.content.characters.map((c) => c.character_id).join(' ');

/*
 * Every character card runs its selector on every store change: one index per characters array, shared by all
 * cards, keeps it to one lookup each instead of a linear search.
 */
const characterIndex = new WeakMap<readonly StoryCharacter[], Map<string, StoryCharacter>>();

function indexOf<T>(cache: WeakMap<readonly T[], Map<string, T>>, list: readonly T[], id: (t: T) => string): Map<string, T> {
  let map = cache.get(list);
  if (!map) {
    map = new Map(list.map((t) => [id(t), t]));
    cache.set(list, map);
  }
  return map;
}

export const selectCharacter = (id: string) => (s: EditorState) =>
  indexOf(characterIndex, s.content.characters, (c) => c.character_id).get(id);

/** The same for chapter cards: each card selects its own node, so a keystroke re-renders the one card typed in. */
const nodeIndex = new WeakMap<readonly StoryNode[], Map<string, StoryNode>>();

export const selectNode = (id: string) => (s: EditorState) => indexOf(nodeIndex, s.content.nodes, (n) => n.node_id).get(id);

/**
 * The ids of the chapters the Chapters section lists (in a branching story, its scenes), as one string: the list
 * re-renders when chapters come, go or move, not when one chapter's text changes.
 */
export const selectChapterIds = (s: EditorState): string => {
  const nodes = s.content.nodes;
  let key = '';
  for (const n of nodes) if (isContentNode(n)) key += key === '' ? n.node_id : ` ${n.node_id}`;
  return key;
};

export const selectNodeCount = (s: EditorState): number => s.content.nodes.length;

/** Summary is shown and validated only with more than one chapter (spec section 5). */
export const selectShowSummary = (s: EditorState): boolean => s.content.nodes.length > 1;

/**
 * Display names for mentions, as one string key so a component re-renders only when a name changes (not on every
 * keystroke elsewhere). Parse it with `namesFromKey`.
 */
export const selectNamesKey = (s: EditorState): string => {
  // Names depend only on the characters and the player: typing in a chapter reuses the last key.
  const { characters, player } = s.content;
  if (namesCache && namesCache.characters === characters && namesCache.player === player) return namesCache.key;
  const key = JSON.stringify(storyMentionNames({ characters, player }));
  namesCache = { characters, player, key };
  return key;
};
let namesCache: { characters: readonly StoryCharacter[]; player: StoryPlayer; key: string } | null = null;

export function namesFromKey(key: string): MentionNames {
  return JSON.parse(key) as MentionNames;
}

/** The characters the mention menu and the prologue speaker list offer, as one stable string. */
export const selectCharacterOptions = (s: EditorState): string =>
  JSON.stringify(s.content.characters.map((c) => [c.character_id, c.character_name]));
