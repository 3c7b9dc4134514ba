import type { ReviewCategory } from 'shared-kit';

/**
 * The one AI provider interface of the product (see ARCHITECTURE, "AI"). Two implementations exist for every
 * capability: `offline`, the embedded deterministic default, and `openai-compatible`, through the official
 * `openai` client against `LLM_BASE_URL`.
 */

export type AiMode = 'offline' | 'model';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatTurnRequest {
  /** The assembled prompt, oldest first, already fitted to the token budget. */
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** One streamed reply: text deltas in order; the iterator ends when the reply is complete. */
export interface ChatProvider {
  streamTurn(request: ChatTurnRequest): AsyncIterable<string>;
}

export interface ObjectiveRequest {
  /** The chapter's ending / objective text. */
  objective: string;
  /** The recent dialogue the judgement is about. */
  transcript: ChatMessage[];
  signal?: AbortSignal;
}

export interface ObjectiveJudgement {
  achieved: boolean;
  /** A short reason, for logs and debugging views. */
  reason: string;
}

/** Decides whether the player has reached the chapter's objective. */
export interface ObjectiveJudge {
  judgeObjective(request: ObjectiveRequest): Promise<ObjectiveJudgement>;
}

export interface SummaryRequest {
  /** Older turns or texts to condense, oldest first. */
  texts: string[];
  /** Upper bound of the summary's length in characters. */
  maxChars: number;
  signal?: AbortSignal;
}

/** Condenses older turns so a prompt stays within its budget. */
export interface Summariser {
  summarise(request: SummaryRequest): Promise<string>;
}

export interface ModerationVerdict {
  flagged: boolean;
  /** The categories that fired, in the product's terms (spec section 8, overseas categories). */
  categories: ReviewCategory[];
  /** What fired, for the review record (a listed word, or the provider's category names). */
  detail?: string;
}

/** Safety moderation of texts; one verdict per input text, in order. */
export interface ModerationProvider {
  readonly name: 'offline' | 'openai-compatible';
  moderate(texts: string[], signal?: AbortSignal): Promise<ModerationVerdict[]>;
}

export interface ImageRequest {
  prompt: string;
  /** An image style code from common_config (`anime`, `watercolor`, ...). */
  style?: string;
  width: number;
  height: number;
  /** What the picture is for; a character picture must show a face (the offline generator draws a portrait). */
  use?: 'character' | 'cover' | 'background';
  signal?: AbortSignal;
}

export interface GeneratedImage {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** Picture generation from a prompt. */
export interface ImageProvider {
  readonly name: 'offline' | 'openai-compatible';
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

/** Every capability; modules depend on the slice they use. */
export interface AiProvider {
  mode: AiMode;
  chat: ChatProvider;
  judge: ObjectiveJudge;
  summariser: Summariser;
  moderation: ModerationProvider;
  images: ImageProvider;
}

/** The capabilities built so far; chat, judging and summarising join when the play module lands. */
export type AiMediaProviders = Pick<AiProvider, 'mode' | 'moderation' | 'images'>;
