import { wordsOf } from './words';

/** Words that turn what follows them in a clause into its opposite ("I won't open the door"). */
const NEGATORS = new Set([
  'not', 'no', 'never', 'nothing', 'nobody', 'without', 'neither', 'nor',
  'dont', 'doesnt', 'didnt', 'wont', 'wouldnt', 'cant', 'cannot', 'couldnt', 'shouldnt', 'isnt', 'arent', 'wasnt', 'werent', 'havent', 'hasnt', 'hadnt', 'mustnt',
]);

/** The sentences of a message, each with its closing mark ("?" makes it a question). */
export function sentencesWithMarks(text: string): string[] {
  return (text.match(/[^.!?。！？\n]+[.!?。！？]*/gu) ?? []).map((s) => s.trim()).filter((s) => s !== '');
}

export function isQuestion(sentence: string): boolean {
  return /[?？]\s*$/u.test(sentence);
}

/**
 * What a player's message affirms, clause by clause: the lower-cased words of each clause of its statements, with
 * the words after a negation left out. Questions affirm nothing ("Did you open the clock?").
 */
export function affirmedClauses(text: string): string[][] {
  const out: string[][] = [];
  for (const sentence of sentencesWithMarks(text.replace(/[’']/g, ''))) {
    if (isQuestion(sentence)) continue;
    for (const clause of sentence.split(/[,;:]+|\b(?:but|then|yet)\b/i)) {
      const words: string[] = [];
      let negated = false;
      for (const w of wordsOf(clause)) {
        if (NEGATORS.has(w)) negated = true;
        else if (!negated) words.push(w);
      }
      if (words.length > 0) out.push(words);
    }
  }
  return out;
}
