import type { UserDoc } from '../users';
import { presentSettings } from '../users';
import type { ACCOUNT_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';

/** A `settings/update` body as validated. */
type SettingsUpdate = z.output<typeof ACCOUNT_REQUESTS.settingsUpdateBody>;

/** Partial update: only the fields sent change. */
export async function updateSettings(user: UserDoc, input: SettingsUpdate) {
  const set: Record<string, unknown> = {};
  const n = input.notifications;
  if (n?.comments !== undefined) set['settings.notify_comments'] = n.comments;
  if (n?.likes !== undefined) set['settings.notify_likes'] = n.likes;
  if (n?.follows !== undefined) set['settings.notify_follows'] = n.follows;
  if (n?.system !== undefined) set['settings.notify_system'] = n.system;
  if (input.language !== undefined) set['settings.language'] = input.language;
  if (input.theme !== undefined) set['settings.theme'] = input.theme;
  if (input.third_party_data_sharing !== undefined) set['settings.third_party_data_sharing'] = input.third_party_data_sharing;
  for (const [path, value] of Object.entries(set)) user.set(path, value);
  await user.save();
  return presentSettings(user);
}
