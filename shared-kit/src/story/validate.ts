import { LIMITS } from '../constants';
import { CharacterType, StoryGenType, ValidationErrorType } from '../enums';
import { displayLength, hasDeletedMention, stripSpacesAroundMentions, type MentionNames } from '../mentions';
import { checkCharacterName, isNoneStyleEnding } from '../validation';
import { NO_FORBIDDEN_WORDS, type ForbiddenWords } from './forbidden';
import { VOICE_OVER_SPEAKER } from './constants';
import type { StoryContent } from './schema';

/**
 * The story rules of spec section 5, each written once, as pure functions over the story content. The editor runs
 * them before saving and the api runs them on every `story/create`; both report the same `[{path, type, message}]`.
 *
 * Modes: a Draft save may be incomplete, so `draft` skips the required-field rules (type 1) and keeps every other
 * rule (limits, names, forbidden words, deleted characters, plot count). `publish` runs all of them.
 *
 * Rule sets: `story_gen_type` picks them. A bot (SingleBot) is one character with an opening line (the prologue),
 * a picture and a voice: it has no chapters, story name, drawing style or narrator voice to require, so it gets the
 * character rules, the opening-line rules and the shape rules of a bot. Every other type gets the story rules.
 */

export interface StoryIssue {
  /** Dotted path into the payload, e.g. `nodes.3.ending_content`. */
  path: string;
  type: ValidationErrorType;
  message: string;
}

export type StoryCheckMode = 'draft' | 'publish';

export interface StoryRuleOptions {
  mode: StoryCheckMode;
  /** Forbidden words for the rules that check them (character names, non-last plot endings). */
  forbidden?: ForbiddenWords;
  /** True when the editor shows image editing (spec: plot background and style are then required). */
  imageEditing?: boolean;
}

/** The sections in the order the editor scrolls to the first error (spec section 5), player last. */
export const STORY_SECTION_ORDER = [
  'characters',
  'summary',
  'prologue',
  'nodes',
  'voice_over_dubbing',
  'settings',
  'player',
] as const;
export type StorySection = (typeof STORY_SECTION_ORDER)[number];

/** The failure modal's title for each error type (spec section 5). */
export const STORY_ERROR_TITLES: Record<ValidationErrorType, string> = {
  [ValidationErrorType.Required]: 'Missing info',
  [ValidationErrorType.Limit]: 'Word or character limit',
  [ValidationErrorType.ForbiddenWord]: 'Special word check',
  [ValidationErrorType.CheckFailed]: 'Special word check',
  [ValidationErrorType.CharacterDeleted]: 'Plot involves deleted character',
};

/** How `@{player}` and `@{allCharacters}` read when the player has no name yet. */
export const DEFAULT_PLAYER_LABEL = 'Player';
export const ALL_CHARACTERS_LABEL = 'All characters';

/** The display names mentions are shown with, and counted by, for this story. */
export function storyMentionNames(story: Pick<StoryContent, 'characters' | 'player'>): MentionNames {
  const characters: Record<string, string> = {};
  for (const c of story.characters) characters[c.character_id] = c.character_name;
  return {
    player: story.player.character_name.trim() || DEFAULT_PLAYER_LABEL,
    allCharacters: ALL_CHARACTERS_LABEL,
    characters,
  };
}

/** Spec: spaces around mention nodes are removed from chapter content and ending before saving. */
export function normalizeStory<T extends Pick<StoryContent, 'nodes'>>(story: T): T {
  return {
    ...story,
    nodes: story.nodes.map((n) => ({
      ...n,
      content: stripSpacesAroundMentions(n.content),
      ending_content: stripSpacesAroundMentions(n.ending_content),
    })),
  };
}

const isBlank = (s: string): boolean => s.trim() === '';

/** Collects issues, keeping only the first one per field so each field shows one message. */
class Checker {
  readonly issues: StoryIssue[] = [];
  private readonly seen = new Set<string>();
  readonly names: MentionNames;
  readonly existingIds: Set<string>;
  readonly forbidden: ForbiddenWords;

  constructor(
    story: StoryContent,
    readonly options: StoryRuleOptions,
  ) {
    this.names = storyMentionNames(story);
    this.existingIds = new Set(story.characters.map((c) => c.character_id));
    this.forbidden = options.forbidden ?? NO_FORBIDDEN_WORDS;
  }

  add(path: string, type: ValidationErrorType, message: string): void {
    if (this.seen.has(path)) return;
    this.seen.add(path);
    this.issues.push({ path, type, message });
  }

  required(path: string, value: string, message = 'This field is required'): void {
    if (this.options.mode === 'publish' && isBlank(value))
      this.add(path, ValidationErrorType.Required, message);
  }

  /** Limits count mentions by the length of their displayed name (spec section 5). */
  limit(path: string, value: string, max: number): void {
    if (displayLength(value, this.names) > max) {
      this.add(path, ValidationErrorType.Limit, `At most ${max} characters`);
    }
  }

  noDeletedCharacter(path: string, value: string): void {
    if (hasDeletedMention(value, this.existingIds)) {
      this.add(path, ValidationErrorType.CharacterDeleted, 'Mentions a character that was deleted');
    }
  }

  noForbiddenWord(path: string, value: string): void {
    const word = this.forbidden.find(value);
    if (word !== null)
      this.add(path, ValidationErrorType.ForbiddenWord, `Contains a forbidden word: "${word}"`);
  }
}

function checkCharacters(story: StoryContent, c: Checker): void {
  const earlierNames: string[] = [];
  story.characters.forEach((ch, i) => {
    // The voice-over entry is the narrator's voice, not a character the creator names.
    if (ch.type === CharacterType.VoiceOver) return;
    const base = `characters.${i}`;
    const nameError = checkCharacterName(ch.character_name, earlierNames);
    if (nameError && !(nameError.type === ValidationErrorType.Required && c.options.mode === 'draft')) {
      c.add(`${base}.character_name`, nameError.type, nameError.message);
    }
    c.noForbiddenWord(`${base}.character_name`, ch.character_name);
    earlierNames.push(ch.character_name);

    c.required(`${base}.settings`, ch.settings);
    c.limit(`${base}.settings`, ch.settings, LIMITS.characterSettings);
    c.limit(`${base}.style`, ch.style, LIMITS.characterStyle);
    c.required(`${base}.dubbing_show`, ch.dubbing_show.dubbing, 'Choose a voice');
    c.required(`${base}.character_url`, ch.character_url, 'Add a picture');
  });
}

function checkSummary(story: StoryContent, c: Checker): void {
  // Spec: the summary is validated only when there is more than one plot.
  if (story.nodes.length <= 1) return;
  c.limit('summary', story.summary, LIMITS.summary);
  c.noDeletedCharacter('summary', story.summary);
}

function checkPrologue(story: StoryContent, c: Checker): void {
  const { character_id: speaker, content } = story.prologue;
  c.required('prologue.character_id', speaker, 'Choose who speaks the prologue');
  if (speaker !== '' && speaker !== VOICE_OVER_SPEAKER && !c.existingIds.has(speaker)) {
    c.add('prologue.character_id', ValidationErrorType.CharacterDeleted, 'The prologue speaker was deleted');
  }
  c.required('prologue.content', content);
  c.limit('prologue.content', content, LIMITS.prologue);
}

function checkPlots(story: StoryContent, c: Checker): void {
  const nodes = story.nodes;
  if (nodes.length > LIMITS.maxPlots) {
    c.add('nodes', ValidationErrorType.Limit, `At most ${LIMITS.maxPlots} plots`);
  }
  if (nodes.length === 0) c.required('nodes', '', 'Add at least one plot');
  nodes.forEach((node, i) => {
    const base = `nodes.${i}`;
    const last = i === nodes.length - 1;
    const ending = node.ending_content;

    c.limit(`${base}.name`, node.name, LIMITS.plotTitle);
    if (/\s/.test(node.name))
      c.add(`${base}.name`, ValidationErrorType.CheckFailed, 'Chapter names cannot contain spaces');

    // A single plot may consist of its ending alone.
    if (!(nodes.length === 1 && !isBlank(ending))) c.required(`${base}.content`, node.content);
    c.limit(`${base}.content`, node.content, LIMITS.plotContent);
    c.noDeletedCharacter(`${base}.content`, node.content);

    if (last) c.required(`${base}.ending_content`, ending, 'The last plot needs an ending');
    c.limit(`${base}.ending_content`, ending, LIMITS.plotEnding);
    if (!isBlank(ending) && isNoneStyleEnding(ending)) {
      c.add(`${base}.ending_content`, ValidationErrorType.CheckFailed, 'Write an ending instead of "none"');
    }
    if (!last && !isBlank(ending)) c.noForbiddenWord(`${base}.ending_content`, ending);
    c.noDeletedCharacter(`${base}.ending_content`, ending);

    if (c.options.imageEditing) {
      c.required(`${base}.background_url`, node.background_url, 'Choose a background');
      c.required(
        `${base}.image_generate_style`,
        node.image_generate_style?.code ?? '',
        'Choose a drawing style',
      );
    }
  });
}

function checkNarratorVoice(story: StoryContent, c: Checker): void {
  c.required('voice_over_dubbing', story.voice_over_dubbing.dubbing, 'Choose the narrator voice');
}

function checkSettings(story: StoryContent, c: Checker): void {
  c.required('story_name', story.story_name);
  c.limit('story_name', story.story_name, LIMITS.storyName);
  c.limit('introduction', story.introduction, LIMITS.introduction);
  c.required('image_generate_style', story.image_generate_style?.code ?? '', 'Choose a drawing style');
}

function checkPlayer(story: StoryContent, c: Checker): void {
  c.limit('player.character_name', story.player.character_name, LIMITS.playerName);
  c.limit('player.settings', story.player.settings, LIMITS.playerSettings);
}

type SectionCheck = (story: StoryContent, c: Checker) => void;

const STORY_CHECKS: Record<StorySection, SectionCheck> = {
  characters: checkCharacters,
  summary: checkSummary,
  prologue: checkPrologue,
  nodes: checkPlots,
  voice_over_dubbing: checkNarratorVoice,
  settings: checkSettings,
  player: checkPlayer,
};

/** A bot has exactly one character; the voice-over entry of a story has no place in it. */
function checkBotCharacter(story: StoryContent, c: Checker): void {
  const named = story.characters.filter((ch) => ch.type !== CharacterType.VoiceOver);
  if (story.characters.length === 0) {
    c.required('characters', '', 'Create the bot\'s character');
  } else if (named.length !== 1 || story.characters.length !== 1) {
    c.add('characters', ValidationErrorType.CheckFailed, 'A bot has exactly one character');
  }
  checkCharacters(story, c);
}

/** The bot's opening line is its prologue, spoken by the bot itself. */
function checkBotOpening(story: StoryContent, c: Checker): void {
  const { character_id: speaker, content } = story.prologue;
  if (speaker !== '' && !c.existingIds.has(speaker)) {
    c.add('prologue.character_id', ValidationErrorType.CharacterDeleted, 'The opening line must be the bot\'s own');
  }
  c.required('prologue.content', content, 'Write the bot\'s opening line');
  c.limit('prologue.content', content, LIMITS.prologue);
}

function checkBotHasNoChapters(story: StoryContent, c: Checker): void {
  if (story.nodes.length > 0) c.add('nodes', ValidationErrorType.CheckFailed, 'A bot has no chapters');
}

/** Nothing is required of a bot's settings (its name and look are its character's), but the limits still hold. */
function checkBotSettings(story: StoryContent, c: Checker): void {
  c.limit('story_name', story.story_name, LIMITS.storyName);
  c.limit('introduction', story.introduction, LIMITS.introduction);
}

const none: SectionCheck = () => undefined;

const BOT_CHECKS: Record<StorySection, SectionCheck> = {
  characters: checkBotCharacter,
  summary: none,
  prologue: checkBotOpening,
  nodes: checkBotHasNoChapters,
  voice_over_dubbing: none,
  settings: checkBotSettings,
  player: none,
};

/** The rule set for a kind of creation: the bot rules for SingleBot, the story rules for everything else. */
function checksFor(story: Pick<StoryContent, 'story_gen_type'>): Record<StorySection, SectionCheck> {
  return story.story_gen_type === StoryGenType.SingleBot ? BOT_CHECKS : STORY_CHECKS;
}

/** Runs one section's rules (the editor re-checks a section when it changes). */
export function validateStorySection(
  section: StorySection,
  story: StoryContent,
  options: StoryRuleOptions,
): StoryIssue[] {
  const c = new Checker(story, options);
  checksFor(story)[section](story, c);
  return c.issues;
}

/**
 * Every rule over the whole story (or bot), issues in the editor's scroll order. Pass the story through
 * `normalizeStory` first, as saving does, so lengths are counted on what will be stored.
 */
export function validateStory(story: StoryContent, options: StoryRuleOptions): StoryIssue[] {
  const c = new Checker(story, options);
  const checks = checksFor(story);
  for (const section of STORY_SECTION_ORDER) checks[section](story, c);
  return c.issues;
}
