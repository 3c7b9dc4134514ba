import { z } from 'zod';
import { CharacterType, NodeType, PublishType, StoryGenType } from '../enums';
import {
  CARD_LIST_CAP,
  LOREBOOK_DEFAULTS,
  LOREBOOK_ENTRIES_CAP,
  LOREBOOK_MAX_DEPTH,
  LOREBOOK_MAX_SCAN_DEPTH,
  LOREBOOK_MAX_TOKEN_BUDGET,
  LOREBOOK_POSITIONS,
  SELECTIVE_LOGICS,
  STORY_CHARACTERS_CAP,
  STORY_NODES_CAP,
  STORY_SHORT_TEXT_CAP,
  STORY_TEXT_CAP,
} from './constants';
import { itemId } from './ids';
import { nodeGraphFields, storyGraphFields } from './graph/schema';

/**
 * The story payload of `POST /api/editor/story/create` and `check_create` (spec sections 3 and 7), as zod schemas
 * shared by the editor and the api.
 *
 * These schemas check SHAPE only: types, id formats and hard size caps that keep a request bounded. The spec's
 * rules (required fields, the section 9 limits counted by displayed length, names, endings, mentions) live in
 * `validate.ts`, so a too-long text is reported there with its spec error type rather than as a shape error.
 * Strings are never coerced: an operator object such as `{"$ne": null}` where a string belongs fails here.
 */

export { itemId } from './ids';

/** Story and version ids are numeric strings; "0" (or absent) means a new story. */
export const storyIdString = z
  .string()
  .max(32, 'must be at most 32 characters')
  .regex(/^\d+$/, 'must be a numeric id');

/**
 * A picture reference: empty, one of our uploads, one of the built-in artworks (`/api/editor/art/<key>.png`), or an
 * absolute http(s) URL. Never `javascript:` or `data:`.
 */
export const imageUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .regex(
    /^(?:|\/api\/media\/[0-9a-fA-F]{24}|\/api\/editor\/art\/[a-z0-9_]{1,64}\.png|https?:\/\/[^\s"'<>]+)$/,
    'must be an uploaded picture or an http(s) URL',
  );

const text = (cap: number) => z.string().max(cap, `must be at most ${cap} characters`);

export const dubbingSchema = z.object({
  dubbing: text(128).default(''),
  language: text(35).default(''),
  dubbing_desc: text(200).optional(),
});
export type Dubbing = z.output<typeof dubbingSchema>;

export const characterSchema = z.object({
  character_id: itemId,
  character_name: text(STORY_SHORT_TEXT_CAP).default(''),
  settings: text(STORY_TEXT_CAP).default(''),
  style: text(STORY_TEXT_CAP).default(''),
  character_url: imageUrl.default(''),
  dubbing_show: dubbingSchema.default({ dubbing: '', language: '' }),
  type: z.enum([CharacterType.NPC, CharacterType.VoiceOver]).default(CharacterType.NPC),
  /** Other opening lines the creator may pick instead (a character card's `alternate_greetings`). */
  alternate_greetings: z.array(text(STORY_TEXT_CAP)).max(CARD_LIST_CAP, `at most ${CARD_LIST_CAP} greetings`).optional(),
  /** Notes for people who use the character, never sent to the model (a card's `creator_notes`). */
  creator_notes: text(STORY_TEXT_CAP).optional(),
  tags: z.array(text(STORY_SHORT_TEXT_CAP)).max(CARD_LIST_CAP, `at most ${CARD_LIST_CAP} tags`).optional(),
});
export type StoryCharacter = z.output<typeof characterSchema>;

export const playerSchema = z.object({
  character_name: text(STORY_SHORT_TEXT_CAP).default(''),
  settings: text(STORY_TEXT_CAP).default(''),
});
export type StoryPlayer = z.output<typeof playerSchema>;

export const prologueSchema = z.object({
  character_id: z.union([itemId, z.literal('')]).default(''),
  content: text(STORY_TEXT_CAP).default(''),
});
export type StoryPrologue = z.output<typeof prologueSchema>;

export const imageStyleRefSchema = z.object({ code: text(64) });

export const bgmInfoSchema = z.object({
  vid: text(64).default(''),
  music_style: text(64).default(''),
});

export const nodeSchema = z.object({
  node_id: itemId,
  node_type: z.enum(Object.values(NodeType) as [NodeType, ...NodeType[]]).default(NodeType.Simple),
  name: text(STORY_SHORT_TEXT_CAP).default(''),
  content: text(STORY_TEXT_CAP).default(''),
  ending_content: text(STORY_TEXT_CAP).default(''),
  end_visible: z.boolean().default(false),
  background_url: imageUrl.default(''),
  bgm_info: bgmInfoSchema.nullable().default(null),
  image_generate_style: imageStyleRefSchema.nullable().default(null),
  ...nodeGraphFields,
});
export type StoryNode = z.output<typeof nodeSchema>;

export const lorebookEntrySchema = z.object({
  entry_id: itemId,
  /** Shown in the editor only; never sent to the model. */
  name: text(STORY_SHORT_TEXT_CAP).default(''),
  keys: z.array(text(STORY_SHORT_TEXT_CAP)).max(CARD_LIST_CAP, `at most ${CARD_LIST_CAP} keys`).default([]),
  secondary_keys: z.array(text(STORY_SHORT_TEXT_CAP)).max(CARD_LIST_CAP, `at most ${CARD_LIST_CAP} keys`).default([]),
  /** When true, `selective_logic` also asks the secondary keys. */
  selective: z.boolean().default(false),
  selective_logic: z.enum(SELECTIVE_LOGICS).default('and_any'),
  /** Always in the prompt while enabled, keys or not. */
  constant: z.boolean().default(false),
  content: text(STORY_TEXT_CAP).default(''),
  /** Lower comes first in the prompt. */
  insertion_order: z.number().int().min(-100_000).max(100_000).default(100),
  /** Higher is kept first when the token budget is short. */
  priority: z.number().int().min(-100_000).max(100_000).default(10),
  position: z.enum(LOREBOOK_POSITIONS).default('before_char'),
  /**
   * With position `at_depth`: how many messages back from the newest the entry is inserted (0 after the newest, past
   * the oldest message before it). The keys are always looked for in the lorebook's `scan_depth` messages.
   */
  depth: z.number().int().min(0).max(LOREBOOK_MAX_DEPTH).default(0),
  /** The keys are regular expressions (`/pattern/flags`, or a bare pattern), as the V3 `use_regex`. */
  use_regex: z.boolean().default(false),
  case_sensitive: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type LorebookEntry = z.output<typeof lorebookEntrySchema>;

/** World info: entries added to a play's prompt when their keys come up (a character card's `character_book`). */
export const lorebookSchema = z.object({
  name: text(STORY_SHORT_TEXT_CAP).default(''),
  description: text(STORY_TEXT_CAP).default(''),
  scan_depth: z.number().int().min(1).max(LOREBOOK_MAX_SCAN_DEPTH).default(LOREBOOK_DEFAULTS.scanDepth),
  token_budget: z.number().int().min(16).max(LOREBOOK_MAX_TOKEN_BUDGET).default(LOREBOOK_DEFAULTS.tokenBudget),
  recursive_scanning: z.boolean().default(false),
  entries: z.array(lorebookEntrySchema).max(LOREBOOK_ENTRIES_CAP, `at most ${LOREBOOK_ENTRIES_CAP} entries`).default([]),
});
export type Lorebook = z.output<typeof lorebookSchema>;
export type LorebookInput = z.input<typeof lorebookSchema>;

/** What a story is made of: everything the editor saves, without the request's bookkeeping. */
export const storyContentSchema = z.object({
  story_gen_type: z
    .enum(Object.values(StoryGenType) as [StoryGenType, ...StoryGenType[]])
    .default(StoryGenType.UserDefined),
  story_name: text(STORY_SHORT_TEXT_CAP).default(''),
  introduction: text(STORY_TEXT_CAP).default(''),
  story_setting_visible: z.boolean().default(false),
  image_generate_style: imageStyleRefSchema.nullable().default(null),
  logo: imageUrl.default(''),
  loading_background: imageUrl.default(''),
  characters: z
    .array(characterSchema)
    .max(STORY_CHARACTERS_CAP, `at most ${STORY_CHARACTERS_CAP} characters`)
    .default([]),
  player: playerSchema.default({ character_name: '', settings: '' }),
  prologue: prologueSchema.default({ character_id: '', content: '' }),
  nodes: z.array(nodeSchema).max(STORY_NODES_CAP, `at most ${STORY_NODES_CAP} plots`).default([]),
  summary: text(STORY_TEXT_CAP).default(''),
  voice_over_dubbing: dubbingSchema.default({ dubbing: '', language: '' }),
  /** The story's or bot's world info; absent when it has none. */
  lorebook: lorebookSchema.optional(),
  /** A branching story's edges and variables (graph/schema); absent on a story of chapters in a line. */
  ...storyGraphFields,
});
export type StoryContent = z.output<typeof storyContentSchema>;
export type StoryContentInput = z.input<typeof storyContentSchema>;

/** `POST /api/editor/story/create` (and `check_create`): the content plus which story, which base version, and how. */
export const storyCreateSchema = storyContentSchema.extend({
  story_id: storyIdString.optional(),
  publish_type: z.enum([PublishType.Draft, PublishType.Publish]).default(PublishType.Draft),
  /** The version the client loaded; a save based on an older one is refused. Absent or "0" for a new story. */
  version: z.object({ version_id: storyIdString }).optional(),
  /**
   * false for the editor's automatic saves of the working copy: they never publish, and they are refused while a
   * version is under review (a save then restarts the review, which only the creator may choose to do).
   */
  user_manual_save: z.boolean().default(true),
  /** Brainstorm (story_gen_type AI): the creator's idea the AI turns into a story. */
  brain_storm_idea: text(STORY_TEXT_CAP).optional(),
  /** Brainstorm: true starts a generation plan from `brain_storm_idea` instead of saving the content as it is. */
  need_ai_gen: z.boolean().optional(),
  /** A new story made from a published template: the story is filled from the template with these values. */
  template: z
    .object({
      template_id: storyIdString,
      values: z.record(itemId, z.string().max(4000, 'is too long')).default({}),
    })
    .optional(),
});
export type StoryCreateRequest = z.output<typeof storyCreateSchema>;
export type StoryCreateInput = z.input<typeof storyCreateSchema>;

/** `data` of a successful `story/create`. */
export interface StoryCreateResponse {
  story_id: string;
  version_id: string;
  status: number;
  /** Set when the save started a brainstorm generation plan. */
  plan_generate?: PlanGenerate;
}

/** What a started generation plan tells the creator (spec section 3, "Plan generate"). */
export interface PlanGenerate {
  plan_id: string;
  pieces_enough: boolean;
  /** Generations left today after this one. */
  balance_pieces: number;
  /** Generations allowed per day. */
  total_pieces: number;
  /** Pictures this plan will draw. */
  estimated_pieces: number;
}
