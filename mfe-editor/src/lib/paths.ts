const FIELD_NAMES: Record<string, string> = {
  character_name: 'name',
  settings: 'settings',
  style: 'dialogue style',
  character_url: 'picture',
  dubbing_show: 'voice',
  name: 'title',
  content: 'content',
  ending_content: 'ending',
  background_url: 'background',
  image_generate_style: 'drawing style',
};

const TOP: Record<string, string> = {
  summary: 'Summary',
  'prologue.character_id': 'Prologue speaker',
  'prologue.content': 'Prologue',
  nodes: 'Chapters',
  voice_over_dubbing: 'Narrator voice',
  story_name: 'Story name',
  introduction: 'Introduction',
  image_generate_style: 'Image style',
  'player.character_name': 'Player name',
  'player.settings': 'Player settings',
};

/** Where an issue is, in words: `nodes.1.content` reads "Chapter 2 content". */
export function describePath(path: string): string {
  const top = TOP[path];
  if (top) return top;
  const [head, index, field = ''] = path.split('.');
  if ((head === 'characters' || head === 'nodes') && index !== undefined && /^\d+$/.test(index)) {
    const what = head === 'characters' ? 'Character' : 'Chapter';
    return `${what} ${Number(index) + 1} ${FIELD_NAMES[field] ?? field}`.trim();
  }
  return path;
}
