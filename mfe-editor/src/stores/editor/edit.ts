import type { StoryContent } from 'shared-kit';
import { without } from './fields';
import type { EditorState, SetEditor } from './state';

/** How the edit slices change the story. */
export interface Editing {
  /** Every edit goes through here: marks dirty and clears the errors of the fields it touched. */
  edit: (mutate: (s: EditorState) => Partial<EditorState>, touched: string[]) => void;
  /** The state's change for a patch of the story's content. */
  patchContent: (s: EditorState, patch: Partial<StoryContent>) => Partial<EditorState>;
}

export function editing(set: SetEditor): Editing {
  return {
    edit: (mutate, touched) =>
      set((s) => {
        const patch = mutate(s);
        return { ...patch, dirty: true, edits: s.edits + 1, errors: without(patch.errors ?? s.errors, touched) };
      }),
    patchContent: (s, patch) => ({ content: { ...s.content, ...patch } }),
  };
}
