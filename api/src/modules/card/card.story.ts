import {
  StoryGenType,
  storyMentionNames,
  type Lorebook,
  type MentionNames,
  type StoryCharacter,
  type StoryContent,
} from 'shared-kit';
import type { Card } from './card.format';
import { lorebookFromCard, newItemId, OUR_EXTENSION } from './card.lorebook';
import { cardToBot } from './card.map';
import { macrosToMentions, mentionsToMacros } from './card.macros';

/*
 * A whole story as one CHARX, as this product exports it: card.json is the story (its name, the introduction as
 * description, the summary as scenario, the opening line as first message, the lorebook as character book) and
 * names its characters in `extensions.storyverse.characters`, each a card of its own under `characters/`.
 *
 * Cards have no macro for a character other than the card's own, so the export writes other characters by their
 * names; to come back the same, `extensions.storyverse.source` keeps our texts with their mentions, and import takes
 * them only while the card's text is still what they give (a text edited in another tool is read from the card).
 */

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const ours = (card: Card): Json => obj(card.data.extensions[OUR_EXTENSION]);

/** Our text with mentions, if the card's text (read into `imported`) is still the one it gives; else `imported`. */
function restore(imported: string, source: unknown, characterId: string, names: MentionNames): string {
  if (typeof source !== 'string') return imported;
  return macrosToMentions(mentionsToMacros(source, characterId, names), characterId) === imported ? source : imported;
}

/** The export side: what a story CHARX's cards keep of our texts, per character and for the story. */
export function characterSource(c: StoryCharacter): Json {
  return { settings: c.settings, style: c.style, alternate_greetings: [...(c.alternate_greetings ?? [])] };
}

export function storyExtension(content: StoryContent): Json {
  return {
    story: true,
    characters: content.characters.map((c) => c.character_id),
    story_gen_type: content.story_gen_type,
    prologue_character_id: content.prologue.character_id,
    player: { character_name: content.player.character_name, settings: content.player.settings },
    story_setting_visible: content.story_setting_visible,
    voice_over_dubbing: { ...content.voice_over_dubbing },
    source: {
      introduction: content.introduction,
      summary: content.summary,
      prologue: content.prologue.content,
      entries: Object.fromEntries((content.lorebook?.entries ?? []).map((e) => [e.entry_id, e.content])),
    },
  };
}

const GEN_TYPES = new Set<string>(Object.values(StoryGenType).filter((t) => t !== StoryGenType.SingleBot));
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

export interface ImportedStory {
  /** The story's content: its characters (pictures not yet stored), texts and lorebook; no chapters. */
  content: StoryContent;
  notes: string[];
}

/** A whole-story CHARX's cards as our story content, saving nothing. */
export function storyFromCards(main: Card, characterCards: Card[]): ImportedStory {
  const notes: string[] = [];
  const used = new Set<string>();
  const characters: StoryCharacter[] = characterCards.map((card, i) => {
    const mapped = cardToBot(card);
    let character = mapped.character;
    if (used.has(character.character_id)) character = { ...character, character_id: newItemId('c') };
    used.add(character.character_id);
    const who = character.character_name.trim() || `character ${i + 1}`;
    notes.push(...mapped.notes.map((n) => `${who}: ${n}`));
    return character;
  });
  const ext = ours(main);
  const player = obj(ext.player);
  const names = storyMentionNames({ characters, player: { character_name: str(player.character_name), settings: '' } });
  for (const [i, c] of characters.entries()) {
    const source = obj(ours(characterCards[i]!).source);
    const greetings = Array.isArray(source.alternate_greetings) ? source.alternate_greetings : [];
    characters[i] = {
      ...c,
      settings: restore(c.settings, source.settings, c.character_id, names),
      style: restore(c.style, source.style, c.character_id, names),
      alternate_greetings: (c.alternate_greetings ?? []).map((g, n) => restore(g, greetings[n], c.character_id, names)),
    };
  }
  const d = main.data;
  const wanted = str(ext.prologue_character_id);
  const speaker = characters.some((c) => c.character_id === wanted) ? wanted : (characters[0]?.character_id ?? '');
  const map = (s: string): string => macrosToMentions(s, speaker);
  const source = obj(ext.source);
  let lorebook: Lorebook | undefined;
  if (d.character_book) {
    const imported = lorebookFromCard(d.character_book, map);
    const entries = obj(source.entries);
    lorebook = {
      ...imported.lorebook,
      entries: imported.lorebook.entries.map((e) => ({ ...e, content: restore(e.content, entries[e.entry_id], speaker, names) })),
    };
    notes.push(...imported.warnings);
  }
  if (d.system_prompt.trim()) notes.push('system_prompt is not used by this product and was not imported');
  const dub = obj(ext.voice_over_dubbing);
  const content: StoryContent = {
    story_gen_type: GEN_TYPES.has(str(ext.story_gen_type)) ? (ext.story_gen_type as StoryContent['story_gen_type']) : StoryGenType.UserDefined,
    story_name: d.name,
    introduction: restore(map(d.description), source.introduction, speaker, names),
    story_setting_visible: ext.story_setting_visible === true,
    image_generate_style: null,
    logo: '',
    loading_background: '',
    characters,
    player: { character_name: str(player.character_name), settings: str(player.settings) },
    prologue: { character_id: speaker, content: restore(map(d.first_mes), source.prologue, speaker, names) },
    nodes: [],
    summary: restore(map(d.scenario), source.summary, speaker, names),
    voice_over_dubbing: { dubbing: str(dub.dubbing), language: str(dub.language) },
    ...(lorebook ? { lorebook } : {}),
  };
  return { content, notes };
}
