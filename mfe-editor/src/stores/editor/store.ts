import { create } from 'zustand';
import { createChapterSlice } from './chapters';
import { createCharactersSlice } from './characters';
import { createSaveSlice } from './save';
import { createSessionSlice } from './session';
import { editorInitial, type EditorState } from './state';
import { createStoryFieldsSlice } from './storyFields';

export { mergedContent, MERGE_TOO_LONG } from './chapters';
export type { AutosaveStatus, EditorState, LoadStatus, SaveMode, SaveOptions, SaveOutcome, ValidationFailure } from './state';
export { VOICE_OVER_SPEAKER } from 'shared-kit';

/** The story editor's store: the session, story fields, characters, chapters and save slices over one story. */
export const useEditorStore = create<EditorState>()((set, get, api) => ({
  ...editorInitial(),
  rev: 0,
  ...createSessionSlice(set, get, api),
  ...createStoryFieldsSlice(set, get, api),
  ...createCharactersSlice(set, get, api),
  ...createChapterSlice(set, get, api),
  ...createSaveSlice(set, get, api),
}));

/** Back to the initial state; for tests. */
export function resetEditorStore(): void {
  useEditorStore.setState({ ...editorInitial(), rev: 0 });
}
