import { z } from 'zod';
import type { ChatMessage, ChoiceAnswer, ChoiceRequest, TurnLine } from './types';
import { wordsOf } from './words';

/*
 * The director's structured judgements on a branching story (the play module's graph): which option typed text
 * means, which named outcome the play so far reached, which of a scene's rules held this turn. A model answers with
 * JSON checked by `choiceAnswerSchema` (never free text); an answer that fails the check names nothing. Offline, a
 * deterministic matcher of words stands in for the model.
 */

export const choiceAnswerSchema = z.object({
  ids: z.array(z.string().max(64)).max(50),
  reason: z.string().max(2000).default(''),
});

/** A model's answer as checked: only ids of the request's items, at most one for `one`; null when it fails the schema. */
export function checkedAnswer(request: ChoiceRequest, raw: string): ChoiceAnswer | null {
  const json = /\{[\s\S]*\}/.exec(raw)?.[0];
  let parsed: unknown;
  try {
    parsed = json === undefined ? undefined : JSON.parse(json);
  } catch {
    return null;
  }
  const answer = choiceAnswerSchema.safeParse(parsed);
  if (!answer.success) return null;
  const known = new Set(request.items.map((i) => i.id));
  const ids = [...new Set(answer.data.ids)].filter((id) => known.has(id));
  return { ids: request.kind === 'one' ? ids.slice(0, 1) : ids, reason: answer.data.reason };
}

function linesText(lines: readonly TurnLine[]): string {
  return lines.map((l) => `${l.name || l.speaker}: ${l.content}`).join('\n');
}

/** The messages asking a model for a choice judgement. */
export function choiceMessages(request: ChoiceRequest): ChatMessage[] {
  const many = request.kind === 'many';
  return [
    {
      role: 'system',
      content:
        'You are the director of an interactive story. ' +
        (many ? 'List every item that holds for the player\'s latest turn.' : 'Pick the one item the player\'s text means, or none.') +
        ' Answer with JSON only, exactly: {"ids": [<item ids>], "reason": "<one sentence>"}',
    },
    {
      role: 'user',
      content:
        `${request.question}\nItems:\n${request.items.map((i) => `- ${i.id}: ${i.text}`).join('\n')}\n\n` +
        `Scene: ${request.material.chapter.content}\nConversation:\n${linesText(request.material.history.slice(-12))}\n\nPlayer's text: ${request.text}`,
    },
  ];
}

const MINOR = new Set('the a an and or to of in on at with for is are be it i you me my your we our he she they them this that'.split(' '));

/** Content words of a text; for Chinese, Japanese or Korean (no spaces) its character pairs. */
function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of wordsOf(text)) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w)) {
      const chars = [...w];
      if (chars.length === 1) out.add(w);
      for (let i = 0; i + 1 < chars.length; i += 1) out.add(chars[i]! + chars[i + 1]!);
    } else if (!MINOR.has(w) && w.length >= 2) {
      out.add(w.length > 4 ? w.slice(0, Math.max(4, w.length - 2)) : w);
    }
  }
  return out;
}

/** How much of an item's words the text holds (0..1). */
function overlap(item: string, text: Set<string>): number {
  const words = termsOf(item);
  if (words.size === 0) return 0;
  let hit = 0;
  for (const w of words) if (text.has(w) || [...text].some((t) => t.startsWith(w) || w.startsWith(t))) hit += 1;
  return hit / words.size;
}

/**
 * The offline director's judgement: an item holds when the text carries at least half of its words (words cut to
 * their stems, so "kept" meets "keeps"); `one` takes the best such item (the first on a tie).
 */
export function offlineChoice(request: ChoiceRequest): ChoiceAnswer {
  const said = termsOf(request.text);
  const scored = request.items.map((i) => ({ id: i.id, score: overlap(i.text, said) })).filter((s) => s.score >= 0.5);
  if (request.kind === 'many') return { ids: scored.map((s) => s.id), reason: 'matched by words' };
  let best: { id: string; score: number } | undefined;
  for (const s of scored) if (!best || s.score > best.score) best = s;
  return best ? { ids: [best.id], reason: 'matched by words' } : { ids: [], reason: 'no item matched' };
}
