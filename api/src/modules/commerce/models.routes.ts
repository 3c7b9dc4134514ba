import { ErrorCode, type ChatModelOption, type ModelOptions } from 'shared-kit';
import { COMMERCE_REQUESTS } from 'shared-kit/schemas';
import { chosenModel } from '../../ai/chat';
import { aiMode, type ChatModelSetting, type Config } from '../../config';
import { currentAccount, requireSession } from '../../lib/auth';
import type { Account, AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { User } from '../users';

const vip = (account: Account, now: number) => (account.vip_until?.getTime() ?? 0) > now;

/** The models on offer: CHAT_MODELS, with the configured LLM_MODEL first when the list does not name it. */
export function modelCatalogue(config: Config): { models: ChatModelSetting[]; defaultModel: string | null } {
  const defaultModel = aiMode(config) === 'model' ? config.llm.model! : null;
  const models = config.chatModels;
  if (!defaultModel || models.length === 0 || models.some((m) => m.id === defaultModel)) return { models, defaultModel };
  return { models: [{ id: defaultModel, name: defaultModel, members_only: false }, ...models], defaultModel };
}

/**
 * The members' model choice (the spec's `default_model_options` / `update_default_model`, under /api/editor): the
 * models configured in CHAT_MODELS, a members-only one chosen by members only (others get 1008, reason
 * members_only, scene model_switch). The choice is kept on the account, which the send path already holds.
 */
export function modelRoutes(router: AppRouter, config: Config, now: () => number): void {
  const { models, defaultModel } = modelCatalogue(config);
  const mode = aiMode(config);
  const optionsFor = (account: Account, choice: string | null): ModelOptions => {
    const member = vip(account, now());
    const list: ChatModelOption[] = models.map((m) => ({ ...m, available: !m.members_only || member }));
    return { ai_mode: mode, models: list, default_model: defaultModel, chosen_model: choice, current_model: chosenModel(models, { chat_model: choice, vip_until: account.vip_until }, now()) ?? defaultModel, is_vip: member };
  };

  router.get('/api/editor/default_model_options', requireSession, (ctx) => {
    const account = currentAccount(ctx);
    respond(ctx, optionsFor(account, account.chat_model ?? null));
  });

  const perHour = rateLimit({ name: 'model-choice', key: (ctx) => currentAccount(ctx).uid, windowMs: 60 * 60 * 1000, max: 60 });
  const update = validate({ body: COMMERCE_REQUESTS.updateDefaultModelBody });
  router.post('/api/editor/update_default_model', requireSession, perHour, update, async (ctx) => {
    const account = currentAccount(ctx);
    const wanted = update.input(ctx).body.model;
    const model = wanted === '' ? null : models.find((m) => m.id === wanted);
    if (model === undefined) throw new AppError(ErrorCode.ClientParamError, 'model: not one of the models on offer');
    if (model?.members_only && !vip(account, now())) {
      throw new AppError(ErrorCode.NoAccess, 'model: a members-only model', { data: { reason: 'members_only', scene: 'model_switch' } });
    }
    const choice = model && model.id !== defaultModel ? model.id : null;
    // Through the model, so this process's cached sessions of the account are dropped (others see it within
    // SESSION_CACHE_MS, as they see a membership's change).
    await User.updateOne({ uid: account.uid }, { $set: { chat_model: choice } });
    respond(ctx, optionsFor(account, choice));
  });
}
