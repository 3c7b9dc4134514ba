import { createForbiddenWords } from './forbidden';
import { storyContentSchema, type StoryContent } from './schema';
import { validateStory, type StoryRuleOptions } from './validate';

// The story rules' tests' common parts: a forbidden-word list, the two modes, a valid story and issue lookups.

export const forbidden = createForbiddenWords(['badword', 'evil phrase']);
export const publish: StoryRuleOptions = { mode: 'publish', forbidden };
export const draft: StoryRuleOptions = { mode: 'draft', forbidden };

/** A complete story that passes every rule; tests change one thing at a time. */
export function validStory(): StoryContent {
  return storyContentSchema.parse({
    story_name: 'The Lighthouse',
    introduction: 'A storm, a keeper and a secret.',
    image_generate_style: { code: 'anime' },
    characters: [
      {
        character_id: 'c1',
        character_name: 'Mira',
        settings: 'The keeper of the lighthouse.',
        style: 'Speaks softly.',
        character_url: '/api/media/0123456789abcdef01234567',
        dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
      },
      {
        character_id: 'c2',
        character_name: 'Tom',
        settings: 'A sailor.',
        character_url: '/api/media/0123456789abcdef01234568',
        dubbing_show: { dubbing: 'en_male_deep', language: 'en' },
      },
    ],
    player: { character_name: 'Alex', settings: 'A traveller.' },
    prologue: { character_id: 'c1', content: 'Welcome, traveller.' },
    nodes: [
      {
        node_id: 'n1',
        name: 'Arrival',
        content: 'You reach the island.',
        ending_content: 'Find the keeper.',
      },
      { node_id: 'n2', name: 'Storm', content: 'The storm breaks.', ending_content: 'Survive the night.' },
    ],
    summary: 'Two nights on the island.',
    voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
  });
}


/** The issues the rules find at a path. */
export const issuesAt = (story: StoryContent, path: string, options = publish) =>
  validateStory(story, options).filter((i) => i.path === path);
/** The kind of the first issue at a path. */
export const typeAt = (story: StoryContent, path: string, options = publish) =>
  issuesAt(story, path, options)[0]?.type;
