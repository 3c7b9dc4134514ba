import { offlineStoryFromIdea } from '../src/modules/plan/plan.offline';

/* The offline storyteller's brainstorm, read as a newcomer reads its result: names that are names, a sensible title. */

const NAMELESS =
  'A lighthouse keeper finds a message in a bottle from her future self warning about a shipwreck.';

describe('the offline brainstorm', () => {
  it("names an idea's characters with people's names when the idea names nobody, never with its nouns", () => {
    const story = offlineStoryFromIdea(NAMELESS);
    const names = story.characters.map((c) => c.character_name);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(new Set(names).size).toBe(names.length);
    for (const noun of [
      'Message',
      'Bottle',
      'Future',
      'Shipwreck',
      'Self',
      'Warning',
      'Wanderer',
      'Keeper',
    ]) {
      expect(names).not.toContain(noun);
    }
    // The title pairs the hero with the idea's key thing, and never repeats a word ("Message and the Message").
    expect(story.story_name).toBe(`${names[0]} and the Message`);
    expect(story.prologue.speaker_name).toBe(names[0]);
  });

  it('picks the same names for the same idea, and keeps the names an idea gives', () => {
    expect(offlineStoryFromIdea(NAMELESS).characters.map((c) => c.character_name)).toEqual(
      offlineStoryFromIdea(NAMELESS).characters.map((c) => c.character_name),
    );
    const named = offlineStoryFromIdea(
      'A lighthouse keeper named Mara finds a message in a bottle from her lost brother Tobin.',
    );
    expect(named.characters.map((c) => c.character_name)).toEqual(['Mara', 'Tobin']);
  });
});
