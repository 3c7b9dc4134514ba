import stem from 'wink-porter2-stemmer';
import verbExceptions from 'wink-lexicon/src/wn-verb-exceptions.js';
import { isFunctionWord, isFiniteVerb, isNounOrVerb, isVerbBase } from './lexicon';
import { affirmedClauses } from './clauses';
import { judgeCjk } from './objectiveCjk';
import type { ObjectiveVerdict } from './objectiveVerdict';
import { wordsOf } from './words';

/**
 * The offline director's judge: does the player do what the chapter's objective asks? The objective is read into
 * steps ("Clean the brass burner and fit a new wick" is two), each step an act and the things it is done to. The
 * player's messages do a step when one affirmed statement (not a question, not negated) holds the act, by stem,
 * irregular form or synonym, and one of its things. Never a count of turns.
 */

/** Small groups of words a player may use for the same act; each word is compared by its base. */
const SYNONYMS: readonly string[][] = [
  ['open', 'unlock', 'pry', 'unlatch', 'unseal', 'unbolt'],
  ['take', 'grab', 'pick', 'seize', 'collect', 'pocket', 'retrieve', 'fetch', 'remove', 'pull'],
  ['clean', 'scrub', 'wipe', 'polish', 'scour', 'wash', 'scrape', 'brush'],
  ['fix', 'repair', 'mend', 'restore', 'realign', 'adjust', 'unjam', 'unstick', 'unblock', 'free', 'patch'],
  ['fit', 'install', 'insert', 'replace', 'change', 'put', 'place', 'swap', 'thread'],
  ['show', 'present', 'display', 'hand'],
  ['read', 'study', 'examine', 'check', 'inspect', 'scan'],
  ['tell', 'say', 'recite', 'pose', 'ask'],
  ['brew', 'steep', 'pour', 'prepare', 'boil'],
  ['guide', 'steer', 'direct', 'lead', 'navigate', 'signal'],
  ['use', 'operate', 'work'],
  ['reset', 'restart', 'reboot'],
  ['find', 'locate', 'discover', 'search', 'seek', 'look', 'hunt'],
  ['return', 'give', 'bring', 'send'],
  ['forgive', 'pardon', 'absolve'],
  ['light', 'ignite', 'kindle', 'relight'],
  ['learn', 'discover', 'find', 'figure'],
];

const irregular = verbExceptions as Record<string, string>;

/** The word's base: an irregular verb form to its infinitive, then its English stem. */
export function baseOf(word: string): string {
  const w = word.toLowerCase();
  return stem(irregular[w] ?? w);
}

const synonymOf = new Map<string, string>();
for (const group of SYNONYMS) for (const w of group) if (!synonymOf.has(baseOf(w))) synonymOf.set(baseOf(w), baseOf(group[0]!));

/** The concept a word stands for: its synonym group's head, else its own base. */
export function conceptOf(word: string): string {
  const base = baseOf(word);
  return synonymOf.get(base) ?? base;
}

/** One thing the objective asks: any of its acts done to any of its things; or, for a described outcome, two of its words. */
export interface ObjectiveStep {
  /** The words of the objective this step came from, for the director's log. */
  text: string;
  /** `act`: an instruction ("open the clock"); `outcome`: a described result ("the debt is forgiven"). */
  kind: 'act' | 'outcome';
  acts: Set<string>;
  things: Set<string>;
}

/** A new clause that says why or what follows, not what to do: the rest of the sentence is left out. */
const CONSEQUENCE = /\b(?:so that|so|as|because|while|in order to|which)\b/i;
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'our', 'your', 'my', 'every', 'each', 'all', 'some', 'no']);
const LEADING = new Set(['and', 'then', 'also', 'finally', 'please', 'first', 'next']);
const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'gets', 'get']);

function thingsOf(words: readonly string[], skip: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) if (w.length >= 3 && !skip.has(w) && !isFunctionWord(w) && isNounOrVerb(w)) out.add(conceptOf(w));
  return out;
}

/** The words of a chunk with leading connectives dropped. */
function chunkWords(chunk: string): string[] {
  const words = wordsOf(chunk);
  while (words.length > 0 && LEADING.has(words[0]!)) words.shift();
  return words;
}

/** A described result: it starts with a determiner or a verb that already happens ("joins the festival"), or a verb
 * that does follows its subject ("Silas confesses"); an instruction starts with its verb ("Find the hidden key"). */
function isOutcome(words: readonly string[]): boolean {
  const first = words[0]!;
  if (DETERMINERS.has(first) || (isFiniteVerb(first) && !isVerbBase(first))) return true;
  return !isVerbBase(first) && words.slice(1, 4).some((w) => BE.has(w) || isFiniteVerb(w));
}

/** Where an instruction names another way to do it: "to guide the boat" (its purpose), "by resetting the valve". */
function otherWayAt(words: readonly string[], i: number): boolean {
  const next = words[i + 1];
  if (next === undefined) return false;
  return (words[i] === 'to' && isVerbBase(next)) || (words[i] === 'by' && next.endsWith('ing'));
}

/** An instruction's step: its first word is the act, and another way to do it names another act. */
function actStep(words: string[], names: ReadonlySet<string>, text: string): ObjectiveStep {
  const acts = new Set([conceptOf(words[0]!)]);
  const things = new Set<string>();
  let from = 1;
  for (let i = 1; i <= words.length; i += 1) {
    const other = otherWayAt(words, i);
    if (i === words.length || other) {
      for (const t of thingsOf(words.slice(from, i), names)) things.add(t);
      if (other) acts.add(conceptOf(words[i + 1]!));
      from = i + 2;
      i += 1;
    }
  }
  return { text, kind: 'act', acts, things };
}

function outcomeStep(words: string[], names: ReadonlySet<string>, text: string): ObjectiveStep {
  const verb = words.find((w, i) => i > 0 && isFiniteVerb(w) && !BE.has(w));
  const things = thingsOf(words, names);
  return { text, kind: 'outcome', acts: new Set(verb ? [conceptOf(verb)] : []), things };
}

/** The steps an objective asks for, in order. `names` (the cast's and the player's) are never a step's things. */
export function stepsOf(objective: string, names: readonly string[] = []): ObjectiveStep[] {
  const skip = new Set(names.flatMap((n) => wordsOf(n)));
  const steps: ObjectiveStep[] = [];
  for (const sentence of objective.replace(/[’']/g, '').split(/[.!?;]+/)) {
    const kept = sentence.split(CONSEQUENCE)[0] ?? '';
    kept.split(/,|\band\b|\bthen\b/i).forEach((chunk, i) => {
      const words = chunkWords(chunk);
      if (words.length === 0) return;
      const text = words.join(' ');
      const outcome = isOutcome(words);
      // "green leaves and sunlight": a chunk that neither instructs nor describes belongs to the step before it.
      const startsStep = i === 0 || outcome || isVerbBase(words[0]!);
      const last = steps[steps.length - 1];
      if (!startsStep && last) {
        for (const t of thingsOf(words, skip)) last.things.add(t);
        last.text += ` and ${text}`;
        return;
      }
      steps.push(outcome ? outcomeStep(words, skip, text) : actStep(words, skip, text));
    });
  }
  return steps.filter((s) => s.acts.size + s.things.size > 0);
}

/** Words the player says to have something done to them ("show me", "tell us"): then the act is not the player's. */
const ASKED_FOR = new Set(['me', 'us']);

/** Whether one affirmed clause of the player's (its words, negated ones removed) does the step. */
function clauseDoes(step: ObjectiveStep, words: readonly string[]): boolean {
  const concepts = words.map(conceptOf);
  if (step.kind === 'outcome') {
    const all = new Set([...step.acts, ...step.things]);
    const hit = new Set(concepts.filter((c) => all.has(c)));
    return hit.size >= Math.min(2, all.size);
  }
  const acted = concepts.some((c, i) => step.acts.has(c) && !ASKED_FOR.has(words[i + 1] ?? ''));
  return acted && (step.things.size === 0 || concepts.some((c) => step.things.has(c)));
}

export type { ObjectiveVerdict } from './objectiveVerdict';

/**
 * Whether the player's messages of this chapter, together, do every step of the objective. Questions and negated
 * words do nothing; how many turns were spent never matters. `names` are the story's character and player names.
 */
export function judgeObjective(objective: string, inputs: readonly string[], names: readonly string[] = []): ObjectiveVerdict {
  if (!/\p{Script=Latin}/u.test(objective) && /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(objective)) {
    return judgeCjk(objective, inputs);
  }
  const steps = stepsOf(objective, names);
  const clauses = inputs.flatMap(affirmedClauses);
  const done = steps.filter((s) => clauses.some((words) => clauseDoes(s, words))).map((s) => s.text);
  return { met: steps.length > 0 && done.length === steps.length, done, steps: steps.length };
}
