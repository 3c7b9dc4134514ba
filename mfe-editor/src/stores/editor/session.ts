import type { StateCreator } from 'zustand';
import { displayLength, LIMITS, reviewIssues, StoryGenType, storyMentionNames, ValidationErrorType, type StoryContent } from 'shared-kit';
import type { StoryPermission } from '../../api/types';
import { errorText } from '../../lib/errors';
import * as storyService from '../../services/story.service';
import { contentOfDetail, emptyStory } from './content';
import { keyIssues } from './fields';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftKind, type LocalDraft } from './localDraft';
import { DEFAULT_PERMISSION, editorInitial, type EditorState, type SessionSlice } from './state';

const sameContent = (a: LocalDraft, content: StoryContent, permission: StoryPermission): boolean =>
  JSON.stringify(a.content) === JSON.stringify(content) && JSON.stringify(a.permission) === JSON.stringify(permission);

/** Opening a story (new, from the server, a template's skeleton), leaving it, and its copy kept in this browser. */
export const createSessionSlice: StateCreator<EditorState, [], [], SessionSlice> = (set, get) => ({
  startNew: (genType = StoryGenType.UserDefined) => {
    const draftKind: DraftKind = genType === StoryGenType.SingleBot ? 'bot' : 'story';
    const content = emptyStory(genType);
    const local = readDraft(draftKey(null, draftKind));
    set((s) => ({
      ...editorInitial(),
      content,
      draftKind,
      restorable: local && !sameContent(local, content, DEFAULT_PERMISSION) ? local : null,
      load: { status: 'ready', error: null },
      rev: s.rev + 1,
    }));
  },

  loadStory: async (storyId) => {
    set((s) => ({ ...editorInitial(), load: { status: 'loading', error: null }, rev: s.rev + 1 }));
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
    set((s) => ({ ...editorInitial(), rev: s.rev + 1 }));
  },

  loadSkeleton: (content) =>
    set((s) => ({ ...editorInitial(), content, load: { status: 'ready', error: null }, rev: s.rev + 1 })),
  closeSkeleton: () => set((s) => ({ ...editorInitial(), rev: s.rev + 1 })),
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
});
