import { storyContentSchema } from '../schemas';
import { validateStory } from '../story/validate';
import { exampleValues, fieldIdsIn, fieldToken, fillTemplate, skeletonTexts, splitFields, type TemplateContent, type TemplateField } from './fill';
import { validateTemplate, validateTemplateValues } from './validate';

const field = (over: Partial<TemplateField>): TemplateField => ({
  field_id: 'hero',
  name: 'Hero',
  type: 'text',
  box: 'short',
  placeholder: 'A name',
  max_length: 10,
  is_optional: false,
  default_value: '',
  target: null,
  ...over,
});

function template(fields: TemplateField[]): TemplateContent {
  return {
    name: 'T',
    emoji: '🙂',
    description: 'D',
    category: 'other',
    cover: '',
    fields,
    allow_add_chapters: true,
    allow_add_roles: true,
    app_edit_only: false,
    story: storyContentSchema.parse({
      story_name: '@{field_hero} and the sea',
      characters: [{ character_id: 'c1', character_name: '@{field_hero}', settings: 'Brave @{field_hero}, from @{field_town}.' }],
      nodes: [{ node_id: 'n1', name: 'One', content: 'Meet @{character_c1} in @{field_town}.', ending_content: 'Go.' }],
    }),
  };
}

describe('template field placement', () => {
  it('finds and splits placeholders, leaving mentions alone', () => {
    const text = `Hi ${fieldToken('hero')}, ${fieldToken('hero')} meets @{character_c1}`;
    expect(fieldIdsIn(text)).toEqual(['hero']);
    expect(splitFields(text)).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'field', field_id: 'hero', raw: '@{field_hero}' },
      { type: 'text', text: ', ' },
      { type: 'field', field_id: 'hero', raw: '@{field_hero}' },
      { type: 'text', text: ' meets @{character_c1}' },
    ]);
  });

  it('fills every text, uses defaults for blanks, and sets pictures and music on their targets', () => {
    const t = template([
      field({}),
      field({ field_id: 'town', name: 'Town', is_optional: true, default_value: 'Oldport' }),
      field({ field_id: 'pic', name: 'Pic', type: 'image', target: { kind: 'character', id: 'c1' } }),
      field({ field_id: 'bg', name: 'Bg', type: 'image', target: { kind: 'chapter', id: 'n1' } }),
      field({ field_id: 'cover', name: 'Cover', type: 'image', target: { kind: 'cover', id: '' } }),
      field({ field_id: 'music', name: 'Music', type: 'sound', target: { kind: 'chapter', id: 'n1' } }),
    ]);
    const story = fillTemplate(t, {
      hero: 'Ada',
      town: ' ',
      pic: '/api/editor/art/ada.png',
      bg: '/api/editor/art/sea.png',
      cover: '/api/editor/art/cover.png',
      music: 'bgm_calm_shore',
    });
    expect(story.story_name).toBe('Ada and the sea');
    expect(story.characters[0]).toMatchObject({ character_name: 'Ada', settings: 'Brave Ada, from Oldport.', character_url: '/api/editor/art/ada.png' });
    expect(story.nodes[0]).toMatchObject({
      content: 'Meet @{character_c1} in Oldport.',
      background_url: '/api/editor/art/sea.png',
      bgm_info: { vid: 'bgm_calm_shore', music_style: '' },
    });
    expect(story.logo).toBe('/api/editor/art/cover.png');
    expect(story.loading_background).toBe('/api/editor/art/cover.png');
    // The template itself is untouched.
    expect(t.story.story_name).toBe('@{field_hero} and the sea');
  });

  it("fills lorebook entries' content and keys; a regular-expression key gets the value escaped; a key left blank goes", () => {
    const t = template([field({}), field({ field_id: 'town', name: 'Town', is_optional: true })]);
    t.story = storyContentSchema.parse({
      ...t.story,
      lorebook: {
        entries: [
          { entry_id: 'e1', keys: ['@{field_hero}', 'harbour'], secondary_keys: ['@{field_town}'], content: '@{field_hero} was born in @{field_town}.' },
          { entry_id: 'e2', keys: ['^@{field_hero}$'], use_regex: true, content: 'The hero.' },
        ],
      },
    });
    expect(skeletonTexts(t.story).filter((x) => x.path.startsWith('lorebook.')).map((x) => x.path)).toEqual([
      'lorebook.entries.0.keys.0',
      'lorebook.entries.0.keys.1',
      'lorebook.entries.0.secondary_keys.0',
      'lorebook.entries.0.content',
      'lorebook.entries.1.keys.0',
      'lorebook.entries.1.content',
    ]);
    const story = fillTemplate(t, { hero: 'Ada (the 2nd)', town: '' });
    expect(story.lorebook!.entries[0]).toMatchObject({ keys: ['Ada (the 2nd)', 'harbour'], secondary_keys: [], content: 'Ada (the 2nd) was born in .' });
    expect(story.lorebook!.entries[1]!.keys).toEqual(['^Ada \\(the 2nd\\)$']);
    expect(new RegExp(story.lorebook!.entries[1]!.keys[0]!).test('Ada (the 2nd)')).toBe(true);
    expect(t.story.lorebook!.entries[0]!.content).toBe('@{field_hero} was born in @{field_town}.');
    // A field placed only in the lorebook is placed; a deleted one there is named at its path.
    const placed = template([field({ field_id: 'lore', name: 'Lore' })]);
    placed.story = storyContentSchema.parse({ story_name: 'Sea', nodes: [{ node_id: 'n1', name: 'One', content: 'Sail.', ending_content: 'Go.' }], lorebook: { entries: [{ entry_id: 'e1', content: '@{field_lore} @{field_gone}' }] } });
    expect(validateTemplate(placed, 'draft').map((i) => `${i.path} ${i.rule}`)).toEqual(['story.lorebook.entries.0.content unknown_field']);
    expect(validateTemplate(placed, 'publish').some((i) => i.rule === 'unplaced')).toBe(false);
  });

  it('drops placeholders of missing or non-text fields', () => {
    const story = fillTemplate(template([field({ field_id: 'town', type: 'image' })]), {});
    expect(story.story_name).toBe(' and the sea');
  });

  it('example values are defaults, else placeholders; a filled example passes the draft rules', () => {
    const fields = [field({}), field({ field_id: 'town', name: 'Town', placeholder: '', default_value: 'Oldport' })];
    expect(exampleValues(fields)).toEqual({ hero: 'A name', town: 'Oldport' });
    expect(validateStory(fillTemplate(template(fields), exampleValues(fields)), { mode: 'draft' })).toEqual([]);
  });
});

describe('template rules', () => {
  it('field names are unique ignoring case and spaces', () => {
    const issues = validateTemplate(template([field({}), field({ field_id: 'town', name: ' HERO ' })]), 'draft');
    expect(issues.map((i) => `${i.path} ${i.rule}`)).toEqual(['fields.1.name duplicate_name']);
  });

  it('values at the limit pass, one over fails; optional blanks pass, required blanks fail', () => {
    const fields = [field({}), field({ field_id: 'town', name: 'Town', is_optional: true })];
    expect(validateTemplateValues(fields, { hero: 'x'.repeat(10) })).toEqual([]);
    expect(validateTemplateValues(fields, { hero: 'x'.repeat(11) }).map((i) => i.rule)).toEqual(['too_long']);
    expect(validateTemplateValues(fields, { hero: '' }).map((i) => i.rule)).toEqual(['required']);
    expect(validateTemplateValues([field({ default_value: 'Ann' })], {})).toEqual([]);
  });

  it("a picture's default is a picture and a sound's a music clip id; blank defaults pass", () => {
    const pic = (default_value: string) =>
      field({ field_id: 'pic', name: 'Face', type: 'image', target: { kind: 'cover', id: '' }, default_value });
    const tune = (default_value: string) =>
      field({ field_id: 'tune', name: 'Tune', type: 'sound', target: { kind: 'chapter', id: 'n1' }, default_value });
    // Only the field's own rules (the skeleton's texts place other fields).
    const rules = (f: ReturnType<typeof field>) =>
      validateTemplate(template([f]), 'draft')
        .filter((i) => i.path.startsWith('fields.'))
        .map((i) => `${i.path} ${i.rule}`);
    expect(rules(pic(''))).toEqual([]);
    expect(rules(pic('/api/editor/art/sea.png'))).toEqual([]);
    expect(rules(pic('javascript:alert(1)'))).toEqual(['fields.0.default_value bad_value']);
    expect(rules(tune('bgm_calm_shore'))).toEqual([]);
    expect(rules(tune('not a clip!'))).toEqual(['fields.0.default_value bad_value']);
  });

  it('publishing checks the skeleton against the story rules as a creator would fill it; a draft does not', () => {
    const complete = (fields: TemplateField[]): TemplateContent => {
      const t = template(fields);
      t.story = storyContentSchema.parse({
        story_name: '@{field_hero} and the sea',
        introduction: 'A tale.',
        image_generate_style: { code: 'anime' },
        characters: [
          { character_id: 'c1', character_name: 'Mara', settings: 'Brave, from @{field_hero}.', character_url: '', dubbing_show: { dubbing: 'en_female_calm', language: 'en' } },
        ],
        player: { character_name: 'Sam', settings: '' },
        prologue: { character_id: 'c1', content: 'Hello.' },
        nodes: [{ node_id: 'n1', name: 'One', content: 'Meet @{character_c1}.', ending_content: 'Go.' }],
        voice_over_dubbing: { dubbing: 'en_narrator', language: 'en' },
      });
      return t;
    };
    const storyRules = (t: TemplateContent, mode: 'draft' | 'publish') =>
      validateTemplate(t, mode)
        .filter((i) => i.rule === 'story_rule')
        .map((i) => `${i.path} ${i.code}`);
    const pic = (is_optional: boolean, default_value = '') =>
      field({ field_id: 'face', name: 'Face', type: 'image', is_optional, default_value, target: { kind: 'character', id: 'c1' } });
    // Mara's picture comes from a required picture field: always given, so the story can be published.
    expect(storyRules(complete([field({}), pic(false)]), 'publish')).toEqual([]);
    // An optional one with no default may be left blank: Mara would have no picture.
    expect(storyRules(complete([field({}), pic(true)]), 'publish')).toEqual(['story.characters.0.character_url addPicture']);
    expect(storyRules(complete([field({}), pic(true, '/api/editor/art/mara.png')]), 'publish')).toEqual([]);
    // A character added without a voice: the template's to fix, at its place in the skeleton.
    const voiceless = complete([field({}), pic(false)]);
    voiceless.story.characters[0]!.dubbing_show = { dubbing: '', language: '' };
    expect(storyRules(voiceless, 'publish')).toEqual(['story.characters.0.dubbing_show chooseVoice']);
    expect(storyRules(voiceless, 'draft')).toEqual([]);
  });
});
