import { z } from 'zod';
import { createOpenAICompatibleChat, type ChatProvider } from '../../ai/chat';
import { SwitchableChat } from '../../ai/chat/switchable';
import type { Config } from '../../config';
import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import type { Logger } from '../../lib/logger';
import { validate } from '../../lib/validate';

const body = z.object({
  // Loopback only: the switch exists for a browser test's fake model on the same machine.
  base_url: z
    .url()
    .refine((u) => /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?(?:\/|$)/.test(u), 'must be a loopback http address')
    .optional(),
  model: z.string().trim().min(1).max(200).optional(),
});

/**
 * The play chat, switchable at run time when DEV_CHAT_SWITCH is set outside production: `POST /api/dev/chat_model`
 * with `{base_url, model}` sends this process's turns to that OpenAI-compatible server, and `{}` puts the
 * configured provider back. Otherwise the configured provider as it is, and no route.
 */
export function devSwitchableChat(router: AppRouter, configured: ChatProvider, config: Config, logger: Logger): ChatProvider {
  if (!config.devChatSwitch || config.nodeEnv === 'production') return configured;
  const chat = new SwitchableChat(configured);
  const input = validate({ body });
  router.post('/api/dev/chat_model', input, async (ctx) => {
    const b = input.input(ctx).body;
    if (b.base_url && b.model) {
      chat.use(
        createOpenAICompatibleChat({
          baseUrl: b.base_url,
          apiKey: 'test',
          model: b.model,
          timeoutMs: config.chat.timeoutMs,
          retries: config.chat.retries,
          contextTokens: config.chat.contextTokens,
          replyTokens: config.chat.replyTokens,
          logger,
        }),
      );
    } else {
      chat.use(null);
    }
    logger.warn({ mode: chat.mode }, 'play chat switched (development only)');
    respond(ctx, { mode: chat.mode });
  });
  return chat;
}
