import { z } from 'zod';
import { DialogueStatus, DialogueType, Emotion, PlayStatus, SendLimitStatus } from '../enums';
import { enumOf, isoDate } from './common';
import { dialogueGraphFields, endingGraphFields, endingsFoundSchema, playGraphInfoSchema } from './playGraph';

const storyBasics = {
  story_id: z.string(),
  version_id: z.string(),
  story_name: z.string(),
  introduction: z.string(),
  logo: z.string(),
  loading_background: z.string(),
};

/** A feed, search or history card (`story/list`, `search`, `played_story`). */
export const storyCardSchema = z.object({
  ...storyBasics,
  chapters_count: z.number().int(),
  characters_count: z.number().int(),
  creator: z.object({ uid: z.string(), nickname: z.string(), avatar: z.string() }),
  ai_generated: z.boolean(),
  /** A bot (a character chat, story_gen_type SingleBot) rather than a story: shared as share type Bot. */
  is_bot: z.boolean(),
  /** Likes and visible comments (the api always sends them; optional for cards built before they existed). */
  like_count: z.number().int().optional(),
  comment_count: z.number().int().optional(),
});
export type StoryCard = z.infer<typeof storyCardSchema>;

/** A history entry: the card plus where the player's latest play stands. */
export const playedStorySchema = storyCardSchema.extend({
  play_id: z.string(),
  play_status: enumOf(PlayStatus),
  turns: z.number().int(),
  last_played_at: isoDate.nullable(),
});
export type PlayedStory = z.infer<typeof playedStorySchema>;

/** A conversation (`chat_list`): the story's latest play and the last line said in it (null before any). */
export const chatEntrySchema = playedStorySchema.extend({
  last_line: z
    .object({ role: z.string(), character_name: z.string(), content: z.string(), type: enumOf(DialogueType) })
    .nullable(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

const lastLineSchema = z
  .object({ role: z.string(), character_name: z.string(), content: z.string(), type: enumOf(DialogueType) })
  .nullable();

/** One of the caller's plays of a story (`story/play_list`): where it stands and the last line said (null before any). */
export const playEntrySchema = z.object({
  play_id: z.string(),
  story_id: z.string(),
  version_id: z.string(),
  play_status: enumOf(PlayStatus),
  chapter_index: z.number().int(),
  chapters_count: z.number().int(),
  turns: z.number().int(),
  ending: z.object({ type: z.string() }).nullable(),
  created_at: isoDate.nullable(),
  last_played_at: isoDate.nullable(),
  last_line: lastLineSchema,
});
export type PlayEntry = z.infer<typeof playEntrySchema>;
export const playListSchema = z.object({ plays: z.array(playEntrySchema), has_more: z.boolean(), next_offset: z.number().int() });
export type PlayList = z.infer<typeof playListSchema>;

export const castMemberSchema = z.object({
  character_id: z.string(),
  character_name: z.string(),
  character_url: z.string(),
  type: z.string(),
});
export type CastMember = z.infer<typeof castMemberSchema>;

/** `detail`: the card plus the cast and chapters as players may see them. */
export const playerStoryDetailSchema = storyCardSchema.extend({
  player: z.object({ character_name: z.string(), settings: z.string() }),
  characters: z.array(castMemberSchema),
  chapters: z.array(z.object({ node_id: z.string(), index: z.number().int(), background_url: z.string(), objective: z.string() })),
  prologue: z.object({ character_id: z.string(), content: z.string() }),
  /** The viewer liked the story (false for a visitor). */
  liked: z.boolean().optional(),
  comment_status: z.string().optional(),
});
export type PlayerStoryDetail = z.infer<typeof playerStoryDetailSchema>;

export const dialogueRoleSchema = z.enum(['player', 'npc', 'narrator', 'system']);
export type DialogueRole = z.infer<typeof dialogueRoleSchema>;

export const dialogueSchema = z.object({
  dialogue_id: z.string(),
  play_id: z.string(),
  seq: z.number().int(),
  type: enumOf(DialogueType),
  status: enumOf(DialogueStatus),
  role: dialogueRoleSchema,
  character_id: z.string(),
  character_name: z.string(),
  emotion: enumOf(Emotion),
  content: z.string(),
  group_id: z.string(),
  node_id: z.string(),
  /** False while the reply is being written. */
  done: z.boolean(),
  error_code: z.number().int(),
  covers_upto_seq: z.number().int(),
  created_at: isoDate.nullable(),
  /** A regenerated reply: its texts, oldest first (absent before the first regeneration); `content` is `alternatives[shown]`. */
  alternatives: z.array(z.string()).optional(),
  shown: z.number().int().optional(),
  /** A player's line said on a call (recognised speech), absent for typed ones. */
  spoken: z.boolean().optional(),
  ...dialogueGraphFields,
});
export type Dialogue = z.infer<typeof dialogueSchema>;

export const sendLimitSchema = z.object({
  status: enumOf(SendLimitStatus),
  code: z.number().int(),
  used: z.number().int(),
  limit: z.number().int(),
  /** A guest's limit is lifted by logging in; a daily one resets at 00:00 UTC. */
  scope: z.enum(['guest', 'daily']),
});
export type SendLimit = z.infer<typeof sendLimitSchema>;

export const endingTypeSchema = z.enum(['HappyEnding', 'BadEnding']);

export const playInfoSchema = z.object({
  play_id: z.string(),
  story_id: z.string(),
  version_id: z.string(),
  is_draft: z.boolean(),
  status: enumOf(PlayStatus),
  node_id: z.string(),
  chapter_index: z.number().int(),
  chapters_count: z.number().int(),
  /** The current chapter's public objective; empty when the creator keeps it hidden. */
  chapter_objective: z.string(),
  turns: z.number().int(),
  last_seq: z.number().int(),
  replying: z.boolean(),
  ending: z.object({ type: endingTypeSchema, content: z.string() }).nullable(),
  latest_version_id: z.string().nullable(),
  has_newer_version: z.boolean(),
  ai_mode: z.enum(['offline', 'model']),
  ai_generated: z.boolean(),
  /** Where the player stands with the chat limit (`play_info` only); null for members. */
  send_limit: sendLimitSchema.nullable().optional(),
  /** The current chapter's background music (a `bgm_list` clip), or null when it has none. */
  bgm: z.object({ vid: z.string(), url: z.string() }).nullable().optional(),
  /**
   * Before the first turn, when the opening line's speaker has other opening lines: every opening the player may
   * choose (`story/choose_greeting`), the opening line first, and which one the play began with.
   */
  greetings: z.array(z.string()).optional(),
  greeting: z.number().int().optional(),
  /** A branching story: the node, the visible variables, the choices on offer (contracts/playGraph.ts). */
  graph: playGraphInfoSchema.optional(),
  story: z.object({
    ...storyBasics,
    player: z.object({ character_name: z.string() }),
    characters: z.array(castMemberSchema),
  }),
});
export type PlayInfo = z.infer<typeof playInfoSchema>;

export const playStartSchema = z.object({ play_info: playInfoSchema, dialogues: z.array(dialogueSchema) });
export type PlayStart = z.infer<typeof playStartSchema>;

export const dialoguePageSchema = z.object({
  play_id: z.string(),
  dialogues: z.array(dialogueSchema),
  has_more_before: z.boolean(),
  has_more_after: z.boolean(),
  last_seq: z.number().int(),
});
export type DialoguePage = z.infer<typeof dialoguePageSchema>;

export const sendResultSchema = z.object({
  play_id: z.string(),
  group_id: z.string(),
  input_dialogue: dialogueSchema.nullable(),
  reply_dialogue_ids: z.array(z.string()),
  seq_st: z.number().int(),
  seq_ed: z.number().int(),
  send_limit: sendLimitSchema.nullable(),
  guest: z.boolean(),
  /** An edit of the latest message (ours): the old turn's rows from this number on are gone. */
  removed_from_seq: z.number().int().optional(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

export const backtrackResultSchema = z.object({ play_info: playInfoSchema, removed_after_seq: z.number().int() });
export type BacktrackResult = z.infer<typeof backtrackResultSchema>;
/** `message/show_alternative` (ours): the reply with the version now shown. */
export const showAlternativeResultSchema = z.object({ dialogue: dialogueSchema });
export type ShowAlternativeResult = z.infer<typeof showAlternativeResultSchema>;
/** `message/stop` (ours): false when the reply had already finished. */
export const stopReplyResultSchema = z.object({ stopped: z.boolean() });
export type StopReplyResult = z.infer<typeof stopReplyResultSchema>;

export const endingInfoSchema = z.object({
  play_id: z.string(),
  story_id: z.string(),
  story_name: z.string(),
  ending_type: endingTypeSchema,
  is_happy: z.boolean(),
  content: z.string(),
  chapters_count: z.number().int(),
  chapter_index: z.number().int(),
  turns: z.number().int(),
  ended_at: isoDate,
  ...endingGraphFields,
});
export type EndingInfo = z.infer<typeof endingInfoSchema>;

export const latestVersionSchema = z.object({
  story_id: z.string(),
  latest_version_id: z.string(),
  play_version_id: z.string().nullable(),
  has_newer_version: z.boolean(),
});
export type LatestVersion = z.infer<typeof latestVersionSchema>;

export const coverageSchema = z.object({
  story_id: z.string(),
  has_play: z.boolean(),
  play_id: z.string().nullable(),
  turns: z.number().int(),
  will_cover: z.boolean(),
});
export type Coverage = z.infer<typeof coverageSchema>;

/** One sentence of a line, spoken (as the reply stream's `audio` events carry it). */
export const lineClipSchema = z.object({
  index: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  voice: z.string(),
  url: z.string(),
  bytes: z.number().int(),
  mime: z.string(),
});
export type LineClip = z.infer<typeof lineClipSchema>;
/** The reply stream's `audio` event: a sentence of a reply spoken, right after its text. */
export const speechClipSchema = lineClipSchema.extend({ dialogue_id: z.string(), seq: z.number().int() });
export type SpeechClip = z.infer<typeof speechClipSchema>;
export const dialogueAudioSchema = z.object({ dialogue_id: z.string(), clips: z.array(lineClipSchema) });
export type DialogueAudio = z.infer<typeof dialogueAudioSchema>;

const cardPage = z.object({ stories: z.array(storyCardSchema), has_more: z.boolean(), next_offset: z.number().int() });
export type StoryPage = z.infer<typeof cardPage>;

export const PLAY_CONTRACTS = {
  'GET /tyler/story/list': cardPage,
  'GET /tyler/story/info': storyCardSchema.extend({ can_play: z.boolean() }),
  'GET /tyler/detail': playerStoryDetailSchema,
  'GET /tyler/latest_version': latestVersionSchema,
  'GET /tyler/related_story_list': z.object({ stories: z.array(storyCardSchema) }),
  'POST /tyler/search': cardPage.extend({ total: z.number().int() }),
  'POST /tyler/story/start_play': playStartSchema,
  'POST /tyler/story/start_play_draft': playStartSchema,
  'GET /tyler/play_info': playInfoSchema,
  'GET /tyler/dialogue_list': dialoguePageSchema,
  'POST /tyler/message/send': sendResultSchema,
  'POST /tyler/story/backtrack': backtrackResultSchema,
  'POST /tyler/message/show_alternative': showAlternativeResultSchema,
  'POST /tyler/message/stop': stopReplyResultSchema,
  'POST /tyler/story/restart_play': playStartSchema,
  'POST /tyler/story/choose_greeting': playStartSchema,
  'POST /tyler/story/sync_latest_play': playStartSchema,
  'GET /tyler/play_ending_info': endingInfoSchema,
  'GET /tyler/story/endings': endingsFoundSchema,
  'GET /tyler/played_story': z.object({ stories: z.array(playedStorySchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'GET /tyler/chat_list': z.object({ stories: z.array(chatEntrySchema), has_more: z.boolean(), next_offset: z.number().int() }),
  'GET /tyler/del_played_story': z.object({ story_id: z.string(), hidden: z.number().int() }),
  'POST /tyler/del_played_story': z.object({ story_id: z.string(), hidden: z.number().int() }),
  'GET /tyler/check_coverage': coverageSchema,
  'GET /tyler/story/play_list': playListSchema,
  'GET /voice/dialogue_audio': dialogueAudioSchema,
} satisfies Record<string, z.ZodType>;
