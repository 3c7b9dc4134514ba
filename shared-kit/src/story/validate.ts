import { LIMITS } from '../constants';
import { CharacterType, NodeType, StoryGenType, ValidationErrorType } from '../enums';
import { displayLength, hasDeletedMention, stripSpacesAroundMentions, type MentionNames } from '../mentions';
import { checkCharacterName, isNoneStyleEnding } from '../validation';
import { NO_FORBIDDEN_WORDS, type ForbiddenWords } from './forbidden';
import { VOICE_OVER_SPEAKER } from './constants';
import { issueEnglish, type IssueCode, type IssueValues } from './issues';
import type { StoryContent } from './schema';
import { isContentNode, isGraphStory } from './graph/read';
import { validateGraph } from './graph/validate';

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
  /** In English (see ISSUE_MESSAGES), or a reviewer's own reason. */
  message: string;
  /** The shared rule's code, which a client says in its own words; none for a reviewer's own reason. */
  code?: IssueCode;
  values?: IssueValues;
  /** A graph problem's node (graph/validate). */
  node_id?: string;
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

  add(path: string, type: ValidationErrorType, code: IssueCode, values?: IssueValues): void {
    if (this.seen.has(path)) return;
    this.seen.add(path);
    this.issues.push({ path, type, message: issueEnglish(code, values), code, ...(values ? { values } : {}) });
  }

  required(path: string, value: string, code: IssueCode = 'required'): void {
    if (this.options.mode === 'publish' && isBlank(value))
      this.add(path, ValidationErrorType.Required, code);
  }

  /** Limits count mentions by the length of their displayed name (spec section 5). */
  limit(path: string, value: string, max: number): void {
    if (displayLength(value, this.names) > max) {
      this.add(path, ValidationErrorType.Limit, 'atMost', { max });
    }
  }

  noDeletedCharacter(path: string, value: string): void {
    if (hasDeletedMention(value, this.existingIds)) {
      this.add(path, ValidationErrorType.CharacterDeleted, 'deletedMention');
    }
  }

  /** Issues found by another rule set (the graph's), kept one per path like the rest. */
  merge(issues: readonly StoryIssue[]): void {
    for (const issue of issues) {
      if (this.seen.has(issue.path)) continue;
      this.seen.add(issue.path);
      this.issues.push(issue);
    }
  }

  noForbiddenWord(path: string, value: string): void {
    const word = this.forbidden.find(value);
    if (word !== null)
      this.add(path, ValidationErrorType.ForbiddenWord, 'forbiddenWord', { word });
  }
}

/** A story is played by talking to its characters: publishing needs at least one (the narrator's voice is none). */
function checkStoryCharacters(story: StoryContent, c: Checker): void {
  if (!story.characters.some((ch) => ch.type !== CharacterType.VoiceOver)) c.required('characters', '', 'addCharacter');
  checkCharacters(story, c);
}

function checkCharacters(story: StoryContent, c: Checker): void {
  const earlierNames: string[] = [];
  story.characters.forEach((ch, i) => {
    // The voice-over entry is the narrator's voice, not a character the creator names.
    if (ch.type === CharacterType.VoiceOver) return;
    const base = `characters.${i}`;
    const nameError = checkCharacterName(ch.character_name, earlierNames);
    if (nameError && !(nameError.type === ValidationErrorType.Required && c.options.mode === 'draft')) {
      c.add(`${base}.character_name`, nameError.type, nameError.code, nameError.values);
    }
    c.noForbiddenWord(`${base}.character_name`, ch.character_name);
    earlierNames.push(ch.character_name);

    c.required(`${base}.settings`, ch.settings);
    c.limit(`${base}.settings`, ch.settings, LIMITS.characterSettings);
    c.limit(`${base}.style`, ch.style, LIMITS.characterStyle);
    c.required(`${base}.dubbing_show`, ch.dubbing_show.dubbing, 'chooseVoice');
    c.required(`${base}.character_url`, ch.character_url, 'addPicture');
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
  c.required('prologue.character_id', speaker, 'chooseSpeaker');
  if (speaker !== '' && speaker !== VOICE_OVER_SPEAKER && !c.existingIds.has(speaker)) {
    c.add('prologue.character_id', ValidationErrorType.CharacterDeleted, 'speakerDeleted');
  }
  c.required('prologue.content', content);
  c.limit('prologue.content', content, LIMITS.prologue);
}

function checkPlots(story: StoryContent, c: Checker): void {
  const nodes = story.nodes;
  const graph = isGraphStory(story);
  // A Folder only groups nodes in the editor: it is not a plot.
  const plots = graph ? nodes.filter((n) => n.node_type !== NodeType.Folder).length : nodes.length;
  if (plots > LIMITS.maxPlots) c.add('nodes', ValidationErrorType.Limit, 'atMostPlots', { max: LIMITS.maxPlots });
  if (nodes.length === 0) c.required('nodes', '', 'addPlot');
  // A graph's structure is checked on publish (drafts save as they are), each problem on its node.
  if (graph && c.options.mode === 'publish') c.merge(validateGraph(story, { mode: 'publish' }));
  nodes.forEach((node, i) => {
    const base = `nodes.${i}`;
    // In a graph every scene has an objective leading on (its edge); an ending or a choice has none to require.
    if (graph && !isContentNode(node)) {
      c.limit(`${base}.name`, node.name, LIMITS.plotTitle);
      c.limit(`${base}.content`, node.content, LIMITS.plotContent);
      c.noDeletedCharacter(`${base}.content`, node.content);
      return;
    }
    const last = !graph && i === nodes.length - 1;
    const ending = node.ending_content;

    c.limit(`${base}.name`, node.name, LIMITS.plotTitle);
    if (/\s/.test(node.name))
      c.add(`${base}.name`, ValidationErrorType.CheckFailed, 'chapterNameSpaces');

    // A single plot may consist of its ending alone.
    if (!(nodes.length === 1 && !isBlank(ending))) c.required(`${base}.content`, node.content);
    c.limit(`${base}.content`, node.content, LIMITS.plotContent);
    c.noDeletedCharacter(`${base}.content`, node.content);

    if (last) c.required(`${base}.ending_content`, ending, 'lastEnding');
    else if (graph) c.required(`${base}.ending_content`, ending, 'objectiveRequired');
    c.limit(`${base}.ending_content`, ending, LIMITS.plotEnding);
    if (!isBlank(ending) && isNoneStyleEnding(ending)) {
      c.add(`${base}.ending_content`, ValidationErrorType.CheckFailed, 'endingNone');
    }
    if (!last && !isBlank(ending)) c.noForbiddenWord(`${base}.ending_content`, ending);
    c.noDeletedCharacter(`${base}.ending_content`, ending);

    if (c.options.imageEditing) {
      c.required(`${base}.background_url`, node.background_url, 'chooseBackground');
      c.required(
        `${base}.image_generate_style`,
        node.image_generate_style?.code ?? '',
        'chooseDrawingStyle',
      );
    }
  });
}

function checkNarratorVoice(story: StoryContent, c: Checker): void {
  c.required('voice_over_dubbing', story.voice_over_dubbing.dubbing, 'chooseNarrator');
}

function checkSettings(story: StoryContent, c: Checker): void {
  c.required('story_name', story.story_name);
  c.limit('story_name', story.story_name, LIMITS.storyName);
  c.limit('introduction', story.introduction, LIMITS.introduction);
  c.required('image_generate_style', story.image_generate_style?.code ?? '', 'chooseDrawingStyle');
}

function checkPlayer(story: StoryContent, c: Checker): void {
  c.limit('player.character_name', story.player.character_name, LIMITS.playerName);
  c.limit('player.settings', story.player.settings, LIMITS.playerSettings);
}

type SectionCheck = (story: StoryContent, c: Checker) => void;

const STORY_CHECKS: Record<StorySection, SectionCheck> = {
  characters: checkStoryCharacters,
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
    c.required('characters', '', 'botCharacter');
  } else if (named.length !== 1 || story.characters.length !== 1) {
    c.add('characters', ValidationErrorType.CheckFailed, 'botOneCharacter');
  }
  checkCharacters(story, c);
}

/** The bot's opening line is its prologue, spoken by the bot itself. */
function checkBotOpening(story: StoryContent, c: Checker): void {
  const { character_id: speaker, content } = story.prologue;
  if (speaker !== '' && !c.existingIds.has(speaker)) {
    c.add('prologue.character_id', ValidationErrorType.CharacterDeleted, 'botOwnOpening');
  }
  c.required('prologue.content', content, 'botOpeningLine');
  c.limit('prologue.content', content, LIMITS.prologue);
}

function checkBotHasNoChapters(story: StoryContent, c: Checker): void {
  if (story.nodes.length > 0) c.add('nodes', ValidationErrorType.CheckFailed, 'botNoChapters');
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
