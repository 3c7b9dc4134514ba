import type { StateCreator } from 'zustand';
import {
  ErrorCode,
  isApiError,
  normalizeStory,
  PublishType,
  shellToast as toast,
  STORY_ERROR_TITLES,
  StoryGenType,
  validateStory,
  ValidationErrorType,
  type StoryContent,
  type StoryIssue,
} from 'shared-kit';
import { editorText, issueMessage } from '../../i18n';
import { errorText, isStaleSave, serverIssues } from '../../lib/errors';
import * as storyService from '../../services/story.service';
import { botPayload } from './content';
import { fieldKey, keyIssues } from './fields';
import { orderIssues } from './issueOrder';
import { clearDraft, draftKey } from './localDraft';
import type { EditorState, SaveMode, SaveSlice, ValidationFailure } from './state';

/** The words the status line uses for an automatic save that did not happen. */
function autosaveReason(error: unknown): string {
  if (isApiError(error) && error.code === ErrorCode.StoryVerifying) return editorText('save.underReview');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return editorText('save.offline');
  return errorText(error);
}

function failureOf(issues: StoryIssue[], mode: SaveMode): ValidationFailure {
  const first = issues[0];
  const type = first?.type ?? ValidationErrorType.Required;
  return { title: STORY_ERROR_TITLES[type], issues, mode };
}

let focusSeq = 0;

/** Saving by hand or automatically (validation first, the server's answer after), and the failed-validation dialog. */
export const createSaveSlice: StateCreator<EditorState, [], [], SaveSlice> = (set, get, api) => {
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

  return {
    save: async (mode, options = {}) => {
      const manual = options.manual ?? true;
      if (get().saving) {
        if (!manual) return { ok: false, reason: 'busy' };
        // A save by hand waits for an automatic one in flight, then saves what is there now.
        await new Promise<void>((resolve) => {
          const stop = api.subscribe((s) => {
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
        set({ storyId: res.story_id, versionId: res.version_id, status: res.status });
        // A bot is saved with its permissions: "Saved" shows once both are, and the editor moves to its address.
        if (bot) await savePermission(res.story_id);
        set((s) => ({
          saving: null,
          // Typing while the requests were out leaves those edits unsaved.
          dirty: s.edits !== start.edits,
          autosave: { state: 'saved', reason: null, at: Date.now() },
        }));
        // The browser's copy is only needed for what the server does not have yet.
        clearDraft(oldKey);
        if (get().dirty) get().keepLocal();
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
};
