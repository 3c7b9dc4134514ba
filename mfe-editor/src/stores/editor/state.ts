import type { StoreApi } from 'zustand';
import { StoryStatus, type Lorebook, type StoryCharacter, type StoryContent, type StoryGenType, type StoryIssue, type StoryNode } from 'shared-kit';
import type { StoryPermission } from '../../api/types';
import { emptyStory } from './content';
import type { FieldErrors } from './fields';
import type { DraftKind, LocalDraft } from './localDraft';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type SaveMode = 'draft' | 'publish';

/** The failed-validation modal: titled by the kind of the first error (spec section 5). */
export interface ValidationFailure {
  title: string;
  issues: StoryIssue[];
  /** What the creator was doing: the modal says "before publishing" or "before saving". */
  mode: SaveMode;
}

export type SaveOutcome =
  | { ok: true; storyId: string; created: boolean }
  | { ok: false; reason: 'invalid' | 'stale' | 'error' | 'busy' };

/** What the status line says of the working copy (spec: automatic saves are `user_manual_save: false`). */
export interface AutosaveStatus {
  state: 'idle' | 'saving' | 'saved' | 'unsaved';
  /** Why the last automatic save did not happen, in the creator's words. */
  reason: string | null;
  /** When the working copy was last saved to the server. */
  at: number | null;
}

export interface SaveOptions {
  /** false for an automatic save: no validation modal, no toast, never a publish. */
  manual?: boolean;
}

/** The story being edited, where it came from and what the editor shows of it. */
export interface EditorFields {
  /** null for a story never saved. */
  storyId: string | null;
  versionId: string | null;
  status: number;
  content: StoryContent;
  permission: StoryPermission;
  dirty: boolean;
  /**
   * Bumped when the content is replaced from outside the fields (load, reset, a chapter merge): uncontrolled
   * fields remount with the new text. Typing never bumps it, so typing re-renders only its own field.
   */
  rev: number;
  /** Counts edits, so a save that finishes after further typing leaves the editor dirty. */
  edits: number;
  errors: FieldErrors;
  load: { status: LoadStatus; error: string | null };
  saving: SaveMode | null;
  failure: ValidationFailure | null;
  /** The last save was refused because the story changed elsewhere. */
  stale: boolean;
  /** Set after a failed validation; the page scrolls to it and focuses it, then clears it. */
  focusRequest: { key: string; seq: number } | null;
  autosave: AutosaveStatus;
  /** Which local draft slot this editor uses (a new story's slot depends on its kind). */
  draftKind: DraftKind;
  /** A copy kept in this browser that differs from what was loaded: offered back to the creator. */
  restorable: LocalDraft | null;
}

/** Opening, leaving and keeping the story (session.ts). */
export interface SessionSlice {
  startNew: (genType?: StoryGenType) => void;
  loadStory: (storyId: string) => Promise<void>;
  /** Drops unsaved state (the leave guard's confirm). */
  reset: () => void;
  /**
   * A template's story skeleton, edited with these sections: the content only, never saved as a story nor kept in
   * the browser's draft slots (the template editor saves it as part of its template).
   */
  loadSkeleton: (content: StoryContent) => void;
  /** Leaves the skeleton: back to the initial state, the browser's story drafts untouched. */
  closeSkeleton: () => void;
  /** Shows issues found elsewhere (a template's rules on its skeleton) on their fields. */
  setIssues: (issues: StoryIssue[]) => void;
  /** Keeps the working copy in this browser while it has unsaved changes; false when the browser refused it. */
  keepLocal: () => boolean;
  restoreLocal: () => void;
  discardLocal: () => void;
}

/** The creator's edits to the story, its characters and its permissions (storyFields.ts, characters.ts). */
export interface EditSlice {
  setStoryField: <K extends 'story_name' | 'introduction' | 'summary' | 'logo' | 'loading_background'>(
    field: K,
    value: string,
  ) => void;
  setSettingVisible: (visible: boolean) => void;
  setImageStyle: (code: string) => void;
  setNarratorVoice: (dubbing: StoryContent['voice_over_dubbing']) => void;
  setPlayer: (field: 'character_name' | 'settings', value: string) => void;
  setPrologue: (field: 'character_id' | 'content', value: string) => void;
  setPermission: (patch: Partial<StoryPermission>) => void;

  addCharacter: () => string;
  /**
   * Takes in an imported character card for the creator to review and save as usual: a bot becomes the card's
   * character (with its opening line, introduction and lorebook); a story gains the character, and the card's
   * lorebook entries join the story's.
   */
  applyCard: (bot: StoryContent) => void;
  /**
   * A whole story read from a CHARX, in the story editor: its characters are added (an untouched empty character of
   * this story gives way; an id already taken gets a new one, mentions following), the story's empty texts, player,
   * voice-over and cover are filled from it, and its lorebook joins this story's.
   */
  applyStory: (imported: StoryContent) => void;
  updateCharacter: (id: string, patch: Partial<Omit<StoryCharacter, 'character_id'>>) => void;
  /** Replaces the story's lorebook (the lorebook section's edits; undefined: none), clearing the touched fields' errors. */
  setLorebook: (lorebook: Lorebook | undefined, touched?: string[]) => void;
  removeCharacter: (id: string) => void;
}

/** The chapters (chapters.ts). */
export interface ChapterSlice {
  /** Adds an empty chapter before the given one, or at the end. Returns its id, or null at the maximum. */
  addNode: (beforeId?: string) => string | null;
  updateNode: (id: string, patch: Partial<Omit<StoryNode, 'node_id'>>) => void;
  /** Removes a chapter with the merge rule of spec section 4; false when the merge would overflow. */
  removeNode: (id: string) => boolean;
}

/** Saving, and the failed-validation dialog (save.ts). */
export interface SaveSlice {
  save: (mode: SaveMode, options?: SaveOptions) => Promise<SaveOutcome>;
  dismissFailure: () => void;
  /** Closes the failed-validation modal and takes the creator to the field of one of its problems. */
  goToIssue: (path: string) => void;
  clearFocusRequest: () => void;
}

export type EditorState = EditorFields & SessionSlice & EditSlice & ChapterSlice & SaveSlice;

export type SetEditor = StoreApi<EditorState>['setState'];
export type GetEditor = StoreApi<EditorState>['getState'];

export const DEFAULT_PERMISSION: StoryPermission = { character_use: true, thread_share: true };

/** Every field but `rev` as a freshly opened editor has it. */
export function editorInitial() {
  return {
    storyId: null,
    versionId: null,
    status: StoryStatus.Draft as number,
    content: emptyStory(),
    permission: DEFAULT_PERMISSION,
    dirty: false,
    edits: 0,
    errors: {},
    load: { status: 'idle' as LoadStatus, error: null },
    saving: null,
    failure: null,
    stale: false,
    focusRequest: null,
    autosave: { state: 'idle', reason: null, at: null } as AutosaveStatus,
    draftKind: 'story' as DraftKind,
    restorable: null as LocalDraft | null,
  };
}
