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
