import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

let encoder: Tiktoken | undefined;

/** cl100k_base, loaded on first use: a real BPE count, close to what OpenAI-style models bill. */
function enc(): Tiktoken {
  encoder ??= new Tiktoken(cl100k);
  return encoder;
}

/** Tokens in `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  return enc().encode(text).length;
}

/** Per-message overhead of the chat format (role and separators), as OpenAI documents it for its chat models. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function countMessageTokens(message: { content: string }): number {
  return countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;
}

/** The longest prefix of `text` within `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = enc().encode(text);
  if (tokens.length <= maxTokens) return text;
  return enc().decode(tokens.slice(0, maxTokens));
}
