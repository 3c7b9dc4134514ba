import type OpenAI from 'openai';
import { ReviewCategory } from 'shared-kit';
import type { ModerationProvider, ModerationVerdict } from './types';

/** The moderation endpoint's category names, mapped to the product's overseas review categories. */
const CATEGORY_MAP: Record<string, ReviewCategory> = {
  sexual: ReviewCategory.Adult,
  'sexual/minors': ReviewCategory.Minor,
  hate: ReviewCategory.Hateful,
  'hate/threatening': ReviewCategory.Hateful,
  harassment: ReviewCategory.Harassment,
  'harassment/threatening': ReviewCategory.Harassment,
  'self-harm': ReviewCategory.Suicide,
  'self-harm/intent': ReviewCategory.Suicide,
  'self-harm/instructions': ReviewCategory.Suicide,
  violence: ReviewCategory.Violent,
  'violence/graphic': ReviewCategory.Violent,
  illicit: ReviewCategory.IllegalOverseas,
  'illicit/violent': ReviewCategory.Dangerous,
};

/** Texts per request: the endpoint accepts arrays, and a story has a few hundred items at most. */
const BATCH = 32;

/** Moderation through an OpenAI-compatible `/moderations` endpoint. */
export function openAiModeration(client: OpenAI, model: string): ModerationProvider {
  return {
    name: 'openai-compatible',
    async moderate(texts: string[], signal?: AbortSignal): Promise<ModerationVerdict[]> {
      const out: ModerationVerdict[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH);
        const res = await client.moderations.create({ model, input }, { signal });
        if (res.results.length !== input.length) {
          throw new Error(`moderation returned ${res.results.length} results for ${input.length} texts`);
        }
        for (const r of res.results) {
          const fired = Object.entries(r.categories as unknown as Record<string, boolean | null>)
            .filter(([, on]) => on === true)
            .map(([name]) => name);
          const categories = [...new Set(fired.map((name) => CATEGORY_MAP[name] ?? ReviewCategory.Others))];
          out.push(
            r.flagged
              ? {
                  flagged: true,
                  categories: categories.length ? categories : [ReviewCategory.Others],
                  detail: fired.join(', '),
                }
              : { flagged: false, categories: [] },
          );
        }
      }
      return out;
    },
  };
}
