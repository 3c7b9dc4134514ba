import { characterMention, playerMention, splitMentions, type MentionNames } from 'shared-kit';

/*
 * Card texts address the character and the user with macros: `{{char}}` and `{{user}}` (any case, spaces allowed
 * inside the braces), and the older `<BOT>` and `<USER>`. Ours are mention placeholders: `@{character_<id>}` and
 * `@{player}`. Import maps one to the other; export maps back, so a text survives the round trip unchanged.
 */
const CHAR_MACRO = /\{\{\s*char\s*\}\}|<bot>/gi;
const USER_MACRO = /\{\{\s*user\s*\}\}|<user>/gi;

/** A card text with its macros as our mentions of `characterId` and the player. */
export function macrosToMentions(text: string, characterId: string): string {
  return text.replace(CHAR_MACRO, characterMention(characterId)).replace(USER_MACRO, playerMention());
}

/**
 * One of our texts as a card text: the exported character becomes `{{char}}`, the player `{{user}}`, and any other
 * character (cards have no macro for them) the name it is shown with.
 */
export function mentionsToMacros(text: string, characterId: string, names: MentionNames): string {
  return splitMentions(text)
    .map((s) => {
      if (s.type === 'text') return s.text;
      if (s.kind === 'player') return '{{user}}';
      if (s.kind === 'character' && s.id === characterId) return '{{char}}';
      if (s.kind === 'allCharacters') return names.allCharacters;
      return (s.id !== undefined ? names.characters[s.id] : undefined) ?? names.deletedTag ?? '';
    })
    .join('');
}
