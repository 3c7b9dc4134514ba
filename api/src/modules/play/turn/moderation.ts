import type { ModerationProvider } from '../../../ai/types';
import type { Logger } from '../../../lib/logger';

export interface TextCheck {
  flagged: boolean;
  detail: string;
}

/**
 * Moderation of play texts through the product's moderation provider. A provider fault does not block play:
 * the text is checked against nothing and the fault is logged, since the reply is visible only to its player.
 */
export function playModeration(provider: ModerationProvider, logger: Logger) {
  return async function check(text: string): Promise<TextCheck> {
    if (text.trim() === '') return { flagged: false, detail: '' };
    try {
      const [verdict] = await provider.moderate([text]);
      if (!verdict) return { flagged: false, detail: '' };
      return { flagged: verdict.flagged, detail: verdict.flagged ? (verdict.detail ?? verdict.categories.join(',')) : '' };
    } catch (err) {
      logger.warn({ err, provider: provider.name }, 'play moderation failed; text let through');
      return { flagged: false, detail: '' };
    }
  };
}
export type CheckText = ReturnType<typeof playModeration>;
