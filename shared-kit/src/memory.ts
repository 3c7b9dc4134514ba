/**
 * A play's memory (the `memory` call): the running summary and the player's pinned memories. Pins are always in the
 * prompt, within MEMORY_PIN_TOKENS (counted with the api's tokenizer); past it the newest pins are the ones kept.
 */
export const MEMORY_PIN_MAX = 20;
/** Characters of a note the player writes (a pinned line keeps its text as it is, up to this too). */
export const MEMORY_NOTE_MAX = 500;
/** Tokens of the prompt the pins may take. */
export const MEMORY_PIN_TOKENS = 600;
/** Characters of a running summary the player edits. */
export const MEMORY_SUMMARY_MAX = 4000;
/** Suggested replies asked for after a reply: two or three, each this long at most. */
export const SUGGESTION_MAX_CHARS = 120;
