import { ValidationErrorType as T } from '../enums';
import { storyContentSchema, type StoryContent } from './schema';
import { validateStory, validateStorySection } from './validate';
import { draft, publish, typeAt } from './validate.fixtures';

describe('bot rules (story_gen_type SingleBot)', () => {
  function validBot(): StoryContent {
    return storyContentSchema.parse({
      story_gen_type: 'SingleBot',
      story_name: 'Mira',
      characters: [
        {
          character_id: 'b1',
          character_name: 'Mira',
          settings: 'A lighthouse keeper who likes to chat.',
          character_url: '/api/media/0123456789abcdef01234567',
          dubbing_show: { dubbing: 'en_female_calm', language: 'en' },
        },
      ],
      prologue: { character_id: 'b1', content: 'Hello, traveller.' },
    });
  }

  it('publishes without chapters, story name, drawing style or narrator voice', () => {
    const b = validBot();
    b.story_name = '';
    expect(validateStory(b, publish)).toEqual([]);
    // The same content as a story misses everything a story needs.
    const asStory = { ...b, story_gen_type: 'UserDefined' as const };
    expect(validateStory(asStory, publish).map((i) => i.path)).toEqual(
      expect.arrayContaining(['nodes', 'voice_over_dubbing', 'story_name', 'image_generate_style']),
    );
  });

  it("runs the character rules on the bot's character", () => {
    const b = validBot();
    b.characters[0]!.character_url = '';
    b.characters[0]!.dubbing_show.dubbing = '';
    b.characters[0]!.character_name = 'Mi#ra';
    b.characters[0]!.settings = 'x'.repeat(2001);
    expect(validateStory(b, publish)).toEqual([
      {
        path: 'characters.0.character_name',
        type: T.CheckFailed,
        message: 'Name must not contain special characters',
        code: 'nameSpecial',
      },
      { path: 'characters.0.settings', type: T.Limit, message: 'At most 2000 characters', code: 'atMost', values: { max: 2000 } },
      { path: 'characters.0.dubbing_show', type: T.Required, message: 'Choose a voice', code: 'chooseVoice' },
      { path: 'characters.0.character_url', type: T.Required, message: 'Add a picture', code: 'addPicture' },
    ]);
    b.characters[0]!.character_name = 'My badword';
    expect(typeAt(b, 'characters.0.character_name')).toBe(T.ForbiddenWord);
  });

  it('needs its opening line (150/151) and no other speaker', () => {
    const b = validBot();
    b.prologue.content = 'x'.repeat(150);
    expect(validateStory(b, publish)).toEqual([]);
    b.prologue.content = 'x'.repeat(151);
    expect(typeAt(b, 'prologue.content')).toBe(T.Limit);
    b.prologue.content = ' ';
    expect(typeAt(b, 'prologue.content')).toBe(T.Required);
    expect(typeAt(b, 'prologue.content', draft)).toBeUndefined();
    b.prologue = { character_id: 'someone', content: 'Hi.' };
    expect(typeAt(b, 'prologue.character_id')).toBe(T.CharacterDeleted);
  });

  it('has exactly one character and no chapters', () => {
    const b = validBot();
    b.characters.push({ ...b.characters[0]!, character_id: 'b2', character_name: 'Tom' });
    expect(typeAt(b, 'characters')).toBe(T.CheckFailed);
    b.characters = [];
    b.prologue.character_id = '';
    expect(typeAt(b, 'characters')).toBe(T.Required);
    expect(typeAt(b, 'characters', draft)).toBeUndefined();
    const c = validBot();
    c.nodes = storyContentSchema.parse({ nodes: [{ node_id: 'n1', content: 'x' }] }).nodes;
    expect(typeAt(c, 'nodes')).toBe(T.CheckFailed);
    expect(validateStorySection('nodes', validBot(), publish)).toEqual([]);
    expect(validateStorySection('voice_over_dubbing', validBot(), publish)).toEqual([]);
  });
});
