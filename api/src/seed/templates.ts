import {
  CharacterType,
  NodeType,
  StoryGenType,
  TemplateBox,
  TemplateFieldType,
  TemplateStatus,
  TemplateTargetKind,
  type TemplateCategory,
  type TemplateField,
  type UserRole,
} from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import type { Logger } from '../lib/logger';
import { Template, TemplateWhiteList } from '../modules/template/template.model';
import { saveTemplate } from '../modules/template/template.service';
import { User } from '../modules/users/user.model';
import { DEMO_CREATOR_USERNAME } from './stories';

/*
 * Three demo templates, so the gallery is not empty on a fresh machine: a mystery, a romance and a survival story.
 * Each is a whole story (characters with pictures and voices, chapters with objectives) with a few blanks, so what a
 * creator makes from one can be published straight away. Pictures are the built-in artwork.
 */

const art = (key: string): string => `/api/editor/art/${key}.png`;

const text = (id: string, name: string, placeholder: string, defaults: string, over: Partial<TemplateField> = {}): TemplateField => ({
  field_id: id,
  name,
  type: TemplateFieldType.Text,
  box: TemplateBox.Short,
  placeholder,
  max_length: 30,
  is_optional: false,
  default_value: defaults,
  target: null,
  ...over,
});

interface DemoTemplate {
  name: string;
  emoji: string;
  category: TemplateCategory;
  description: string;
  cover: string;
  fields: TemplateField[];
  story: Parameters<typeof storyContentSchema.parse>[0];
}

const character = (id: string, name: string, settings: string, style: string, picture: string, voice: string) => ({
  character_id: id,
  character_name: name,
  settings,
  style,
  // Character art is drawn as a portrait, with a face the picture check finds.
  character_url: art(`portrait_${picture}`),
  dubbing_show: { dubbing: voice, language: 'English' },
  type: CharacterType.NPC,
});

const chapter = (id: string, name: string, content: string, ending: string, bgm: string) => ({
  node_id: id,
  node_type: NodeType.Simple,
  name,
  content,
  ending_content: ending,
  end_visible: true,
  background_url: '',
  bgm_info: { vid: bgm, music_style: '' },
  image_generate_style: null,
});

const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Locked Room Mystery',
    emoji: '🕵️',
    category: 'mystery',
    description: 'A body, a locked door and three suspects. Name the place and the victim; the detective does the rest.',
    cover: art('locked_room_mystery'),
    fields: [
      text('place', 'Place', 'An old manor on the moor', 'Blackwood Manor'),
      text('victim', 'Victim', 'Who was found behind the door', 'Lord Ashby'),
      text('clue', 'Hidden clue', 'What the detective notices first', 'a wet umbrella by a dry window', {
        box: TemplateBox.Long,
        max_length: 200,
        is_optional: true,
      }),
      {
        field_id: 'cover_art',
        name: 'Cover picture',
        type: TemplateFieldType.Image,
        box: TemplateBox.Short,
        placeholder: '',
        max_length: 0,
        is_optional: true,
        default_value: '',
        target: { kind: TemplateTargetKind.Cover, id: '' },
      },
    ],
    story: {
      story_gen_type: StoryGenType.UserDefined,
      story_name: 'Murder at @{field_place}',
      introduction: '@{field_victim} lies behind a door locked from the inside. The storm has cut @{field_place} off until morning.',
      image_generate_style: { code: 'cinematic' },
      characters: [
        character('inspector', 'Inspector Vale', 'A patient inspector who trusts evidence over stories. Dry humour, sharp eyes.', 'Doors do not lock themselves. Show me the key. Who had it last?', 'inspector_in_a_long_coat', 'en_male_deep'),
        character('maid', 'Nell', 'The housemaid at @{field_place}. Nervous, loyal, knows every corridor.', 'I only brought the tea, sir. I swear I heard the bolt slide.', 'nervous_housemaid_with_a_candle', 'en_female_bright'),
      ],
      player: { character_name: 'Detective', settings: 'A private detective invited for the weekend.' },
      prologue: { character_id: 'inspector', content: 'The door was bolted from inside. Look around before the others wake.' },
      nodes: [
        chapter('study', 'TheStudy', 'In the study at @{field_place}, @{character_inspector} shows you the bolted door. You notice @{field_clue}.', 'Find the spare key in the study.', 'bgm_night_chase'),
        chapter('parlour', 'TheParlour', '@{character_maid} waits in the parlour. Someone here wanted @{field_victim} silenced.', 'Name the culprit to the inspector.', 'bgm_old_letters'),
      ],
      summary: 'A locked-room murder at @{field_place} solved in one stormy night.',
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'English' },
    },
  },
  {
    name: 'Letters Across the Sea',
    emoji: '💌',
    category: 'romance',
    description: 'Two people, one ocean between them, and a letter that arrives a year late. Fill in the names and the town.',
    cover: art('letters_across_the_sea'),
    fields: [
      text('beloved', 'Beloved', 'The name of the one far away', 'Elena'),
      text('town', 'Harbour town', 'Where the letters arrive', 'Port Avery'),
      text('memory', 'Shared memory', 'A moment both remember', 'the night the lanterns went up', {
        box: TemplateBox.Long,
        max_length: 200,
        is_optional: true,
      }),
    ],
    story: {
      story_gen_type: StoryGenType.UserDefined,
      story_name: 'Letters to @{field_beloved}',
      introduction: 'A letter from @{field_beloved} reaches @{field_town} a year late. It asks one question.',
      image_generate_style: { code: 'watercolor' },
      characters: [
        character('beloved', '@{field_beloved}', 'Writes letters full of small details. Warm, brave, and waiting for an answer.', 'Do you remember @{field_memory}? I still do.', 'woman_writing_a_letter_by_a_window', 'en_female_calm'),
        character('postmaster', 'Old Tobin', 'The postmaster of @{field_town}. Romantic at heart, pretends not to be.', 'A late letter is still a letter. Read it twice.', 'old_postmaster_with_spectacles', 'en_male_warm'),
      ],
      player: { character_name: 'Sam', settings: 'A sailor home for one week in @{field_town}.' },
      prologue: { character_id: 'postmaster', content: 'This came for you. It is a year old, but the ink still smells of roses.' },
      nodes: [
        chapter('letter', 'TheLetter', '@{character_postmaster} hands you the letter from @{field_beloved} in @{field_town}.', 'Read the letter aloud.', 'bgm_first_light'),
        chapter('answer', 'TheAnswer', 'The ship leaves at dawn. @{character_beloved} is waiting for an answer.', 'Write your answer and send it.', 'bgm_calm_shore'),
      ],
      summary: 'A late letter and the answer to it.',
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'English' },
    },
  },
  {
    name: 'Seven Days Stranded',
    emoji: '🏝️',
    category: 'survival',
    description: 'A wreck, an island and seven days until the supply ship passes. Choose the island and your one companion.',
    cover: art('seven_days_stranded'),
    fields: [
      text('island', 'Island', 'Name the island', 'Cinder Key'),
      text('companion', 'Companion', 'Who washed up with you', 'Kit'),
      text('item', 'One thing saved', 'What you pulled from the wreck', 'a flare gun', { is_optional: true }),
    ],
    story: {
      story_gen_type: StoryGenType.UserDefined,
      story_name: 'Stranded on @{field_island}',
      introduction: 'The boat is gone. On @{field_island} you have @{field_companion}, @{field_item} and seven days.',
      image_generate_style: { code: 'anime' },
      characters: [
        character('companion', '@{field_companion}', 'Survived the wreck with you. Good at knots, bad at waiting.', 'We build first, we panic later. Deal?', 'castaway_on_a_beach_with_rope', 'en_female_bright'),
      ],
      player: { character_name: 'Castaway', settings: 'Washed up on @{field_island} with almost nothing.' },
      prologue: { character_id: 'companion', content: 'You are awake. Good. The tide took the boat, but not us.' },
      nodes: [
        chapter('shore', 'TheShore', 'On the shore of @{field_island}, @{character_companion} drags driftwood from the surf.', 'Build a shelter from the driftwood.', 'bgm_open_road'),
        chapter('signal', 'TheSignal', 'On the seventh day a ship shows on the horizon. You still have @{field_item}.', 'Light the signal fire on the hill.', 'bgm_night_chase'),
      ],
      summary: 'Seven days on @{field_island} until a ship passes.',
      voice_over_dubbing: { dubbing: 'en_narrator', language: 'English' },
    },
  },
];

/**
 * Puts the demo creator on the template whitelist and publishes the demo templates the creator does not have yet
 * (recognised by name), through the template module's own save: running it again never duplicates one.
 */
export async function seedTemplates(logger: Logger, now: () => number = Date.now): Promise<string[]> {
  const creator = await User.findOne({ username_key: DEMO_CREATOR_USERNAME }).lean<{ uid: string; roles: string[] }>();
  if (!creator) {
    logger.warn({ username: DEMO_CREATOR_USERNAME }, 'demo creator missing; demo templates not seeded');
    return [];
  }
  await TemplateWhiteList.updateOne({ uid: creator.uid }, { $setOnInsert: { uid: creator.uid, added_by: 'seed' } }, { upsert: true });
  const created: string[] = [];
  for (const t of DEMO_TEMPLATES) {
    if (await Template.exists({ uid: creator.uid, name: t.name })) continue;
    await saveTemplate(
      { uid: creator.uid, roles: creator.roles as UserRole[] },
      {
        name: t.name,
        emoji: t.emoji,
        description: t.description,
        category: t.category,
        cover: t.cover,
        fields: t.fields,
        allow_add_chapters: true,
        allow_add_roles: true,
        app_edit_only: false,
        story: storyContentSchema.parse(t.story),
        status: TemplateStatus.Published,
      },
      now(),
    );
    created.push(t.name);
  }
  if (created.length > 0) logger.info({ created }, 'demo templates seeded');
  return created;
}
