import { isQuestion, sentencesWithMarks } from './clauses';
import type { ObjectiveVerdict } from './objectiveVerdict';

/**
 * The judge for objectives written in Chinese, Japanese or Korean, where words are not spaced: each step is matched
 * by the character pairs it shares with one affirmed clause of the player's. An instruction's first pair is its act
 * ("打开布谷鸟钟": 打开), so a clause must hold it and one more pair of the step, or nearly the whole step.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CONSEQUENCE = /以便|为了|好让|使得|从而|ために|ように/u;
const JOINS = /[，,、；;：:]|和|并且|并|然后|再|而且|그리고/u;
const NEGATION = /[不没別别未莫勿非]|않|안 |못/u;

function pairsOf(text: string): string[] {
  const chars = [...text].filter((c) => CJK.test(c));
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

export function cjkSteps(objective: string): string[][] {
  const steps: string[][] = [];
  for (const sentence of objective.split(/[。！？.!?]+/u)) {
    for (const part of (sentence.split(CONSEQUENCE)[0] ?? '').split(JOINS)) {
      const pairs = pairsOf(part);
      if (pairs.length > 0) steps.push(pairs);
    }
  }
  return steps;
}

/** The clauses of the player's statements, each cut at its first negation. */
function affirmedParts(text: string): Set<string>[] {
  const out: Set<string>[] = [];
  for (const sentence of sentencesWithMarks(text)) {
    if (isQuestion(sentence) || /[吗呢]\s*$/u.test(sentence)) continue;
    for (const clause of sentence.split(/[，,、；;：:]/u)) {
      const kept = clause.split(NEGATION)[0] ?? '';
      out.push(new Set(pairsOf(kept)));
    }
  }
  return out;
}

function partDoes(step: readonly string[], said: ReadonlySet<string>): boolean {
  const hits = step.filter((p) => said.has(p)).length;
  return (said.has(step[0]!) && hits >= Math.min(2, step.length)) || hits >= Math.ceil(step.length * 0.8);
}

export function judgeCjk(objective: string, inputs: readonly string[]): ObjectiveVerdict {
  const steps = cjkSteps(objective);
  const parts = inputs.flatMap(affirmedParts);
  const done = steps.filter((s) => parts.some((p) => partDoes(s, p))).map((s) => s.map((p, i) => (i === 0 ? p : p.slice(1))).join(''));
  return { met: steps.length > 0 && done.length === steps.length, done, steps: steps.length };
}
