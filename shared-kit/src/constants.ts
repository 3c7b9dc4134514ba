/** Business constants and limits of the product spec (section 9), defined once for UI counters and API schemas. */

/** Maximum lengths (characters) and counts; `*Min`/`*Max` pairs are inclusive ranges. */
export const LIMITS = {
  maxPlots: 100,
  storyName: 30,
  introduction: 300,
  summary: 300,
  plotTitle: 30,
  plotContent: 3000,
  prologue: 150,
  plotEnding: 100,
  characterName: 30,
  characterSettings: 2000,
  characterStyle: 300,
  aiPrompt: 500,
  /** A chat message in a play; the spec's table has no row for it, so it follows the AI prompt's 500 (1012 past it). */
  chatMessage: 500,
  publishDescription: 200,
  brainstormIdea: 3000,
  clipboardPaste: 10000,
  playerName: 30,
  playerSettings: 1000,
  usernameMin: 4,
  usernameMax: 16,
  nicknameMin: 2,
  // The spec gives 2-30 for the player app and 2-20 in one app string; 30 is the player-app rule it lists first.
  nicknameMax: 30,
  voiceNameMin: 2,
  voiceNameMax: 40,
  voiceNameEditsPerDay: 1,
  voiceTags: 3,
  voiceRecordingMinSec: 10,
  voiceRecordingMaxSec: 60,
  minimumAge: 18,
} as const;
export type LimitName = keyof typeof LIMITS;

export const HEADER_HEIGHT = 57;

export const TIMEOUTS = { requestMs: 10000, saveMs: 30000 } as const;

export const SOCKET_POLICY = {
  maxRetries: 10,
  openCheckMs: 3000,
  detectionEveryNthClose: 3,
  scriptDetectionTimeoutMs: 10000,
} as const;

export const TOAST = { throttleMs: 4000, durationMs: 1500 } as const;

/** Common query values every request carries (besides aid and language). */
export const ENV_VALUES = { version_code: 10000, device_platform: 'web', pkg_type: 'release_version' } as const;

/** The player's feed ("For you") is read this many stories at a time. */
export const FEED_PAGE_SIZE = 10;

/**
 * The first page of the feed, the data of `/play`'s first screen: the shell asks for it as the page starts
 * (prefetchGet), the player's first read of the feed is the same call and takes that answer.
 */
export const FEED_FIRST_PAGE = { url: '/tyler/story/list', params: { offset: 0, count: FEED_PAGE_SIZE } } as const;

export const PLATFORM_WIDTHS = { tabletMax: 1366, mobileMax: 800 } as const;

export const MIN_APP_VERSION_FOR_EVENT = '1.11';

/** Seconds before a verification code may be requested again after too many attempts. */
export const CODE_RETRY_SECONDS = 60;

export const COUNTDOWN_TICK_MS = 1000;

export const CONTENT_FILTER_BATCH = { max: 100, intervalMs: 2000 } as const;

export const BLANK_SCREEN = { threshold: 1.5, screenshotQuality: 0.1, imageReportSampleRate: 1 } as const;

export const DEFAULT_BRAINSTORM_QUOTA = 10;

export const ACCOUNT_DELETION_CHAT_TURNS = 10;

export const SUPPORT_REPLY_WORKING_DAYS = 5;

/** Names a character may not take, compared ignoring whitespace and case (spec section 5). '旁白' is "narrator". */
export const RESERVED_CHARACTER_NAMES = ['user', '旁白', 'Player', 'Narrator'] as const;

/** Plot endings equal to one of these (ignoring whitespace and case) count as empty. '无' is "none". */
export const NONE_STYLE_WORDS = ['无', 'No', 'None'] as const;

/** Headers a developer can set in storage to route requests to a test environment. */
export const ENV_HEADER_NAMES = ['x-use-ppe', 'x-tt-env'] as const;

export const EDITOR_ROUTE_BASE = '/editor';

/**
 * Limits of the community features; the spec names a comment length limit "with a counter" but gives no number,
 * so these are ours.
 */
export const COMMUNITY_LIMITS = {
  /** Characters of a comment or reply. */
  comment: 500,
  /** Characters of a remark on a liked reply and of a feedback's free text. */
  remark: 500,
  /** Items per page of the paged social lists. */
  pageMax: 50,
  pageDefault: 20,
} as const;

/** The longest appeal of a sanction a user may write, and the longest reason an operator may give. */
export const APPEAL_TEXT_MAX = 500;
export const SANCTION_REASON_MAX = 500;

/** The most texts a play's reply keeps (regenerations); past it, the regenerate-maximum code. */
export const REPLY_ALTERNATIVES_MAX = 10;
/** The most keep-talking turns in a row (since the player's latest line); past it, the keep-talking-maximum code. */
export const KEEP_TALKING_MAX = 5;
