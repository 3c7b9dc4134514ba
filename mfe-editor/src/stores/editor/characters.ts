import type { StateCreator } from 'zustand';
import { CharacterType, StoryGenType, type StoryCharacter, type StoryContent } from 'shared-kit';
import { emptyCharacter } from './content';
import { editing } from './edit';
import { characterKey, withoutPrefix } from './fields';
import type { EditSlice, EditorState } from './state';

type CharacterActions = Pick<EditSlice, 'addCharacter' | 'updateCharacter' | 'removeCharacter' | 'applyCard' | 'applyStory'>;

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

/** The story's characters: added, changed, removed, or taken in from an imported card or story. */
export const createCharactersSlice: StateCreator<EditorState, [], [], CharacterActions> = (set, get) => {
  const { edit, patchContent } = editing(set);
  return {
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
  };
};
