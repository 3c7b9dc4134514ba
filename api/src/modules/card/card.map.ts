import {
  CharacterType,
  StoryGenType,
  storyMentionNames,
  type Lorebook,
  type StoryCharacter,
  type StoryContent,
} from 'shared-kit';
import type { Card, CardData } from './card.format';
import { lorebookFromCard, lorebookToCard, newItemId, OUR_EXTENSION } from './card.lorebook';
import { macrosToMentions, mentionsToMacros } from './card.macros';

/*
 * A card <-> one of our characters, with the bot around it. The mapping (issue 21):
 *   name -> character_name; description + personality -> settings; mes_example -> style (dialogue style);
 *   first_mes -> the opening line (prologue); scenario -> the introduction; alternate_greetings, creator_notes and
 *   tags are kept on the character; character_book -> the lorebook; macros <-> mentions.
 * What cards have and we do not use (system_prompt, post_history_instructions, group greetings) is named in the
 * import's notes, never silently dropped. Our own fields a card has no place for (the voice, the ids) travel in
 * `extensions.storyverse`, so our export imports back as the same bot.
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function ours(data: CardData): Record<string, unknown> {
  const v = data.extensions[OUR_EXTENSION];
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

export interface MappedCard {
  /** The card as a bot's content (SingleBot), ready for the editor to show and save. */
  bot: StoryContent;
  character: StoryCharacter;
  /** What the card has that the product does not use, or read differently. */
  notes: string[];
}

function joinText(...parts: string[]): string {
  return parts.filter((p) => p.trim() !== '').join('\n\n');
}

export function cardToBot(card: Card): MappedCard {
  const d = card.data;
  const ext = ours(d);
  const id = typeof ext.character_id === 'string' && ID.test(ext.character_id) ? ext.character_id : newItemId('c');
  const map = (s: string): string => macrosToMentions(s, id);
  const notes: string[] = [];
  if (d.system_prompt.trim()) notes.push('system_prompt is not used by this product and was not imported');
  if (d.post_history_instructions.trim()) notes.push('post_history_instructions is not used by this product and was not imported');
  if (d.group_only_greetings.length > 0) notes.push('group_only_greetings are not used by this product and were not imported');
  const dub = typeof ext.dubbing_show === 'object' && ext.dubbing_show !== null ? (ext.dubbing_show as Record<string, unknown>) : {};
  const character: StoryCharacter = {
    character_id: id,
    character_name: d.name,
    settings: map(joinText(d.description, d.personality)),
    style: map(d.mes_example),
    character_url: '',
    dubbing_show: {
      dubbing: typeof dub.dubbing === 'string' ? dub.dubbing : '',
      language: typeof dub.language === 'string' ? dub.language : '',
    },
    type: ext.type === CharacterType.VoiceOver ? CharacterType.VoiceOver : CharacterType.NPC,
    alternate_greetings: d.alternate_greetings.map(map),
    creator_notes: d.creator_notes_multilingual?.en ?? d.creator_notes,
    tags: [...d.tags],
  };
  let lorebook: Lorebook | undefined;
  if (d.character_book) {
    const imported = lorebookFromCard(d.character_book, map);
    lorebook = imported.lorebook;
    notes.push(...imported.warnings);
  }
  const bot: StoryContent = {
    story_gen_type: StoryGenType.SingleBot,
    story_name: d.name,
    introduction: map(d.scenario),
    story_setting_visible: false,
    image_generate_style: null,
    logo: '',
    loading_background: '',
    characters: [character],
    player: { character_name: '', settings: '' },
    prologue: { character_id: id, content: map(d.first_mes) },
    nodes: [],
    summary: '',
    voice_over_dubbing: { ...character.dubbing_show },
    ...(lorebook ? { lorebook } : {}),
  };
  return { bot, character, notes };
}

export interface CardExport {
  v3: { spec: 'chara_card_v3'; spec_version: '3.0'; data: Record<string, unknown> };
  v2: { spec: 'chara_card_v2'; spec_version: '2.0'; data: Record<string, unknown> };
}

/**
 * One character of `content` as a card (V3, and the V2 copy for older readers). Its opening line is the prologue
 * when the character speaks it; the scenario is the introduction; the story's lorebook goes with it.
 * `iconUri` is where the picture is: `ccdefault:` (the PNG itself) or an `embeded://` path in a CHARX.
 */
export function characterToCard(content: StoryContent, characterId: string, iconUri: string | null, now: Date): CardExport {
  const c = content.characters.find((x) => x.character_id === characterId);
  if (!c) throw new Error(`no character ${characterId}`);
  const names = storyMentionNames(content);
  const map = (s: string): string => mentionsToMacros(s, c.character_id, names);
  const firstMes = content.prologue.character_id === c.character_id ? map(content.prologue.content) : '';
  const book = content.lorebook ? lorebookToCard(content.lorebook, map) : undefined;
  const common = {
    name: c.character_name,
    description: map(c.settings),
    personality: '',
    scenario: map(content.introduction),
    first_mes: firstMes,
    mes_example: map(c.style),
    creator_notes: c.creator_notes ?? '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: (c.alternate_greetings ?? []).map(map),
    ...(book ? { character_book: book } : {}),
    tags: [...(c.tags ?? [])],
    creator: '',
    character_version: '',
    extensions: {
      [OUR_EXTENSION]: { character_id: c.character_id, dubbing_show: { dubbing: c.dubbing_show.dubbing, language: c.dubbing_show.language }, type: c.type },
    },
  };
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    v3: {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        ...common,
        ...(iconUri ? { assets: [{ type: 'icon', uri: iconUri, name: 'main', ext: 'png' }] } : { assets: [] }),
        group_only_greetings: [],
        creation_date: 0,
        modification_date: seconds,
      },
    },
    v2: { spec: 'chara_card_v2', spec_version: '2.0', data: common },
  };
}
