import { create } from 'zustand';
import {
  ApiError,
  ErrorCode,
  isApiError,
  shellReacts,
  TemplateStatus,
  validateTemplate,
  type StoryContent,
  type TemplateContent,
  type TemplateIssue,
} from 'shared-kit';
import { errorText } from '../../lib/errors';
import * as templateService from '../../services/template.service';

/*
 * The template editor's working copy. Drafts save themselves a moment after each edit, so a reload loses nothing;
 * a published or offline template is saved by hand (its saves run every rule). Each save names the revision it
 * started from; a save the server refuses as stale leaves the copy here and says so.
 */

export type TemplateLoad = { status: 'idle' | 'loading' | 'ready' | 'error'; error: string | null };

export interface TemplateEditorState {
  load: TemplateLoad;
  templateId: string | null;
  revision: number;
  status: TemplateStatus;
  content: TemplateContent;
  /** Edits made since the last successful save. */
  edits: number;
  saving: boolean;
  saveError: string | null;
  stale: boolean;
  /** Issues the server sent with the last refused save. */
  serverIssues: TemplateIssue[];
  /** After a publish was asked for, the publish rules are shown as the creator types. */
  publishChecked: boolean;
  /** Bumps when the content is replaced from outside (load, new), so uncontrolled inputs remount. */
  rev: number;
  startNew: () => Promise<void>;
  loadTemplate: (templateId: string) => Promise<void>;
  edit: (change: (draft: TemplateContent) => void) => void;
  /** Saves with the given status; resolves to the template id when it saved. */
  save: (status: TemplateStatus) => Promise<string | null>;
}

export function emptyContent(story: StoryContent): TemplateContent {
  return {
    name: '',
    emoji: '',
    description: '',
    category: 'other',
    cover: story.logo,
    fields: [],
    allow_add_chapters: true,
    allow_add_roles: true,
    app_edit_only: false,
    story,
  };
}

const INITIAL = {
  load: { status: 'idle', error: null } as TemplateLoad,
  templateId: null,
  revision: 0,
  status: TemplateStatus.Draft as TemplateStatus,
  edits: 0,
  saving: false,
  saveError: null,
  stale: false,
  serverIssues: [],
  publishChecked: false,
  rev: 0,
};

export const useTemplateStore = create<TemplateEditorState>()((set, get) => ({
  ...INITIAL,
  content: emptyContent({} as StoryContent),

  startNew: async () => {
    set({ ...INITIAL, rev: get().rev + 1, load: { status: 'loading', error: null } });
    try {
      const story = await templateService.exampleStory();
      set({ content: emptyContent(story), load: { status: 'ready', error: null }, rev: get().rev + 1 });
    } catch (e) {
      set({ load: { status: 'error', error: errorText(e) } });
    }
  },

  loadTemplate: async (templateId) => {
    set({ ...INITIAL, rev: get().rev + 1, templateId, load: { status: 'loading', error: null } });
    try {
      const t = await templateService.getTemplate(templateId);
      if (!t.is_owner) {
        // Only its author edits a template: the spec's reaction to "template forbidden" (toast, story list).
        shellReacts(new ApiError(ErrorCode.TemplateForbidden));
      }
      set({
        templateId: t.template_id,
        revision: t.revision,
        status: t.status,
        content: {
          name: t.name,
          emoji: t.emoji,
          description: t.description,
          category: t.category as TemplateContent['category'],
          cover: t.cover,
          fields: t.fields,
          allow_add_chapters: t.allow_add_chapters,
          allow_add_roles: t.allow_add_roles,
          app_edit_only: t.app_edit_only,
          story: t.story,
        },
        load: { status: 'ready', error: null },
        rev: get().rev + 1,
      });
    } catch (e) {
      set({ load: { status: 'error', error: errorText(e) } });
    }
  },

  edit: (change) => {
    const content = structuredClone(get().content);
    change(content);
    set({ content, edits: get().edits + 1, saveError: null });
  },

  save: async (status) => {
    const s = get();
    if (s.saving) return null;
    const mode = status === TemplateStatus.Published ? 'publish' : 'draft';
    const local = validateTemplate(s.content, mode);
    if (status === TemplateStatus.Published) set({ publishChecked: true });
    if (local.length > 0) return null;
    const editsAtStart = s.edits;
    set({ saving: true, saveError: null });
    try {
      const saved = await templateService.saveTemplate({
        ...s.content,
        ...(s.templateId ? { template_id: s.templateId, revision: s.revision } : {}),
        status,
      });
      set({
        saving: false,
        templateId: saved.template_id,
        revision: saved.revision,
        status: saved.status,
        edits: get().edits - editsAtStart,
        serverIssues: [],
      });
      return saved.template_id;
    } catch (e) {
      const issues = isApiError(e) && e.code === ErrorCode.ClientParamError ? ((e.data as { errors?: TemplateIssue[] })?.errors ?? []) : [];
      set({
        saving: false,
        saveError: errorText(e),
        serverIssues: issues,
        stale: isApiError(e) && e.code === ErrorCode.ConcurrentOperation,
      });
      return null;
    }
  },
}));

/** The issues to show now: the publish rules once a publish was asked for (or the template is live), else the limits. */
export function currentIssues(s: Pick<TemplateEditorState, 'content' | 'publishChecked' | 'status' | 'serverIssues'>): TemplateIssue[] {
  const publish = s.publishChecked || s.status === TemplateStatus.Published;
  const local = validateTemplate(s.content, publish ? 'publish' : 'draft');
  return local.length > 0 ? local : s.serverIssues;
}

export function resetTemplateStore(): void {
  useTemplateStore.setState({ ...INITIAL, content: emptyContent({} as StoryContent) });
}
