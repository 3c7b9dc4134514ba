import type { ChatMessage, TurnLine, TurnMaterial } from './types';
import { countMessageTokens, countTokens, messageTokenBound, truncateToTokens } from './tokenizer';

export interface PromptBudget {
  /** The model's context window. */
  contextTokens: number;
  /** Kept free for the answer. */
  replyTokens: number;
}

export interface AssembledPrompt {
  messages: ChatMessage[];
  /**
   * Tokens of the whole prompt, at most: counted with the tokenizer, except lines never counted before while even
   * their byte length fitted (see `tokenBound`).
   */
  tokens: number;
  /** How many of the newest history lines made it in; older ones rely on the running summary. */
  includedLines: number;
}

/** The emotion tag the model is asked to open its answer with, e.g. "[Happy]". */
export const EMOTION_TAG_HINT =
  'Begin your answer with one emotion tag in square brackets, chosen from: Neutral, Happy, Gentle, Naughty, Serious, Sad, Care, Angry, Sneer, Confused. Example: [Gentle] ...';

function section(title: string, body: string): string {
  return body.trim() === '' ? '' : `## ${title}\n${body.trim()}\n\n`;
}

/** The fixed part: story, chapter and objective, characters, the player persona and the running summary. */
export function systemPrompt(m: TurnMaterial): string {
  const cast = m.characters
    .map(
      (c) => `- ${c.name}: ${c.settings.trim()}${c.style.trim() ? `\n  Speaks like: ${c.style.trim()}` : ''}`,
    )
    .join('\n');
  const chapter = `Chapter ${m.chapter.index + 1} of ${m.chapter.count}.\n${m.chapter.content}`;
  return (
    `You are the storyteller of an interactive story. Stay in character, write in the story's language, ` +
    `never speak for the player, and keep each answer under 120 words.\n\n` +
    section('Story', `${m.storyName}\n${m.introduction}\n${m.storySummary}`) +
    section('Current chapter', chapter) +
    section('Chapter objective (guide the player toward it, never reveal it outright)', m.chapter.objective) +
    section('World info', m.worldInfo?.before ?? '') +
    section('Characters', cast) +
    section('More world info', m.worldInfo?.after ?? '') +
    section(
      'The player',
      `${m.player.name || 'Player'}${m.player.settings ? `: ${m.player.settings}` : ''}`,
    ) +
    section('What happened so far', m.runningSummary) +
    section('Remember (pinned by the player)', (m.pins ?? []).map((p) => `- ${p}`).join('\n')) +
    `## Your turn\nAnswer as ${m.speaker.name}. ${EMOTION_TAG_HINT}`
  ).trim();
}

/** Messages per line object: a play's history lines are the same objects turn after turn (see the play's material). */
const lineMessages = new WeakMap<TurnLine, ChatMessage>();

function lineMessage(line: TurnLine): ChatMessage {
  let message = lineMessages.get(line);
  if (!message) {
    const label = line.speaker === 'narrator' ? 'Narrator' : line.name;
    message = line.speaker === 'player' ? { role: 'user', content: line.content } : { role: 'assistant', content: `${label}: ${line.content}` };
    lineMessages.set(line, message);
  }
  return message;
}

/** World info placed in the conversation: one system message per depth. */
function depthMessages(material: TurnMaterial): Array<{ depth: number; message: ChatMessage }> {
  return (material.worldInfo?.atDepth ?? [])
    .filter((d) => d.text.trim() !== '')
    .map((d) => ({ depth: Math.max(0, d.depth), message: { role: 'system' as const, content: `World info:\n${d.text.trim()}` } }));
}

/** `picked` (oldest first) with each depth message put `depth` messages back from the newest, past the oldest before it. */
function placeAtDepth(picked: readonly ChatMessage[], inserts: ReadonlyArray<{ depth: number; message: ChatMessage }>): ChatMessage[] {
  if (inserts.length === 0) return [...picked];
  const n = picked.length;
  const before = (i: number) => inserts.filter((d) => Math.max(0, n - d.depth) === i).sort((a, b) => b.depth - a.depth).map((d) => d.message);
  const out: ChatMessage[] = [];
  for (let i = 0; i < n; i += 1) out.push(...before(i), picked[i]!);
  out.push(...before(n));
  return out;
}

/**
 * The prompt for one turn: the system part, then the newest lines that fit the context window minus the reply's
 * room, counted with the tokenizer, with the world info placed at a depth among them. The system part is cut first
 * only when it alone would not fit.
 */
export function assemblePrompt(material: TurnMaterial, budget: PromptBudget): AssembledPrompt {
  const available = Math.max(0, budget.contextTokens - budget.replyTokens);
  let system = systemPrompt(material);
  let systemTokens = countMessageTokens({ content: system });
  // Leave at least a quarter of the room for the conversation itself.
  const systemCap = Math.floor(available * 0.75);
  if (systemTokens > systemCap) {
    system = truncateToTokens(system, Math.max(0, systemCap - 4));
    systemTokens = countTokens(system) + 4;
  }
  const inserts = depthMessages(material);
  const insertTokens = inserts.reduce((sum, d) => sum + countMessageTokens(d.message), 0);
  const fixedTokens = systemTokens + insertTokens;
  let used = fixedTokens;
  const picked: ChatMessage[] = [];
  // A line's byte length bounds its tokens: while the bounds fit, the new lines (the player's message) need no
  // counting. The first line that does not fit so has everything counted exactly before it is decided.
  let exact = false;
  for (let i = material.history.length - 1; i >= 0; i -= 1) {
    const message = lineMessage(material.history[i]!);
    if (!exact) {
      const bound = messageTokenBound(message);
      if (used + bound <= available) {
        used += bound;
        picked.push(message);
        continue;
      }
      exact = true;
      used = fixedTokens + picked.reduce((sum, m) => sum + countMessageTokens(m), 0);
    }
    const cost = countMessageTokens(message);
    if (used + cost > available) break;
    used += cost;
    picked.push(message);
  }
  picked.reverse();
  return {
    messages: [{ role: 'system', content: system }, ...placeAtDepth(picked, inserts)],
    tokens: used,
    includedLines: picked.length,
  };
}

/** Tokens the history lines would take in a prompt; the play folds older lines into a summary past a threshold. */
export function historyTokens(lines: readonly TurnLine[]): number {
  let total = 0;
  for (const line of lines) total += countMessageTokens(lineMessage(line));
  return total;
}
