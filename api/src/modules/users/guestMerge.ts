import { UserIdentity } from 'shared-kit';
import type { Logger } from '../../lib/logger';
import { User } from './user.model';

/** What a guest owns that moves to the account at sign-in (plays, ...); `move` returns how many it moved. */
export interface GuestMergeHook {
  name: string;
  move(guestUid: string, accountUid: string): Promise<number>;
}

/** Registered at import time by the modules that own a guest's content (play); run in order. */
const onGuestMerged: GuestMergeHook[] = [];

export function registerGuestMergeHook(hook: GuestMergeHook): void {
  if (!onGuestMerged.some((h) => h.name === hook.name)) onGuestMerged.push(hook);
}

async function moveAll(guestUid: string, accountUid: string): Promise<number> {
  let moved = 0;
  for (const hook of onGuestMerged) moved += await hook.move(guestUid, accountUid);
  return moved;
}

/**
 * A guest who signs in keeps what they played as a guest: each of the guest's plays (and with it its dialogues, the
 * history and the Recently played list, which all hang off the play) becomes the account's, whether the account
 * is new or an existing one; the play module moves them (a GuestMergeHook). Then the guest account is removed, as at a guest's log-out.
 *
 * Each play moves in its own atomic update, and a retry after a failure half-way moves only what is left: the guest
 * account (and so its session) is removed last, so a sign-in that failed can simply be tried again. Plays a request
 * of the guest's might have started while the first pass ran are picked up by a second pass after the guest is gone.
 * Guest turns are not counted against the account's daily limit.
 */
export async function mergeGuestInto(guestUid: string, accountUid: string, log?: Logger): Promise<{ plays: number }> {
  if (guestUid === accountUid) return { plays: 0 };
  const guest = await User.findOne({ uid: guestUid }, { identity: 1 }).lean<{ identity: string }>();
  // Only a guest is ever merged; an account signing in over another account's session is a plain switch.
  if (!guest || guest.identity !== UserIdentity.Tour) return { plays: 0 };
  let plays = await moveAll(guestUid, accountUid);
  await User.deleteOne({ uid: guestUid, identity: UserIdentity.Tour });
  plays += await moveAll(guestUid, accountUid);
  log?.info({ guest: guestUid, uid: accountUid, plays }, 'guest merged into the signed-in account');
  return { plays };
}
