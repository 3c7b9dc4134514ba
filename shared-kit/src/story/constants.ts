// Story constants the editor needs at run time, kept apart from the zod schemas so browsers do not load zod.

/** Upper bound for any free text, far above every section 9 limit (which `validate.ts` enforces). */
export const STORY_TEXT_CAP = 20_000;
/** Upper bound for short texts (names, titles) before the rules look at them. */
export const STORY_SHORT_TEXT_CAP = 500;
/** Bounds the arrays; the spec's plot maximum (100) is a validation rule, reported with its own error type. */
export const STORY_NODES_CAP = 200;
export const STORY_CHARACTERS_CAP = 50;

/** The prologue speaker for a voice-over (narrated) prologue: a fixed value, not a character id. */
export const VOICE_OVER_SPEAKER = 'voice_over';

/** Bounds the lists a character card brings (greetings, tags, lorebook keys). */
export const CARD_LIST_CAP = 200;

/** Lorebook (world info) bounds and defaults. */
export const LOREBOOK_ENTRIES_CAP = 1000;
export const LOREBOOK_MAX_SCAN_DEPTH = 100;
/** The deepest an `at_depth` entry goes: messages counted back from the newest. */
export const LOREBOOK_MAX_DEPTH = 100;
/** The longest regular expression a key may be (`use_regex` entries). */
export const LOREBOOK_REGEX_MAX = 300;
export const LOREBOOK_MAX_TOKEN_BUDGET = 8000;
export const LOREBOOK_DEFAULTS = { scanDepth: 4, tokenBudget: 512 } as const;
/**
 * Where an entry goes in the prompt: before or after the characters' descriptions (the card formats' two places), or
 * inside the conversation, `depth` messages back from the newest (the V3 `@@depth` decorator; 0 after the newest).
 */
export const LOREBOOK_POSITIONS = ['before_char', 'after_char', 'at_depth'] as const;
export type LorebookPosition = (typeof LOREBOOK_POSITIONS)[number];
/**
 * How the secondary keys of a selective entry combine with its primary keys: the primary keys always match first,
 * then `and_any` needs one secondary key, `and_all` every one, `not_any` none, `not_all` not every one.
 */
export const SELECTIVE_LOGICS = ['and_any', 'not_all', 'not_any', 'and_all'] as const;
export type SelectiveLogic = (typeof SELECTIVE_LOGICS)[number];
