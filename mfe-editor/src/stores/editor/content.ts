import {
  CharacterType,
  NodeType,
  StoryGenType,
  type StoryCharacter,
  type StoryContent,
  type StoryNode,
} from 'shared-kit';
import type { StoryDetail } from '../../api/types';

let seq = 0;
/** A client-made id (the api accepts letters, digits, `_` and `-`): time plus a counter, unique within a page. */
export function newId(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq.toString(36)}`;
}

export function emptyNode(): StoryNode {
  return {
    node_id: newId('n'),
    node_type: NodeType.Simple,
    name: '',
    content: '',
    ending_content: '',
    end_visible: false,
    background_url: '',
    bgm_info: null,
    image_generate_style: null,
  };
}

export function emptyCharacter(): StoryCharacter {
  return {
    character_id: newId('c'),
    character_name: '',
    settings: '',
    style: '',
    character_url: '',
    dubbing_show: { dubbing: '', language: '' },
    type: CharacterType.NPC,
  };
}

/** A new story: one empty chapter, so there is always somewhere to write. A bot: its one character instead. */
export function emptyStory(genType: StoryGenType = StoryGenType.UserDefined): StoryContent {
  const bot = genType === StoryGenType.SingleBot;
  const character = bot ? [emptyCharacter()] : [];
  return {
    story_gen_type: genType,
    story_name: '',
    introduction: '',
    story_setting_visible: false,
    image_generate_style: null,
    logo: '',
    loading_background: '',
    characters: character,
    player: { character_name: '', settings: '' },
    prologue: { character_id: character[0]?.character_id ?? '', content: '' },
    nodes: bot ? [] : [emptyNode()],
    summary: '',
    voice_over_dubbing: { dubbing: '', language: '' },
  };
}

/** The editable content of a loaded story. */
export function contentOfDetail(d: StoryDetail): StoryContent {
  return {
    story_gen_type: d.story_info.story_gen_type,
    story_name: d.story_info.story_name ?? '',
    introduction: d.story_info.introduction ?? '',
    story_setting_visible: d.story_info.story_setting_visible ?? false,
    image_generate_style: d.story_info.image_generate_style ?? null,
    logo: d.logo ?? '',
    loading_background: d.loading_background ?? '',
    characters: d.characters ?? [],
    player: d.player ?? { character_name: '', settings: '' },
    prologue: d.prologue ?? { character_id: '', content: '' },
    nodes: d.nodes ?? [],
    summary: d.summary ?? '',
    voice_over_dubbing: d.story_info.voice_over_dubbing ?? { dubbing: '', language: '' },
    ...(d.lorebook ? { lorebook: d.lorebook } : {}),
    // A branching story's graph goes back as it came (a story of chapters has none).
    ...(d.edges ? { edges: d.edges } : {}),
    ...(d.variables ? { variables: d.variables } : {}),
  };
}

/** A bot is saved as a story of one character whose opening line is the prologue; the story takes its look and name. */
export function botPayload(content: StoryContent): StoryContent {
  const c = content.characters[0];
  if (!c) return content;
  return {
    ...content,
    story_gen_type: StoryGenType.SingleBot,
    story_name: c.character_name,
    logo: c.character_url,
    characters: [c],
    prologue: { character_id: c.character_id, content: content.prologue.content },
    voice_over_dubbing: { dubbing: c.dubbing_show.dubbing, language: c.dubbing_show.language },
    nodes: [],
  };
}
