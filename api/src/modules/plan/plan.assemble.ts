import { isBranchingOutline } from 'shared-kit/schemas';
import {
  CharacterType,
  isContentNode,
  NodeType,
  RESERVED_CHARACTER_NAMES,
  StoryGenType,
  validateStory,
  type ForbiddenWords,
  type StoryContent,
} from 'shared-kit';
import type { WrittenStory } from './plan.branching';

/**
 * From a writer's story to the editor's story content: ids for characters and chapters, the prologue's speaker by
 * name, the drawing style on the story and every chapter, voices, and pictures when they are drawn. Names that the
 * rules would refuse are mended here (trimmed, special characters dropped, duplicates and reserved words numbered),
 * so a small slip of the model does not cost the whole plan.
 */

const SPECIALS = /[@#$%^&*+=~`|\\<>()[\]{}（）【】《》,，.。]/g;
const fold = (s: string) => s.replace(/\s+/g, '').toLowerCase();

export function mendNames(names: string[]): string[] {
  const out: string[] = [];
  for (const raw of names) {
    let name = raw.replace(SPECIALS, '').replace(/\s+/g, ' ').trim() || 'Someone';
    if (RESERVED_CHARACTER_NAMES.some((r) => fold(r) === fold(name))) name = `${name} One`;
    let candidate = name;
    for (let n = 2; out.includes(candidate); n++) candidate = `${name} ${n}`;
    out.push(Array.from(candidate).slice(0, 30).join('').trim());
  }
  return out;
}

/** The built-in voices, alternated over the cast; the narrator keeps the storyteller's voice. */
const VOICES = ['en_female_calm', 'en_male_warm', 'en_female_bright', 'en_male_deep'];
const NARRATOR = 'en_narrator';

export function assembleContent(story: WrittenStory, styleCode: string): StoryContent {
  const names = mendNames(story.characters.map((c) => c.character_name));
  const characters = story.characters.map((c, i) => ({
    character_id: `c${i + 1}`,
    character_name: names[i]!,
    settings: c.settings,
    style: c.style,
    character_url: '',
    dubbing_show: { dubbing: '', language: '' },
    type: CharacterType.NPC,
  }));
  const speaker =
    characters.find((c) => fold(c.character_name) === fold(story.prologue.speaker_name)) ?? characters[0]!;
  const style = { code: styleCode };
  const usedNodeNames: string[] = [];
  const branching = isBranchingOutline(story);
  const nodes = story.nodes.map((n, i) => {
    let name = n.name.replace(/\s+/g, '');
    if (usedNodeNames.includes(name)) name = `${name}${i + 1}`;
    usedNodeNames.push(name);
    const base = {
      node_id: `n${i + 1}`,
      node_type: NodeType.Simple,
      name: Array.from(name).slice(0, 30).join(''),
      content: n.content,
      ending_content: n.ending_content,
      end_visible: true,
      background_url: '',
      bgm_info: null,
      image_generate_style: style,
    };
    if (!branching || !('node_type' in n)) return base;
    // A branching outline keeps its node ids (its edges name them) and its types; only scenes have an objective,
    // a background and a drawing style.
    const scene = n.node_type === NodeType.NormalContent;
    return {
      ...base,
      node_id: n.node_id,
      node_type: n.node_type,
      ending_content: scene ? n.ending_content : '',
      end_visible: scene,
      image_generate_style: scene ? style : null,
      ...(n.node_type === NodeType.ChoiceContent ? { options: (n.options ?? []).map((o) => ({ option_id: o.option_id, text: o.text })) } : {}),
      ...(scene && n.rules?.length ? { rules: n.rules.map((r) => ({ rule_id: r.rule_id, variable: r.variable, op: r.op, value: r.value, when: r.when })) } : {}),
      ...(n.node_type === NodeType.VariableAssignment ? { assignments: (n.assignments ?? []).map((a) => ({ variable: a.variable, op: a.op, value: a.value })) } : {}),
      ...(n.node_type === NodeType.JudgeContent ? { judge_mode: 'variables' as const, routes: (n.routes ?? []).map((r) => ({ route_id: r.route_id, condition: r.condition })) } : {}),
    };
  });
  // The edges as the outline joins its nodes, numbered afresh (a model's edge ids need not be unique).
  const graph = branching
    ? {
        edges: story.edges.map((e, i) => ({ edge_id: `e${i + 1}`, source: e.source, target: e.target, handle: e.handle })),
        variables: (story.variables ?? []).map((v) => ({ ...v })),
      }
    : {};
  return {
    story_gen_type: StoryGenType.AI,
    story_name: story.story_name,
    introduction: story.introduction,
    story_setting_visible: false,
    image_generate_style: style,
    logo: '',
    loading_background: '',
    characters,
    player: { character_name: story.player.character_name, settings: story.player.settings },
    prologue: { character_id: speaker.character_id, content: story.prologue.content },
    nodes,
    ...graph,
    summary: story.summary,
    voice_over_dubbing: { dubbing: '', language: '' },
  };
}

export function assignVoices(content: StoryContent): StoryContent {
  return {
    ...content,
    characters: content.characters.map((c, i) => ({
      ...c,
      dubbing_show: c.dubbing_show.dubbing ? c.dubbing_show : { dubbing: VOICES[i % VOICES.length]!, language: 'English' },
    })),
    voice_over_dubbing: content.voice_over_dubbing.dubbing
      ? content.voice_over_dubbing
      : { dubbing: NARRATOR, language: 'English' },
  };
}

/** The section 5 problems of a finished story (as a publish checks them, pictures required). */
export function storyProblems(content: StoryContent, forbidden: ForbiddenWords): string[] {
  return validateStory(content, { mode: 'publish', forbidden, imageEditing: true }).map((i) => `${i.path}: ${i.message}`);
}

/**
 * The section 5 problems a writer's story has on its own: everything but pictures and voices, which the plan adds
 * later. Told back to the model when it must repair its answer.
 */
export function writtenStoryProblems(story: WrittenStory, styleCode: string, forbidden: ForbiddenWords): string[] {
  const content = assignVoices(assembleContent(story, styleCode));
  const placeholder = '/api/editor/art/placeholder.png';
  const withPictures: StoryContent = {
    ...content,
    characters: content.characters.map((c) => ({ ...c, character_url: placeholder })),
    nodes: content.nodes.map((n) => (isContentNode(n) ? { ...n, background_url: placeholder } : n)),
  };
  return storyProblems(withPictures, forbidden);
}
