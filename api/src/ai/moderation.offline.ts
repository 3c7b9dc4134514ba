import { ReviewCategory, type ForbiddenWords } from 'shared-kit';
import type { ModerationProvider, ModerationVerdict } from './types';

/** The embedded moderation: the forbidden-word lists, nothing more. Deterministic and instant. */
export function offlineModeration(words: ForbiddenWords): ModerationProvider {
  return {
    name: 'offline',
    async moderate(texts: string[]): Promise<ModerationVerdict[]> {
      return texts.map((text) => {
        const word = words.find(text);
        return word === null
          ? { flagged: false, categories: [] }
          : { flagged: true, categories: [ReviewCategory.Others], detail: `listed word "${word}"` };
      });
    },
  };
}
