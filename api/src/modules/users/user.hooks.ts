/**
 * Extension points for modules that own user content. Each registers once at import time; the accounts code calls
 * them without knowing what the content is.
 */

/** Deletes one kind of a user's content when the account is deleted, and counts it for the confirmation screen. */
export interface UserDeletionHook {
  /** Shown to the user: "stories", "plays", ... */
  name: string;
  count(uid: string): Promise<number>;
  remove(uid: string): Promise<void>;
}

/** Run in order on account deletion, before the account itself goes. Later modules push onto it. */
export const onUserDeleted: UserDeletionHook[] = [];

export function registerUserDeletionHook(hook: UserDeletionHook): void {
  if (!onUserDeleted.some((h) => h.name === hook.name)) onUserDeleted.push(hook);
}

export interface UserStats {
  follower_count: number;
  following_count: number;
}

/** Supplies follower and following counts; the interaction module registers one. Without it the counts are 0. */
export type UserStatsProvider = (uid: string) => Promise<Partial<UserStats>>;
export const userStatsProviders: UserStatsProvider[] = [];

export async function statsOf(uid: string): Promise<UserStats> {
  const out: UserStats = { follower_count: 0, following_count: 0 };
  for (const provider of userStatsProviders) Object.assign(out, await provider(uid));
  return out;
}
