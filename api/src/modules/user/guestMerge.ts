import { UserIdentity } from 'shared-kit';
import type { Logger } from '../../lib/logger';
import { Play, type PlayFields } from '../play';
import { User } from './user.model';

type GuestPlay = Pick<PlayFields, 'play_id' | 'story_id' | 'is_draft' | 'last_played_at'>;

/**
 * Hands one guest play to the account, in one conditional update (only while the guest still owns it, so running it
 * twice changes nothing). When the account already played the story, both plays are kept, and the guest's becomes
 * the account's latest play of the story: it is the one the person was in when they signed in, so Play resumes it;
 * the account's earlier plays stay as they were.
 */
async function movePlay(play: GuestPlay, guestUid: string, accountUid: string): Promise<boolean> {
  let playedAt = play.last_played_at;
  if (!play.is_draft) {
    const latest = await Play.findOne({ uid: accountUid, story_id: play.story_id, is_draft: false }, { last_played_at: 1 })
      .sort({ last_played_at: -1 })
      .lean<Pick<PlayFields, 'last_played_at'>>();
    if (latest && latest.last_played_at.getTime() >= playedAt.getTime()) playedAt = new Date(latest.last_played_at.getTime() + 1);
  }
  const res = await Play.updateOne({ play_id: play.play_id, uid: guestUid }, { $set: { uid: accountUid, last_played_at: playedAt } });
  return res.modifiedCount === 1;
}

/** Moves every play the guest still owns, oldest first (so the guest's own order survives the bumps above). */
async function moveAll(guestUid: string, accountUid: string): Promise<number> {
  const plays = await Play.find({ uid: guestUid }, { play_id: 1, story_id: 1, is_draft: 1, last_played_at: 1 })
    .sort({ last_played_at: 1 })
    .lean<GuestPlay[]>();
  let moved = 0;
  for (const play of plays) if (await movePlay(play, guestUid, accountUid)) moved += 1;
  return moved;
}

/**
 * A guest who signs in keeps what they played as a guest: each of the guest's plays (and with it its dialogues, the
 * history and the Recently played list, which all hang off the play) becomes the account's, whether the account
 * is new or an existing one. Then the guest account is removed, as at a guest's log-out.
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
