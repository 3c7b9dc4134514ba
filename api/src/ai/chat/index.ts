import type { Config } from '../../config';
import { aiMode } from '../../config';
import type { Logger } from '../../lib/logger';
import { createOfflineChat } from './offline';
import { createOpenAICompatibleChat } from './openaiCompatible';
import type { ChatProvider } from './types';

export * from './types';
export { offlineChoice } from './choices';
export { ChatFailure, type ChatFailureKind } from './errors';
export {
  assemblePrompt,
  historyTokens,
  systemPrompt,
  type PromptBudget,
  type AssembledPrompt,
} from './prompt';
export { countTokens } from './tokenizer';
export { createOfflineChat, offlineJudge, offlineEmotion } from './offline';
export { offlineReply } from './storyteller';
export { createOpenAICompatibleChat } from './openaiCompatible';
export { chatForChoice, chosenModel } from './models';

/** The chat provider the config selects: a model when LLM_BASE_URL and LLM_MODEL are set, else the offline storyteller. */
export function createChatProvider(config: Config, logger: Logger): ChatProvider {
  if (aiMode(config) === 'model' && config.llm.baseUrl && config.llm.model) {
    return createOpenAICompatibleChat({
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      model: config.llm.model,
      timeoutMs: config.chat.timeoutMs,
      retries: config.chat.retries,
      contextTokens: config.chat.contextTokens,
      replyTokens: config.chat.replyTokens,
      logger,
    });
  }
  return createOfflineChat({ tokenDelayMs: config.chat.offlineTokenDelayMs });
}
