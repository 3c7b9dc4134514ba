import { ValidationErrorType as T } from '../enums';
import { characterMention, playerMention } from '../mentions';
import { VOICE_OVER_SPEAKER } from './constants';
import { storyContentSchema } from './schema';
import { normalizeStory, validateStory, validateStorySection } from './validate';
import { draft, issuesAt, publish, typeAt, validStory } from './validate.fixtures';

describe('validateStory: a valid story', () => {
  it('has no issues in either mode', () => {
    expect(validateStory(validStory(), publish)).toEqual([]);
    expect(validateStory(validStory(), draft)).toEqual([]);
  });
  it('lets a draft be incomplete but not over a limit', () => {
    const s = storyContentSchema.parse({ nodes: [{ node_id: 'n1', content: 'x'.repeat(3001) }] });
    expect(validateStory(s, draft)).toEqual([
      { path: 'nodes.0.content', type: T.Limit, message: 'At most 3000 characters', code: 'atMost', values: { max: 3000 } },
    ]);
    expect(validateStory(s, publish).some((i) => i.type === T.Required)).toBe(true);
  });
});

describe('character rules', () => {
  it('name: required, 30/31, spaces, special characters, reserved, unique, forbidden', () => {
    const s = validStory();
    const at = (name: string) => {
      s.characters[0]!.character_name = name;
      return issuesAt(s, 'characters.0.character_name')[0];
    };
    expect(at('   ')?.type).toBe(T.Required);
    expect(at('x'.repeat(30))).toBeUndefined();
    expect(at('x'.repeat(31))?.type).toBe(T.Limit);
    expect(at(' Mira')?.type).toBe(T.CheckFailed);
    expect(at('Mira ')?.type).toBe(T.CheckFailed);
    for (const ch of [
      '@',
      '#',
      '$',
      '%',
      '^',
      '&',
      '*',
      '+',
      '=',
      '~',
      '`',
      '|',
      '\\',
      '<',
      '>',
      '(',
      '[',
      '{',
      ',',
      '.',
      '，',
      '。',
    ]) {
      expect(at(`Mi${ch}ra`)?.message).toBe('Name must not contain special characters');
    }
    for (const reserved of ['user', 'USER', ' Player', 'play er', 'NARRATOR', 'nar rator', '旁白', '旁 白']) {
      expect(at(reserved)?.type).toBe(T.CheckFailed);
    }
    expect(at('Tom')).toBeUndefined(); // the first of two equal names is fine, the second is reported
    expect(issuesAt(s, 'characters.1.character_name')[0]?.message).toBe('Name already used');
    expect(at('My badword')?.type).toBe(T.ForbiddenWord);
    expect(at('Badwordsmith')).toBeUndefined();
  });
  it('settings: required, 2000/2001 counted by displayed mention names', () => {
    const s = validStory();
    s.characters[0]!.settings = 'x'.repeat(2000);
    expect(typeAt(s, 'characters.0.settings')).toBeUndefined();
    s.characters[0]!.settings = 'x'.repeat(2001);
    expect(typeAt(s, 'characters.0.settings')).toBe(T.Limit);
    // "@{character_c2}" is 15 characters but displays as "Tom" (3).
    s.characters[0]!.settings = 'x'.repeat(1997) + characterMention('c2');
    expect(typeAt(s, 'characters.0.settings')).toBeUndefined();
    s.characters[0]!.settings = 'x'.repeat(1998) + characterMention('c2');
    expect(typeAt(s, 'characters.0.settings')).toBe(T.Limit);
    s.characters[0]!.settings = '';
    expect(typeAt(s, 'characters.0.settings')).toBe(T.Required);
  });
  it('style 300/301, voice and picture required; the voice-over entry is not a named character', () => {
    const s = validStory();
    s.characters[0]!.style = 'x'.repeat(300);
    expect(typeAt(s, 'characters.0.style')).toBeUndefined();
    s.characters[0]!.style = 'x'.repeat(301);
    expect(typeAt(s, 'characters.0.style')).toBe(T.Limit);
    s.characters[1]!.dubbing_show.dubbing = '';
    s.characters[1]!.character_url = '';
    expect(typeAt(s, 'characters.1.dubbing_show')).toBe(T.Required);
    expect(typeAt(s, 'characters.1.character_url')).toBe(T.Required);
    s.characters.push({ ...s.characters[1]!, character_id: 'vo', character_name: '', type: 'VoiceOver' });
    expect(issuesAt(s, 'characters.2.character_name')).toEqual([]);
  });

  it('a story needs at least one character to publish (the voice-over entry is none); a draft does not', () => {
    const s = validStory();
    const voiceOver = { ...s.characters[1]!, character_id: 'vo', character_name: '', type: 'VoiceOver' as const };
    s.characters = [voiceOver];
    s.prologue.character_id = VOICE_OVER_SPEAKER;
    s.nodes.forEach((n) => {
      n.content = 'The tide comes in.';
      n.ending_content = n.ending_content ? 'The tide goes out.' : '';
    });
    s.summary = '';
    expect(issuesAt(s, 'characters')).toEqual([
      { path: 'characters', type: T.Required, message: 'Add at least one character', code: 'addCharacter' },
    ]);
    expect(validateStory(s, draft)).toEqual([]);
    s.characters = [];
    expect(typeAt(s, 'characters')).toBe(T.Required);
  });
});

describe('story rules', () => {
  it('story name required (non-blank), 30/31; introduction 300/301; image style required', () => {
    const s = validStory();
    s.story_name = '  ';
    expect(typeAt(s, 'story_name')).toBe(T.Required);
    s.story_name = 'x'.repeat(30);
    expect(typeAt(s, 'story_name')).toBeUndefined();
    s.story_name = 'x'.repeat(31);
    expect(typeAt(s, 'story_name')).toBe(T.Limit);
    s.introduction = 'x'.repeat(300);
    expect(typeAt(s, 'introduction')).toBeUndefined();
    s.introduction = 'x'.repeat(301);
    expect(typeAt(s, 'introduction')).toBe(T.Limit);
    s.image_generate_style = null;
    expect(typeAt(s, 'image_generate_style')).toBe(T.Required);
  });
  it('summary is checked only with more than one plot: 300/301 and deleted characters', () => {
    const s = validStory();
    s.summary = 'x'.repeat(300);
    expect(typeAt(s, 'summary')).toBeUndefined();
    s.summary = 'x'.repeat(301);
    expect(typeAt(s, 'summary')).toBe(T.Limit);
    s.summary = `About ${characterMention('gone')}`;
    expect(typeAt(s, 'summary')).toBe(T.CharacterDeleted);
    s.nodes = s.nodes.slice(0, 1);
    s.summary = 'x'.repeat(301);
    expect(typeAt(s, 'summary')).toBeUndefined();
  });
  it('prologue: speaker and text required, 150/151, a deleted speaker, the voice-over speaker', () => {
    const s = validStory();
    s.prologue = { character_id: '', content: '' };
    expect(typeAt(s, 'prologue.character_id')).toBe(T.Required);
    expect(typeAt(s, 'prologue.content')).toBe(T.Required);
    s.prologue = { character_id: VOICE_OVER_SPEAKER, content: 'x'.repeat(150) };
    expect(validateStorySection('prologue', s, publish)).toEqual([]);
    s.prologue = { character_id: 'gone', content: 'x'.repeat(151) };
    expect(typeAt(s, 'prologue.character_id')).toBe(T.CharacterDeleted);
    expect(typeAt(s, 'prologue.content')).toBe(T.Limit);
  });
  it('narrator voice required; player name 30/31 and settings 1000/1001, both optional', () => {
    const s = validStory();
    s.voice_over_dubbing.dubbing = '';
    expect(typeAt(s, 'voice_over_dubbing')).toBe(T.Required);
    s.player = { character_name: '', settings: '' };
    expect(validateStorySection('player', s, publish)).toEqual([]);
    s.player = { character_name: 'x'.repeat(30), settings: 'x'.repeat(1000) };
    expect(validateStorySection('player', s, publish)).toEqual([]);
    s.player = { character_name: 'x'.repeat(31), settings: 'x'.repeat(1001) };
    expect(validateStorySection('player', s, publish).map((i) => i.type)).toEqual([T.Limit, T.Limit]);
  });
});

describe('plot rules', () => {
  const plots = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      node_id: `n${i}`,
      node_type: 'Simple' as const,
      name: `P${i}`,
      content: 'Something happens.',
      ending_content: 'Go on.',
      end_visible: false,
      background_url: '',
      bgm_info: null,
      image_generate_style: null,
    }));
  it('100 plots pass, 101 do not', () => {
    const s = validStory();
    s.nodes = plots(100);
    expect(typeAt(s, 'nodes')).toBeUndefined();
    s.nodes = plots(101);
    expect(typeAt(s, 'nodes')).toBe(T.Limit);
    s.nodes = [];
    expect(typeAt(s, 'nodes')).toBe(T.Required);
  });
  it('title 30/31 and no spaces; content required, 3000/3001, deleted characters', () => {
    const s = validStory();
    s.nodes[0]!.name = 'x'.repeat(30);
    expect(typeAt(s, 'nodes.0.name')).toBeUndefined();
    s.nodes[0]!.name = 'x'.repeat(31);
    expect(typeAt(s, 'nodes.0.name')).toBe(T.Limit);
    s.nodes[0]!.name = 'Two words';
    expect(issuesAt(s, 'nodes.0.name')[0]?.message).toBe('Chapter names cannot contain spaces');
    s.nodes[0]!.content = 'x'.repeat(3000);
    expect(typeAt(s, 'nodes.0.content')).toBeUndefined();
    s.nodes[0]!.content = 'x'.repeat(3001);
    expect(typeAt(s, 'nodes.0.content')).toBe(T.Limit);
    s.nodes[0]!.content = '';
    expect(typeAt(s, 'nodes.0.content')).toBe(T.Required);
    s.nodes[0]!.content = `Then ${characterMention('gone')} arrives`;
    expect(typeAt(s, 'nodes.0.content')).toBe(T.CharacterDeleted);
  });
  it('a single plot may have only an ending', () => {
    const s = validStory();
    s.nodes = [{ ...s.nodes[0]!, content: '', ending_content: 'Escape.' }];
    expect(typeAt(s, 'nodes.0.content')).toBeUndefined();
    s.nodes[0]!.ending_content = '';
    expect(typeAt(s, 'nodes.0.content')).toBe(T.Required);
  });
  it('ending: 100/101, required on the last plot, none-words, forbidden words on non-last plots, deleted characters', () => {
    const s = validStory();
    s.nodes[1]!.ending_content = 'x'.repeat(100);
    expect(typeAt(s, 'nodes.1.ending_content')).toBeUndefined();
    s.nodes[1]!.ending_content = 'x'.repeat(101);
    expect(typeAt(s, 'nodes.1.ending_content')).toBe(T.Limit);
    s.nodes[1]!.ending_content = ' ';
    expect(typeAt(s, 'nodes.1.ending_content')).toBe(T.Required);
    s.nodes[0]!.ending_content = '';
    expect(typeAt(s, 'nodes.0.ending_content')).toBeUndefined();
    for (const none of ['None', 'no', ' N O ', '无', 'NONE']) {
      s.nodes[1]!.ending_content = none;
      expect(typeAt(s, 'nodes.1.ending_content')).toBe(T.CheckFailed);
    }
    s.nodes[1]!.ending_content = 'Nobody wins';
    expect(typeAt(s, 'nodes.1.ending_content')).toBeUndefined();
    s.nodes[0]!.ending_content = 'An Evil  Phrase here';
    expect(typeAt(s, 'nodes.0.ending_content')).toBe(T.ForbiddenWord);
    s.nodes[0]!.ending_content = `Meet ${characterMention('gone')}`;
    expect(typeAt(s, 'nodes.0.ending_content')).toBe(T.CharacterDeleted);
  });
  it('background and drawing style are required only while image editing is shown', () => {
    const s = validStory();
    expect(typeAt(s, 'nodes.0.background_url')).toBeUndefined();
    expect(typeAt(s, 'nodes.0.background_url', { ...publish, imageEditing: true })).toBe(T.Required);
    expect(typeAt(s, 'nodes.0.image_generate_style', { ...publish, imageEditing: true })).toBe(T.Required);
  });
});

describe('normalizeStory', () => {
  it('removes spaces around mentions in plot content and ending only', () => {
    const s = validStory();
    s.nodes[0]!.content = `Hello  ${characterMention('c1')} , and ${playerMention()}\tthere`;
    s.nodes[0]!.ending_content = `Find ${characterMention('c2')} .`;
    s.summary = `Keep  ${characterMention('c1')}  spaces`;
    const n = normalizeStory(s);
    expect(n.nodes[0]!.content).toBe(`Hello${characterMention('c1')}, and${playerMention()}there`);
    expect(n.nodes[0]!.ending_content).toBe(`Find${characterMention('c2')}.`);
    expect(n.summary).toBe(s.summary);
    expect(s.nodes[0]!.content).toContain('  '); // the input is not mutated
  });
  it('counts limits after normalizing: 3000 characters plus spaces around a mention fit', () => {
    const s = validStory();
    s.nodes[0]!.content = `${'x'.repeat(2997)} ${characterMention('c2')} `;
    expect(typeAt(s, 'nodes.0.content')).toBe(T.Limit);
    expect(typeAt(normalizeStory(s), 'nodes.0.content')).toBeUndefined();
  });
});

describe('issue order', () => {
  it('follows characters, summary, prologue, plots, narrator voice, settings', () => {
    const s = validStory();
    s.story_name = '';
    s.voice_over_dubbing.dubbing = '';
    s.nodes[1]!.ending_content = '';
    s.prologue.content = '';
    s.summary = 'x'.repeat(301);
    s.characters[0]!.settings = '';
    expect(validateStory(s, publish).map((i) => i.path)).toEqual([
      'characters.0.settings',
      'summary',
      'prologue.content',
      'nodes.1.ending_content',
      'voice_over_dubbing',
      'story_name',
    ]);
  });
});
