import { editorText } from '../i18n';

/** Catalogue keys (`paths.*`) of the story's top-level fields. */
const TOP: Record<string, string> = {
  characters: 'characters',
  summary: 'summary',
  'prologue.character_id': 'prologueSpeaker',
  'prologue.content': 'prologue',
  nodes: 'nodes',
  voice_over_dubbing: 'narratorVoice',
  story_name: 'storyName',
  introduction: 'introduction',
  image_generate_style: 'imageStyle',
  'player.character_name': 'playerName',
  'player.settings': 'playerSettings',
};

const ITEM_FIELDS = new Set([
  'character_name',
  'settings',
  'style',
  'character_url',
  'dubbing_show',
  'name',
  'content',
  'ending_content',
  'background_url',
  'image_generate_style',
]);

/** Where an issue is, in words of the UI language: `nodes.1.content` reads "Chapter 2 content". */
export function describePath(path: string): string {
  const top = TOP[path];
  if (top) return editorText(`paths.${top}`);
  const [head, index, field = ''] = path.split('.');
  if ((head === 'characters' || head === 'nodes') && index !== undefined && /^\d+$/.test(index)) {
    const words = ITEM_FIELDS.has(field) ? editorText(`paths.fields.${field}`) : field;
    return editorText(head === 'characters' ? 'paths.characterField' : 'paths.chapterField', { n: Number(index) + 1, field: words }).trim();
  }
  return path;
}
