import type { StateCreator } from 'zustand';
import { editing } from './edit';
import type { EditSlice, EditorState } from './state';

type StoryFieldActions = Pick<EditSlice, 'setStoryField' | 'setSettingVisible' | 'setImageStyle' | 'setNarratorVoice' | 'setPlayer' | 'setPrologue' | 'setPermission' | 'setLorebook'>;

/** The story's own fields, its permissions and its lorebook. */
export const createStoryFieldsSlice: StateCreator<EditorState, [], [], StoryFieldActions> = (set) => {
  const { edit, patchContent } = editing(set);
  return {
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
    setLorebook: (lorebook, touched = []) =>
      edit((s) => {
        const { lorebook: _old, ...rest } = s.content;
        return { content: lorebook ? { ...rest, lorebook } : rest };
      }, touched),
  };
};
