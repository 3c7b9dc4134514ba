/**
 * A complete story as the editor's story/create takes it, ready to publish: one character, one chapter, every field
 * the automated review reads. Tests may change its summary (one with the e2e word list's made-up word is
 * failed by the automated review).
 */
export function publishableStory(name: string, words: { summary?: string } = {}): Record<string, unknown> {
  return {
    story_gen_type: 'UserDefined',
    story_name: name,
    introduction: 'A storm, a keeper and a lamp that must not go out.',
    story_setting_visible: false,
    image_generate_style: { code: 'anime' },
    logo: '',
    loading_background: '',
    characters: [
      {
        character_id: 'c1',
        character_name: 'Mira',
        settings: 'The keeper of the lighthouse.',
        style: 'Speaks softly.',
        character_url: '/api/media/0123456789abcdef01234567',
        dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
        type: 'NPC',
      },
    ],
    player: { character_name: 'Alex', settings: 'A traveller.' },
    prologue: { character_id: 'c1', content: 'Welcome, traveller. The lamp needs oil.' },
    nodes: [
      {
        node_id: 'n1',
        node_type: 'Simple',
        name: 'Arrival',
        content: 'You reach the island at dusk.',
        ending_content: 'Find the keeper.',
        end_visible: true,
        background_url: '',
        bgm_info: null,
        image_generate_style: null,
      },
    ],
    summary: words.summary ?? 'A keeper and a traveller keep a lighthouse burning through a storm.',
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
    publish_type: 'Publish',
  };
}
