import { SUGGESTION_MAX_CHARS } from 'shared-kit/areas';
import { judgeObjective, stepsOf } from './objective';
import type { ChatMessage, TurnMaterial } from './types';
import { isHanText, keywordsOf, sentencesOf } from './words';

/** Suggested replies: at least this many, at most SUGGESTIONS_MAX. */
export const SUGGESTIONS_MIN = 2;
export const SUGGESTIONS_MAX = 3;

/** The request a model gets for suggestions: the turn's own prompt, then this. */
export const SUGGEST_INSTRUCTION =
  'Now suggest three short things the player could say or do next (each under 15 words, in the story\'s language, ' +
  'written as the player, first person). Answer with a JSON array of strings only, e.g. ["...", "...", "..."].';

/** The messages of a suggestion request: the prompt a reply would get, then the instruction. */
export function suggestMessages(prompt: readonly ChatMessage[]): ChatMessage[] {
  return [...prompt, { role: 'system', content: SUGGEST_INSTRUCTION }];
}

/** Two or three clean, distinct suggestions from a model's answer (a JSON array, or one per line); [] when none. */
export function cleanSuggestions(answer: string): string[] {
  let items: unknown[] = [];
  const json = /\[[\s\S]*\]/.exec(answer)?.[0];
  try {
    const parsed: unknown = json === undefined ? undefined : JSON.parse(json);
    if (Array.isArray(parsed)) items = parsed;
  } catch {
    items = [];
  }
  if (items.length === 0) items = answer.split('\n');
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') continue;
    const text = item
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
      .replace(/^["“'「]+|["”'」]+$/g, '')
      .trim();
    if (text === '' || text.length > SUGGESTION_MAX_CHARS || out.some((o) => o.toLowerCase() === text.toLowerCase())) continue;
    out.push(text);
    if (out.length === SUGGESTIONS_MAX) break;
  }
  return out;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const fit = (s: string) => (s.length <= SUGGESTION_MAX_CHARS ? s : `${s.slice(0, SUGGESTION_MAX_CHARS - 1).trimEnd()}…`);

/**
 * The offline storyteller's suggestions, from the chapter's objective and the last reply: the next step the objective
 * asks for and the player has not done yet, a question about what the last reply spoke of, and a word to the speaker.
 */
export function offlineSuggestions(m: TurnMaterial): string[] {
  const lastReply = [...m.history].reverse().find((l) => l.speaker !== 'player')?.content ?? '';
  const said = m.history.filter((l) => l.speaker === 'player').map((l) => l.content);
  const zh = isHanText(`${m.chapter.objective}${lastReply}`);
  const names = [m.player.name, ...m.characters.map((c) => c.name)];
  const out: string[] = [];
  if (zh) {
    const step = m.chapter.objective.split(/[，。；！？,.;!?]/u).map((s) => s.trim()).find((s) => s !== '');
    if (step) out.push(`我想${step}。`);
    const topic = sentencesOf(lastReply)[0];
    if (topic) out.push(`你刚才说“${topic.slice(0, 20)}”，能再说说吗？`);
    out.push(`${m.speaker.name}，接下来我该怎么做？`);
  } else {
    const done = new Set(judgeObjective(m.chapter.objective, said, names).done);
    const next = stepsOf(m.chapter.objective, names).find((s) => s.kind === 'act' && !done.has(s.text));
    if (next) out.push(`I want to ${next.text}.`);
    const skip = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)));
    const topic = keywordsOf(lastReply, 8).find((w) => !skip.has(w));
    if (topic) out.push(`Tell me more about the ${topic}.`);
    out.push(m.speaker.name && m.speaker.name !== 'Narrator' ? `What should I do next, ${m.speaker.name}?` : 'What should I do next?');
    if (out.length < SUGGESTIONS_MIN) out.push('I look around carefully.');
  }
  return out.map((s) => fit(cap(s))).slice(0, SUGGESTIONS_MAX);
}
