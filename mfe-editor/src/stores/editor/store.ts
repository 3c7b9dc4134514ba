import { create } from 'zustand';
import {
  CharacterType,
  displayLength,
  ErrorCode,
  isApiError,
  LIMITS,
  normalizeStory,
  PublishType,
  reviewIssues,
  STORY_ERROR_TITLES,
  StoryGenType,
  StoryStatus,
  storyMentionNames,
  validateStory,
  ValidationErrorType,
  VOICE_OVER_SPEAKER,
  type Lorebook,
  type StoryCharacter,
  type StoryContent,
  type StoryIssue,
  type StoryNode,
} from 'shared-kit';
import type { StoryPermission } from '../../api/types';
import { editorText, issueMessage } from '../../i18n';
import { errorText, isStaleSave, serverIssues } from '../../lib/errors';
import { shellToast as toast } from 'shared-kit';
import * as storyService from '../../services/story.service';
import { botPayload, contentOfDetail, emptyCharacter, emptyNode, emptyStory } from './content';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftKind, type LocalDraft } from './localDraft';
import { characterKey, fieldKey, keyIssues, nodeKey, type FieldErrors } from './fields';
import { orderIssues } from './issueOrder';

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

export interface EditorState {
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

  /** Adds an empty chapter before the given one, or at the end. Returns its id, or null at the maximum. */
  addNode: (beforeId?: string) => string | null;
  updateNode: (id: string, patch: Partial<Omit<StoryNode, 'node_id'>>) => void;
  /** Removes a chapter with the merge rule of spec section 4; false when the merge would overflow. */
  removeNode: (id: string) => boolean;

  save: (mode: SaveMode, options?: SaveOptions) => Promise<SaveOutcome>;
  /** Keeps the working copy in this browser while it has unsaved changes; false when the browser refused it. */
  keepLocal: () => boolean;
  restoreLocal: () => void;
  discardLocal: () => void;
  dismissFailure: () => void;
  /** Closes the failed-validation modal and takes the creator to the field of one of its problems. */
  goToIssue: (path: string) => void;
  clearFocusRequest: () => void;
}

/** A character nobody has written anything for (a new story's or one just added). */
function blankCharacter(c: StoryCharacter): boolean {
  return c.character_name.trim() === '' && c.settings.trim() === '' && c.style.trim() === '' && c.character_url === '';
}

/** `content` with character `from` called `to`: its id, the opening line's speaker and every mention of it. */
function renameCharacter(content: StoryContent, from: string, to: string): StoryContent {
  const renamed = JSON.parse(JSON.stringify(content).split(`@{character_${from}}`).join(`@{character_${to}}`)) as StoryContent;
  return {
    ...renamed,
    characters: renamed.characters.map((x) => (x.character_id === from ? { ...x, character_id: to } : x)),
    prologue: renamed.prologue.character_id === from ? { ...renamed.prologue, character_id: to } : renamed.prologue,
  };
}

const DEFAULT_PERMISSION: StoryPermission = { character_use: true, thread_share: true };

function initial() {
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

const sameContent = (a: LocalDraft, content: StoryContent, permission: StoryPermission): boolean =>
  JSON.stringify(a.content) === JSON.stringify(content) && JSON.stringify(a.permission) === JSON.stringify(permission);

/** The words the status line uses for an automatic save that did not happen. */
function autosaveReason(error: unknown): string {
  if (isApiError(error) && error.code === ErrorCode.StoryVerifying) return editorText('save.underReview');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return editorText('save.offline');
  return errorText(error);
}

function without(errors: FieldErrors, keys: string[]): FieldErrors {
  if (!keys.some((k) => k in errors)) return errors;
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}

/** Issues of a collection item are dropped with it; index-free keys make the rest stay put. */
function withoutPrefix(errors: FieldErrors, prefix: string): FieldErrors {
  const keys = Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
  return without(errors, keys);
}

function failureOf(issues: StoryIssue[], mode: SaveMode): ValidationFailure {
  const first = issues[0];
  const type = first?.type ?? ValidationErrorType.Required;
  return { title: STORY_ERROR_TITLES[type], issues, mode };
}

/** Merged text of the summary and the remaining chapter's content, as spec section 4 puts them together. */
export function mergedContent(summary: string, content: string): string {
  return [summary.trim(), content].filter((s) => s.trim() !== '').join('\n');
}

let focusSeq = 0;
export const MERGE_TOO_LONG = `The merged chapter would exceed ${LIMITS.plotContent} characters; shorten the summary or the chapter first`;

export const useEditorStore = create<EditorState>()((set, get) => {
  /** Every edit goes through here: marks dirty and clears the errors of the fields it touched. */
  const edit = (mutate: (s: EditorState) => Partial<EditorState>, touched: string[]): void => {
    set((s) => {
      const patch = mutate(s);
      return { ...patch, dirty: true, edits: s.edits + 1, errors: without(patch.errors ?? s.errors, touched) };
    });
  };
  const patchContent = (s: EditorState, patch: Partial<StoryContent>): Partial<EditorState> => ({
    content: { ...s.content, ...patch },
  });

  return {
    ...initial(),
    rev: 0,

    startNew: (genType = StoryGenType.UserDefined) => {
      const draftKind: DraftKind = genType === StoryGenType.SingleBot ? 'bot' : 'story';
      const content = emptyStory(genType);
      const local = readDraft(draftKey(null, draftKind));
      set((s) => ({
        ...initial(),
        content,
        draftKind,
        restorable: local && !sameContent(local, content, DEFAULT_PERMISSION) ? local : null,
        load: { status: 'ready', error: null },
        rev: s.rev + 1,
      }));
    },

    loadStory: async (storyId) => {
      set((s) => ({ ...initial(), load: { status: 'loading', error: null }, rev: s.rev + 1 }));
      try {
        const detail = await storyService.getStory(storyId);
        const content = contentOfDetail(detail);
        // Server review results go on their fields; an over-long story name shows its error at once (section 5).
        const issues = detail.review_result ? reviewIssues(detail.review_result, content) : [];
        const nameTooLong = displayLength(content.story_name, storyMentionNames(content)) > LIMITS.storyName;
        if (nameTooLong) {
          issues.push({ path: 'story_name', type: ValidationErrorType.Limit, message: `At most ${LIMITS.storyName} characters` });
        }
        const permission = detail.permission ?? DEFAULT_PERMISSION;
        const key = draftKey(detail.story_id, 'story');
        const local = readDraft(key);
        if (local && sameContent(local, content, permission)) clearDraft(key);
        set((s) => ({
          storyId: detail.story_id,
          versionId: detail.version.version_id,
          status: detail.story_info.status,
          content,
          permission,
          draftKind: content.story_gen_type === StoryGenType.SingleBot ? 'bot' : 'story',
          restorable: local && !sameContent(local, content, permission) ? local : null,
          dirty: false,
          errors: keyIssues(issues, content),
          load: { status: 'ready', error: null },
          rev: s.rev + 1,
        }));
      } catch (error) {
        set({ load: { status: 'error', error: errorText(error) } });
      }
    },

    reset: () => {
      // The creator chose to leave without saving: the copy kept in this browser goes too.
      const { storyId, draftKind } = get();
      clearDraft(draftKey(storyId, draftKind));
      set((s) => ({ ...initial(), rev: s.rev + 1 }));
    },

    loadSkeleton: (content) =>
      set((s) => ({ ...initial(), content, load: { status: 'ready', error: null }, rev: s.rev + 1 })),
    closeSkeleton: () => set((s) => ({ ...initial(), rev: s.rev + 1 })),
    setIssues: (issues) => {
      const errors = keyIssues(issues, get().content);
      if (JSON.stringify(errors) !== JSON.stringify(get().errors)) set({ errors });
    },

    keepLocal: () => {
      const s = get();
      if (!s.dirty || s.load.status !== 'ready') return true;
      return writeDraft(draftKey(s.storyId, s.draftKind), {
        story_id: s.storyId,
        base_version_id: s.versionId,
        content: s.content,
        permission: s.permission,
        saved_at: Date.now(),
      });
    },
    restoreLocal: () => {
      const local = get().restorable;
      if (!local) return;
      // The server's version stays the base: the next save applies the restored text on top of it.
      set((s) => ({
        content: local.content,
        permission: local.permission,
        restorable: null,
        dirty: true,
        edits: s.edits + 1,
        errors: {},
        rev: s.rev + 1,
      }));
    },
    discardLocal: () => {
      const { storyId, draftKind } = get();
      clearDraft(draftKey(storyId, draftKind));
      set({ restorable: null });
    },

    setStoryField: (field, value) => edit((s) => patchContent(s, { [field]: value }), [field]),
    setSettingVisible: (visible) => edit((s) => patchContent(s, { story_setting_visible: visible }), []),
    setImageStyle: (code) =>
      edit((s) => patchContent(s, { image_generate_style: code ? { code } : null }), ['image_generate_style']),
    setNarratorVoice: (dubbing) => edit((s) => patchContent(s, { voice_over_dubbing: dubbing }), ['voice_over_dubbing']),
    setPlayer: (field, value) =>
      edit((s) => patchContent(s, { player: { ...s.content.player, [field]: value } }), [`player.${field}`]),
    setPrologue: (field, value) =>
      edit((s) => patchContent(s, { prologue: { ...s.content.prologue, [field]: value } }), [`prologue.${field}`]),
    setPermission: (patch) => edit((s) => ({ permission: { ...s.permission, ...patch } }), []),

    applyCard: (bot) => {
      const card = bot.characters[0];
      if (!card) return;
      set((s) => {
        const c = s.content;
        let content: StoryContent;
        if (c.story_gen_type === StoryGenType.SingleBot) {
          content = { ...c, characters: [card], prologue: bot.prologue, introduction: bot.introduction, logo: card.character_url, lorebook: bot.lorebook ?? c.lorebook };
        } else {
          const taken = c.characters.some((x) => x.character_id === card.character_id);
          const character = taken ? { ...card, character_id: emptyCharacter().character_id } : card;
          const entries = [...(c.lorebook?.entries ?? []), ...(bot.lorebook?.entries ?? [])];
          content = {
            ...c,
            characters: [...c.characters, character],
            introduction: c.introduction.trim() === '' ? bot.introduction : c.introduction,
            ...(bot.lorebook || c.lorebook ? { lorebook: { ...(c.lorebook ?? bot.lorebook!), entries } } : {}),
          };
        }
        return { content, dirty: true, edits: s.edits + 1, errors: {}, rev: s.rev + 1 };
      });
    },
    applyStory: (imported) =>
      set((s) => {
        const c = s.content;
        const kept = c.characters.filter((x) => !blankCharacter(x));
        const taken = new Set(kept.map((x) => x.character_id));
        let incoming = imported;
        for (const ch of imported.characters) {
          if (taken.has(ch.character_id)) incoming = renameCharacter(incoming, ch.character_id, emptyCharacter().character_id);
        }
        const blank = (t: string): boolean => t.trim() === '';
        const keptIds = new Set(kept.map((x) => x.character_id));
        const prologueKept = !blank(c.prologue.content) && (c.prologue.character_id === '' || keptIds.has(c.prologue.character_id));
        const lorebook = c.lorebook
          ? { ...c.lorebook, entries: [...c.lorebook.entries, ...(incoming.lorebook?.entries ?? [])] }
          : incoming.lorebook;
        const content: StoryContent = {
          ...c,
          story_name: blank(c.story_name) ? incoming.story_name : c.story_name,
          introduction: blank(c.introduction) ? incoming.introduction : c.introduction,
          summary: blank(c.summary) ? incoming.summary : c.summary,
          logo: c.logo || incoming.logo,
          story_setting_visible: c.story_setting_visible || incoming.story_setting_visible,
          player: blank(c.player.character_name) && blank(c.player.settings) ? incoming.player : c.player,
          voice_over_dubbing: c.voice_over_dubbing.dubbing ? c.voice_over_dubbing : incoming.voice_over_dubbing,
          prologue: prologueKept ? c.prologue : incoming.prologue,
          characters: [...kept, ...incoming.characters],
          ...(lorebook ? { lorebook } : {}),
        };
        return { content, dirty: true, edits: s.edits + 1, errors: {}, rev: s.rev + 1 };
      }),
    setLorebook: (lorebook, touched = []) =>
      edit((s) => {
        const { lorebook: _old, ...rest } = s.content;
        return { content: lorebook ? { ...rest, lorebook } : rest };
      }, touched),
    addCharacter: () => {
      const character = emptyCharacter();
      const { prologue, characters } = get().content;
      // The first character of a story speaks its opening line until the creator picks another speaker.
      const speaks = prologue.character_id === '' && !characters.some((c) => c.type !== CharacterType.VoiceOver);
      edit(
        (s) =>
          patchContent(s, {
            characters: [...s.content.characters, character],
            ...(speaks ? { prologue: { ...s.content.prologue, character_id: character.character_id } } : {}),
          }),
        speaks ? ['characters', 'prologue.character_id'] : ['characters'],
      );
      return character.character_id;
    },
    updateCharacter: (id, patch) =>
      edit(
        (s) =>
          patchContent(s, {
            characters: s.content.characters.map((c) => (c.character_id === id ? { ...c, ...patch } : c)),
          }),
        Object.keys(patch).map((f) => characterKey(id, f)),
      ),
    removeCharacter: (id) =>
      edit((s) => {
        const prologue = s.content.prologue;
        return {
          ...patchContent(s, {
            characters: s.content.characters.filter((c) => c.character_id !== id),
            // Spec section 4: removing the prologue speaker clears the prologue's character.
            prologue: prologue.character_id === id ? { ...prologue, character_id: '' } : prologue,
          }),
          errors: withoutPrefix(s.errors, `characters.${id}`),
        };
      }, []),

    addNode: (beforeId) => {
      const nodes = get().content.nodes;
      if (nodes.length >= LIMITS.maxPlots) {
        toast({ type: 'warning', message: editorText('issues.maxChapters', { max: LIMITS.maxPlots }) });
        return null;
      }
      const node = emptyNode();
      edit((s) => {
        const list = [...s.content.nodes];
        const at = beforeId === undefined ? -1 : list.findIndex((n) => n.node_id === beforeId);
        if (at < 0) list.push(node);
        else list.splice(at, 0, node);
        return { ...patchContent(s, { nodes: list }), errors: without(s.errors, ['nodes']) };
      }, []);
      return node.node_id;
    },
    updateNode: (id, patch) =>
      edit(
        (s) =>
          patchContent(s, { nodes: s.content.nodes.map((n) => (n.node_id === id ? { ...n, ...patch } : n)) }),
        Object.keys(patch).map((f) => nodeKey(id, f)),
      ),
    removeNode: (id) => {
      const { content } = get();
      const rest = content.nodes.filter((n) => n.node_id !== id);
      if (rest.length === content.nodes.length) return false;
      if (rest.length === 0) {
        // Spec section 4: with no chapters left, one empty chapter is created.
        edit((s) => ({ ...patchContent(s, { nodes: [emptyNode()] }), errors: withoutPrefix(s.errors, 'nodes'), rev: s.rev + 1 }), []);
        return true;
      }
      if (rest.length === 1 && content.nodes.length === 2) {
        // Down to one chapter: the summary joins its content, and its name and the summary are cleared.
        const last = rest[0] as StoryNode;
        const merged = mergedContent(content.summary, last.content);
        if (displayLength(merged, storyMentionNames(content)) > LIMITS.plotContent) {
          toast({ type: 'error', message: editorText('issues.mergeTooLong', { max: LIMITS.plotContent }) });
          return false;
        }
        edit(
          (s) => ({
            ...patchContent(s, { nodes: [{ ...last, content: merged, name: '' }], summary: '' }),
            errors: withoutPrefix(withoutPrefix(s.errors, `nodes.${id}`), `nodes.${last.node_id}`),
            rev: s.rev + 1,
          }),
          ['summary'],
        );
        return true;
      }
      edit((s) => ({ ...patchContent(s, { nodes: rest }), errors: withoutPrefix(s.errors, `nodes.${id}`) }), []);
      return true;
    },

    save: async (mode, options = {}) => {
      const manual = options.manual ?? true;
      if (get().saving) {
        if (!manual) return { ok: false, reason: 'busy' };
        // A save by hand waits for an automatic one in flight, then saves what is there now.
        await new Promise<void>((resolve) => {
          const stop = useEditorStore.subscribe((s) => {
            if (s.saving === null) {
              stop();
              resolve();
            }
          });
        });
        if (get().saving) return { ok: false, reason: 'busy' };
      }
      const start = get();
      if (!manual && mode === 'publish') throw new Error('An automatic save never publishes');
      const bot = start.content.story_gen_type === StoryGenType.SingleBot;
      const content = normalizeStory(bot ? botPayload(start.content) : start.content);
      // The shared rules pick the bot rule set from story_gen_type, as the api does.
      const issues = validateStory(content, { mode });
      if (issues.length > 0) {
        if (manual) showIssues(issues, content, mode);
        else unsaved(issueMessage(issues[0] as StoryIssue));
        return { ok: false, reason: 'invalid' };
      }
      set((s) => ({ saving: mode, stale: false, autosave: { ...s.autosave, state: 'saving', reason: null } }));
      const created = start.storyId === null;
      try {
        const res = await storyService.createStory({
          ...content,
          story_id: start.storyId ?? '0',
          publish_type: mode === 'publish' ? PublishType.Publish : PublishType.Draft,
          user_manual_save: manual,
          ...(start.versionId ? { version: { version_id: start.versionId } } : {}),
        });
        const oldKey = draftKey(start.storyId, start.draftKind);
        set((s) => ({
          storyId: res.story_id,
          versionId: res.version_id,
          status: res.status,
          saving: null,
          // Typing while the request was out leaves those edits unsaved.
          dirty: s.edits !== start.edits,
          autosave: { state: 'saved', reason: null, at: Date.now() },
        }));
        // The browser's copy is only needed for what the server does not have yet.
        clearDraft(oldKey);
        if (get().dirty) get().keepLocal();
        if (bot) await savePermission(res.story_id);
        if (manual) {
          toast({ type: 'success', message: editorText(mode === 'publish' ? 'save.published' : 'save.saved') });
        }
        return { ok: true, storyId: res.story_id, created };
      } catch (error) {
        set({ saving: null });
        const fromServer = serverIssues(error);
        if (fromServer) {
          if (manual) showIssues(fromServer, content, mode);
          else unsaved(issueMessage(fromServer[0] as StoryIssue));
          return { ok: false, reason: 'invalid' };
        }
        if (isStaleSave(error)) {
          set({ stale: true });
          unsaved(editorText('save.changedElsewhere'));
          return { ok: false, reason: 'stale' };
        }
        unsaved(autosaveReason(error));
        if (manual) {
          toast({ type: 'error', message: editorText(mode === 'publish' ? 'save.publishFailed' : 'save.saveFailed', { error: errorText(error) }) });
        }
        return { ok: false, reason: 'error' };
      }
    },

    dismissFailure: () => {
      const failure = get().failure;
      if (!failure) return;
      const errors = get().errors;
      const first = Object.keys(errors)[0];
      focusSeq += 1;
      set({ failure: null, focusRequest: first ? { key: first, seq: focusSeq } : null });
    },
    goToIssue: (path) => {
      focusSeq += 1;
      set({ failure: null, focusRequest: { key: fieldKey(path, get().content), seq: focusSeq } });
    },
    clearFocusRequest: () => set({ focusRequest: null }),
  };

  /** A bot's permissions live beside the story; written after the story exists. */
  async function savePermission(storyId: string): Promise<void> {
    try {
      await storyService.updatePermission(storyId, get().permission);
    } catch (error) {
      toast({ type: 'error', message: editorText('bot.permissionsFailed', { error: errorText(error) }) });
    }
  }

  function unsaved(reason: string): void {
    set((s) => ({ autosave: { ...s.autosave, state: 'unsaved', reason } }));
  }

  function showIssues(found: StoryIssue[], content: StoryContent, mode: SaveMode): void {
    const issues = orderIssues(found);
    set({ errors: keyIssues(issues, content), failure: failureOf(issues, mode) });
  }
});

/** Back to the initial state; for tests. */
export function resetEditorStore(): void {
  useEditorStore.setState({ ...initial(), rev: 0 });
}

export { VOICE_OVER_SPEAKER };
