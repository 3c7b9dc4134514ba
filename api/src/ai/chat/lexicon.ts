import lexicon from 'wink-lexicon/src/lexicon.js';
import verbExceptions from 'wink-lexicon/src/wn-verb-exceptions.js';

/** Parts of speech an English word can take (Penn tags), from the lexicon; unknown words have none. */
function tagsOf(word: string): readonly string[] {
  return Object.hasOwn(lexicon, word) ? lexicon[word]! : [];
}

const irregular = verbExceptions as Record<string, string>;

/** Closed classes: a word that can be one of these ("the", "back", "who") is never taken for a noun or a verb. */
const CLOSED_TAGS = new Set(['DT', 'PDT', 'IN', 'TO', 'CC', 'PRP', 'PRP$', 'WDT', 'WP', 'WP$', 'WRB', 'EX', 'MD']);

function isClosed(tags: readonly string[]): boolean {
  return tags.some((t) => CLOSED_TAGS.has(t));
}

/** Tags of words that only ever tie other words together or qualify them (determiners, prepositions, adverbs). */
const FUNCTION_TAGS = new Set(['DT', 'PDT', 'IN', 'TO', 'CC', 'PRP', 'PRP$', 'WDT', 'WP', 'WP$', 'WRB', 'EX', 'MD', 'RP', 'RB', 'RBR', 'RBS', 'JJ', 'JJR', 'JJS', 'CD', 'UH', 'FW', 'LS', 'POS', 'SYM']);

/** Known, and never a noun or a verb: "the", "around", "safely", "new". */
export function isFunctionWord(word: string): boolean {
  const tags = tagsOf(word);
  return tags.length > 0 && (isClosed(tags) || tags.every((t) => FUNCTION_TAGS.has(t)));
}

/** Unknown (names, rare nouns), or able to be a noun or a verb. */
export function isNounOrVerb(word: string): boolean {
  const tags = tagsOf(word);
  return tags.length === 0 || (!isClosed(tags) && tags.some((t) => t.startsWith('NN') || t.startsWith('VB')));
}

/** A verb's plain form, as an instruction starts: "open", "fit", "tell". */
export function isVerbBase(word: string): boolean {
  const tags = tagsOf(word);
  return !isClosed(tags) && tags.some((t) => t === 'VB' || t === 'VBP');
}

/** A verb's form that says something happens or happened: "confesses", "reaches", "forgiven". */
export function isFiniteVerb(word: string): boolean {
  if (irregular[word] !== undefined && irregular[word] !== word) return true;
  const tags = tagsOf(word);
  return !isClosed(tags) && tags.some((t) => t === 'VBZ' || t === 'VBD' || t === 'VBN');
}
