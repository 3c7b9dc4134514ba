import OpenAI from 'openai';
import type { ForbiddenWords } from 'shared-kit';
import { aiMode, type Config } from '../config';
import { offlineImages } from './images.offline';
import { openAiImages } from './images.openai';
import { httpFetch } from './httpFetch';
import { offlineModeration } from './moderation.offline';
import { openAiModeration } from './moderation.openai';
import type { AiMediaProviders } from './types';

export type * from './types';
export { offlineArtworkSvg } from './images.offline';
/** Story chat (streamed turns, the director's judgement, summaries): built by the play module from config. */
export { createChatProvider, ChatFailure, type ChatProvider as StoryChatProvider, type TurnMaterial, type TurnEvent, type JudgeVerdict } from './chat';

/** One client per process: it keeps the connection pool. Retries stay with the callers (the review queue retries). */
function openAiClient(config: Config): OpenAI {
  return new OpenAI({
    baseURL: config.llm.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the client insists on one.
    apiKey: config.llm.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: 30_000,
    fetch: httpFetch,
  });
}

/**
 * The providers the config selects: openai-compatible when `LLM_BASE_URL` and `LLM_MODEL` are set, offline
 * otherwise. `forbidden` is the offline moderation's list.
 */
export function createAiProviders(config: Config, forbidden: ForbiddenWords): AiMediaProviders {
  if (aiMode(config) === 'model') {
    const client = openAiClient(config);
    return {
      mode: 'model',
      moderation: openAiModeration(client, config.ai.moderationModel),
      images: openAiImages(client, config.ai.imageModel),
    };
  }
  return { mode: 'offline', moderation: offlineModeration(forbidden), images: offlineImages() };
}
