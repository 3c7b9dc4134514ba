import { MEMORY_PIN_TOKENS } from 'shared-kit/areas';
import { countTokens } from '../../../ai/chat';
import type { PinFields } from '../play.model';

/** Per pin in the prompt: its bullet and line break. */
const PIN_OVERHEAD_TOKENS = 2;

/** A pin as the prompt gives it: a line with its speaker, a note as written. */
export function pinText(pin: Pick<PinFields, 'kind' | 'speaker' | 'content'>): string {
  return pin.kind === 'line' && pin.speaker ? `${pin.speaker}: ${pin.content}` : pin.content;
}

export interface PinsInPrompt {
  /** The pins the prompt holds, oldest first. */
  kept: PinFields[];
  tokens: number;
}

/**
 * The pins within the budget: newest first while they fit (a pin that does not fit is passed over, an older smaller
 * one may still fit), then given oldest first. Counts come from the tokenizer's cache after the first turn.
 */
export function pinsInPrompt(pins: readonly PinFields[] | undefined, budget: number = MEMORY_PIN_TOKENS): PinsInPrompt {
  if (!pins || pins.length === 0) return { kept: [], tokens: 0 };
  const kept: PinFields[] = [];
  let tokens = 0;
  for (let i = pins.length - 1; i >= 0; i -= 1) {
    const cost = countTokens(pinText(pins[i]!)) + PIN_OVERHEAD_TOKENS;
    if (tokens + cost > budget) continue;
    tokens += cost;
    kept.push(pins[i]!);
  }
  return { kept: kept.reverse(), tokens };
}
