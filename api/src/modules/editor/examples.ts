import { characterMention, playerMention, type StoryContent } from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';

/** Complete stories that pass every publish rule: the editor's "see an example". */
const LIGHTHOUSE: StoryContent = storyContentSchema.parse({
  story_name: 'The Last Lighthouse',
  introduction: 'A storm cuts the island off. The keeper hides something, and only you can find out what.',
  logo: '/api/editor/art/lighthouse_in_a_storm.png',
  image_generate_style: { code: 'watercolor' },
  characters: [
    {
      character_id: 'mira',
      character_name: 'Mira',
      settings:
        'The lighthouse keeper, forty, patient and guarded. She lost her brother to the sea and blames herself.',
      style: 'Short sentences. Answers questions with questions when nervous.',
      character_url: '/api/editor/art/portrait_lighthouse_keeper_mira.png',
      dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
    },
    {
      character_id: 'tom',
      character_name: 'Tom',
      settings: 'A young fisherman stranded by the storm. Talkative, curious, a little reckless.',
      style: 'Jokes to hide fear.',
      character_url: '/api/editor/art/portrait_young_fisherman_tom.png',
      dubbing_show: { dubbing: 'en_male_warm', language: 'en' },
    },
  ],
  player: {
    character_name: 'Traveller',
    settings: 'A writer who came to the island looking for a quiet place.',
  },
  prologue: {
    character_id: 'mira',
    content: 'You should not have come tonight. The sea takes what it wants.',
  },
  nodes: [
    {
      node_id: 'arrival',
      name: 'Arrival',
      content: `${playerMention()} reaches the lighthouse soaked. ${characterMention('mira')} lets them in but keeps the upper door locked. ${characterMention('tom')} is already by the fire.`,
      ending_content: `Learn why ${characterMention('mira')} keeps the upper door locked.`,
      end_visible: true,
    },
    {
      node_id: 'the-lamp',
      name: 'The_lamp',
      content: `The lamp fails. In the dark, ${characterMention('mira')} must decide whether to trust ${playerMention()} with the key.`,
      ending_content: 'Relight the lamp before a ship hits the rocks.',
      end_visible: true,
    },
  ],
  summary: `${playerMention()} is stranded at a lighthouse with ${characterMention('mira')} and ${characterMention('tom')} during a storm.`,
  voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
});

const CAFE: StoryContent = storyContentSchema.parse({
  story_name: 'Cafe at Midnight',
  introduction: 'A cafe that opens only at midnight, and a barista who remembers every customer.',
  image_generate_style: { code: 'anime' },
  characters: [
    {
      character_id: 'ren',
      character_name: 'Ren',
      settings: 'The barista. Kind, unhurried, knows more about the customers than they tell him.',
      style: 'Warm, speaks in small observations.',
      character_url: '/api/editor/art/portrait_midnight_barista_ren.png',
      dubbing_show: { dubbing: 'en_male_warm', language: 'en' },
    },
  ],
  prologue: { character_id: 'ren', content: 'Welcome back. The usual, or are you someone else tonight?' },
  nodes: [
    {
      node_id: 'order',
      name: 'The_order',
      content: `${characterMention('ren')} asks ${playerMention()} what brought them here so late.`,
      ending_content: `Tell ${characterMention('ren')} the real reason you came.`,
    },
  ],
  voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
});

export const EXAMPLES = [
  { example_id: 'lighthouse', title: 'A mystery in several chapters', story: LIGHTHOUSE },
  { example_id: 'cafe', title: 'A one-chapter conversation', story: CAFE },
] as const;

/** `get_example`: the main example. */
export function getExample() {
  return { story: LIGHTHOUSE };
}

/** `get_example_v2`: every example with a title. */
export function getExamplesV2() {
  return { examples: EXAMPLES.map((e) => ({ ...e })) };
}
