import type { ChatModelSetting } from '../../config';
import type { ChatProvider } from './types';

/** What a model choice is decided from: fields of the account a request already holds. */
export interface ModelChooser {
  /** The stored choice (`editor/update_default_model`); null: the default. */
  chat_model?: string | null;
  /** Membership's end, as the commerce module mirrors it onto the account. */
  vip_until?: Date | null;
}

/**
 * A player's model choice: the model their turns ask for when it is still configured and, for a members-only model,
 * while they are a member; null otherwise (the default model). No database command.
 */
export function chosenModel(models: readonly ChatModelSetting[], account: ModelChooser, now: number): string | null {
  if (!account.chat_model) return null;
  const model = models.find((m) => m.id === account.chat_model);
  if (!model) return null;
  if (model.members_only && !((account.vip_until?.getTime() ?? 0) > now)) return null;
  return model.id;
}

/** The provider for a player's turns: the configured one, asking for their chosen model where there is a choice. */
export function chatForChoice(chat: ChatProvider, models: readonly ChatModelSetting[], account: ModelChooser, now: number): ChatProvider {
  const model = chosenModel(models, account, now);
  if (!model || model === chat.model || !chat.forModel) return chat;
  return chat.forModel(model);
}
