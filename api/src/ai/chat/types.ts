import type { Emotion } from 'shared-kit';

/** One message of an OpenAI-style chat prompt. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TurnCharacter {
  character_id: string;
  name: string;
  /** Who the character is (the creator's settings text). */
  settings: string;
  /** Dialogue examples: lines in the character's voice. */
  style: string;
}

export interface TurnChapter {
  node_id: string;
  /** Chapter title; used in prompts only, never shown to players. */
  name: string;
  content: string;
  /** The chapter's objective; empty means the chapter has none to meet. */
  objective: string;
  index: number;
  count: number;
}

/** A past line of the play, oldest first, as the storyteller sees it. */
export interface TurnLine {
  speaker: 'player' | 'npc' | 'narrator';
  /** The character's name for npc lines, the player's for player lines. */
  name: string;
  content: string;
}

/** Everything the storyteller needs to write one reply: the story's own material and the conversation. */
export interface TurnMaterial {
  storyName: string;
  introduction: string;
  storySummary: string;
  player: { name: string; settings: string };
  characters: readonly TurnCharacter[];
  chapter: TurnChapter;
  /** The running summary of turns folded out of the prompt. */
  runningSummary: string;
  /** What the player pinned for the character to remember, oldest first, already within its token budget. */
  pins?: readonly string[];
  /** Newest last; the newest is normally the player's message being answered. */
  history: TurnLine[];
  /** The character chosen to answer. */
  speaker: TurnCharacter;
  /** Player messages sent since this chapter began, including the newest. */
  turnsInChapter: number;
  /** A regeneration: which writing of the reply this is (1 the first regeneration); absent for a first writing. */
  take?: number;
  /**
   * Lorebook entries the recent messages called up, placed before and after the characters, and those placed in the
   * conversation `depth` messages back from the newest (0: after it).
   */
  worldInfo?: { before: string; after: string; atDepth?: ReadonlyArray<{ depth: number; text: string }> };
}

/** What the director judges the chapter's objective on: a reply's material and the chapter's messages. */
export interface JudgeMaterial extends TurnMaterial {
  /** The texts of the messages sent since this chapter began, oldest first (read from the play, so folding history never hides them). */
  chapterInputs: string[];
}

export type TurnEvent = { type: 'emotion'; emotion: Emotion } | { type: 'text'; text: string };

export interface TurnRequest {
  material: TurnMaterial;
  /** The prompt assembled within the token budget (the offline storyteller reads the material instead). */
  messages: ChatMessage[];
  signal?: AbortSignal;
}

export interface JudgeVerdict {
  /** The chapter's objective is reached. */
  met: boolean;
  /** The player ran into a failure condition (the story ends badly). */
  failed: boolean;
  reason: string;
}

export interface SummariseRequest {
  previousSummary: string;
  lines: TurnLine[];
  signal?: AbortSignal;
}

export interface SuggestRequest {
  material: TurnMaterial;
  /** The prompt a reply would get (assembled within the token budget), which the suggestions follow. */
  messages: ChatMessage[];
  signal?: AbortSignal;
}

/** The director's structured judgements on a branching story (choices.ts). */
export interface ChoiceItem {
  id: string;
  text: string;
}

export interface ChoiceRequest {
  /** `one`: the one item the text means (an option, an outcome), or none; `many`: every item that holds (rules). */
  kind: 'one' | 'many';
  /** What is asked, for the model. */
  question: string;
  items: ChoiceItem[];
  /** The player's text judged (typed text, the turn's message, or the chapter's messages joined). */
  text: string;
  material: TurnMaterial;
  signal?: AbortSignal;
}

export interface ChoiceAnswer {
  ids: string[];
  reason: string;
}

/**
 * The chat side of an AI provider: streamed story turns, the director's objective judgement, and summaries of
 * older turns. `streamTurn` yields an optional emotion first, then text deltas; it throws ChatFailure on faults.
 */
export interface ChatProvider {
  readonly mode: 'offline' | 'openai-compatible';
  /** The model that writes the replies, as a creator's debug view names it. */
  readonly model: string;
  /**
   * The provider that asks `model` instead (a player's model choice, ai/chat/models.ts); absent where there is no
   * choice of model (the offline storyteller).
   */
  forModel?(model: string): ChatProvider;
  streamTurn(request: TurnRequest): AsyncIterable<TurnEvent>;
  judge(material: JudgeMaterial, signal?: AbortSignal): Promise<JudgeVerdict>;
  summarise(request: SummariseRequest): Promise<string>;
  /** Two or three short things the player might say next; throws ChatFailure when the model gives none. */
  suggest(request: SuggestRequest): Promise<string[]>;
  /** The director's structured judgement on a branching story (choices.ts); never throws: a failure names nothing. */
  judgeChoice(request: ChoiceRequest): Promise<ChoiceAnswer>;
}
