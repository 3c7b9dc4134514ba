import { z } from 'zod';
import { CARD_LIST_CAP } from '../story/constants';
import { REPLY_ALTERNATIVES_MAX } from '../constants';

/**
 * What the player sends to `/api/tyler/*` (feed, story pages, plays, turns, the reply stream, history), as the api
 * validates it: the api parses each call's query or body with these, the player types what it sends from them.
 */

/** Ids are numeric strings; anything else (including operator objects) is a 1009 before any query runs. */
const numericId = z.string().max(40).regex(/^\d+$/, 'must be a numeric id');
const token = z.string().max(80).regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, _ and -');
const offset = z.coerce.number().int().min(0).max(100_000).default(0);
const count = (max: number, def: number) => z.coerce.number().int().min(1).max(max).default(def);

const startPlayBody = z.object({
  story_id: numericId,
  version_id: numericId.optional(),
  play_id: numericId.optional(),
  is_new_play: z.boolean().default(false),
  node_id: token.optional(),
});

const sendBody = z.object({
  play_id: numericId,
  story_id: numericId.optional(),
  section_id: token.optional(),
  group_id: token.optional(),
  /** With is_loop: the reply to write again (the latest failed one, or a finished reply of the latest turn). */
  dialogue_id: numericId.optional(),
  version_id: numericId.optional(),
  from_type: z.union([z.number().int(), token]).optional(),
  message: z.string().max(20_000).default(''),
  option_contents: z.array(z.string().max(500)).max(10).optional(),
  is_loop: z.boolean().default(false),
  /** Ours: the player's latest message, rewound to and replaced by `message` in one step. */
  edit_dialogue_id: numericId.optional(),
  /** Ours: the character goes on without a player line (no message). */
  keep_talking: z.boolean().default(false),
});


const streamQuery = z
  .object({
    dialogue_id: numericId.optional(),
    /** Instead of dialogue_id: follow the play's next turn from seq_st (opened alongside message/send). */
    play_id: numericId.optional(),
    seq_st: z.coerce.number().int().min(0).optional(),
    seq_ed: z.coerce.number().int().min(0).optional(),
    /** Characters of the dialogue at seq_st already received. */
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    play_info: z.string().max(10).optional(),
    /** With play_id: open at once and wait for the play's next turn (a screen keeps one open while idle). */
    standby: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  })
  .refine((q) => q.dialogue_id !== undefined || q.play_id !== undefined, { message: 'dialogue_id or play_id is required', path: ['dialogue_id'] });

/** One story, or `all` (true, or "1"/"true" in a query) to clear the whole history; exactly one of the two. */
const delPlayedBody = z
  .object({
    story_id: numericId.optional(),
    all: z.union([z.boolean(), z.enum(['1', 'true'])]).optional(),
  })
  .refine((b) => (b.story_id !== undefined) !== (b.all === true || b.all === '1' || b.all === 'true'), {
    message: 'give either story_id or all',
  });

/** The files a play exports to: SillyTavern's chat JSONL (SillyTavern, Agnai and RisuAI import it) and plain text. */
export const PLAY_EXPORT_FORMATS = ['jsonl', 'txt'] as const;
export type PlayExportFormat = (typeof PLAY_EXPORT_FORMATS)[number];

/** The request schemas of the player's calls, by the part of the call they check. */
export const PLAY_REQUESTS = {
  storyListQuery: z.object({ offset, count: count(50, 20) }),
  storyInfoQuery: z.object({ story_id: numericId, version_id: numericId.optional(), can_play: z.string().optional() }),
  storyIdQuery: z.object({ story_id: numericId }),
  /** `story/endings` (ours): the endings found across the player's plays of a story, and a play's map. */
  endingsQuery: z.object({ story_id: numericId, play_id: numericId.optional() }),
  latestVersionQuery: z.object({ story_id: numericId, play_id: numericId.optional() }),
  relatedQuery: z.object({ story_id: numericId, count: count(30, 10) }),
  /** `story/start_play` and `story/start_play_draft`. */
  startPlayBody,
  /** `story/choose_greeting`: 0 the opening line, n the speaker's n-th other opening line. */
  chooseGreetingBody: z.object({ play_id: numericId, greeting: z.number().int().min(0).max(CARD_LIST_CAP) }),
  playIdQuery: z.object({ play_id: numericId }),
  playIdBody: z.object({ play_id: numericId }),
  dialogueListQuery: z.object({
    play_id: numericId,
    /** From this sequence number up (oldest first). */
    seq_st: z.coerce.number().int().min(0).optional(),
    /** Below this sequence number (the page before it); without either, the newest page. */
    seq_ed: z.coerce.number().int().min(0).optional(),
    count: count(200, 50),
  }),
  /** `message/send`. */
  sendBody,
  /** `stream_reply`. */
  streamQuery,
  backtrackBody: z.object({ play_id: numericId, dialogue_id: numericId }),
  /** `message/show_alternative` (ours): which of a regenerated reply's texts is shown (and taken by the next prompt). */
  /** `message/stop` (ours): stops the reply being written, its words so far kept. */
  stopReplyBody: z.object({ play_id: numericId, dialogue_id: numericId }),
  showAlternativeBody: z.object({ play_id: numericId, dialogue_id: numericId, index: z.number().int().min(0).max(REPLY_ALTERNATIVES_MAX - 1) }),
  playedQuery: z.object({
    offset,
    count: count(50, 20),
    /** Only stories played within this many days (Recently played); all of them when absent (History). */
    within_days: z.coerce.number().int().min(1).max(365).optional(),
  }),
  chatListQuery: z.object({ offset, count: count(50, 20) }),
  /** One story's plays of the caller (the story page's list), newest first. */
  playListQuery: z.object({ story_id: numericId, offset, count: count(50, 20) }),
  /** `del_played_story`, in the query or the body. */
  delPlayedBody,
  /** `play/export` (ours): the caller's play as SillyTavern's chat JSONL or as plain text. */
  playExportQuery: z.object({ play_id: numericId, format: z.enum(PLAY_EXPORT_FORMATS) }),
  searchBody: z.object({
    keyword: z.string().trim().min(1, 'must not be empty').max(100),
    search_type: z.union([z.number().int(), token]).optional(),
    offset: z.number().int().min(0).max(10_000).default(0),
    size: z.number().int().min(1).max(50).default(20),
    search_id: token.optional(),
  }),
};

/** `POST /api/tyler/story/start_play` (and `start_play_draft`). */
export type StartPlayRequest = z.input<typeof startPlayBody>;
/** `POST /api/tyler/message/send`. */
export type SendRequest = z.input<typeof sendBody>;
/** `GET /api/tyler/stream_reply`'s query. */
export type StreamReplyQuery = z.input<typeof streamQuery>;
/** `GET /api/tyler/dialogue_list`'s query. */
export type DialogueListQuery = z.input<typeof PLAY_REQUESTS.dialogueListQuery>;
/** `GET /api/tyler/play/export`'s query. */
export type PlayExportQuery = z.input<typeof PLAY_REQUESTS.playExportQuery>;
/** `POST /api/tyler/story/backtrack`. */
export type BacktrackRequest = z.input<typeof PLAY_REQUESTS.backtrackBody>;
/** `POST /api/tyler/message/stop`. */
export type StopReplyRequest = z.input<typeof PLAY_REQUESTS.stopReplyBody>;
/** `POST /api/tyler/message/show_alternative`. */
export type ShowAlternativeRequest = z.input<typeof PLAY_REQUESTS.showAlternativeBody>;
/** `POST /api/tyler/story/choose_greeting`. */
export type ChooseGreetingRequest = z.input<typeof PLAY_REQUESTS.chooseGreetingBody>;
/** `POST /api/tyler/story/restart_play`, `sync_latest_play`. */
export type PlayIdRequest = z.input<typeof PLAY_REQUESTS.playIdBody>;
/** `GET /api/tyler/played_story`'s query. */
export type PlayedStoryQuery = z.input<typeof PLAY_REQUESTS.playedQuery>;
/** `GET /api/tyler/del_played_story`'s query (or its body). */
export type DelPlayedRequest = z.input<typeof delPlayedBody>;
/** `POST /api/tyler/search`. */
export type SearchRequest = z.input<typeof PLAY_REQUESTS.searchBody>;
/** `GET /api/tyler/story/play_list`'s query. */
export type PlayListQuery = z.input<typeof PLAY_REQUESTS.playListQuery>;
