import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

let encoder: Tiktoken | undefined;

/** cl100k_base, loaded on first use: a real BPE count, close to what OpenAI-style models bill. */
function enc(): Tiktoken {
  encoder ??= new Tiktoken(cl100k);
  return encoder;
}

/*
 * Every turn counts the same system prompt and the same history lines again, and BPE in JavaScript costs about a
 * millisecond per few hundred tokens: counts are remembered per text (insertion order gives a cheap LRU).
 */
const COUNT_CACHE_MAX = 2048;
/** Longer texts are counted each time, so the cache stays within a few tens of megabytes. */
const COUNT_CACHE_TEXT_MAX = 16_384;
const counted = new Map<string, number>();

/** Tokens in `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  const known = counted.get(text);
  if (known !== undefined) {
    counted.delete(text);
    counted.set(text, known);
    return known;
  }
  const n = enc().encode(text).length;
  if (text.length > COUNT_CACHE_TEXT_MAX) return n;
  counted.set(text, n);
  if (counted.size > COUNT_CACHE_MAX) counted.delete(counted.keys().next().value as string);
  return n;
}

/**
 * At least as many tokens as `text` has: its count when known, else its UTF-8 length (every cl100k token stands for
 * at least one byte). Lets a caller skip counting when even the bound is within its budget.
 */
export function tokenBound(text: string): number {
  const known = counted.get(text);
  return known ?? Buffer.byteLength(text);
}

/** Per-message overhead of the chat format (role and separators), as OpenAI documents it for its chat models. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function countMessageTokens(message: { content: string }): number {
  return countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;
}

export function messageTokenBound(message: { content: string }): number {
  return tokenBound(message.content) + MESSAGE_OVERHEAD_TOKENS;
}

/** The longest prefix of `text` within `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = enc().encode(text);
  if (tokens.length <= maxTokens) return text;
  return enc().decode(tokens.slice(0, maxTokens));
}
