import { registerGuestMergeHook } from '../../users';
import { Play, type PlayFields } from '../play.model';

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

// A guest who signs in keeps their plays (users/guestMerge.ts runs this before and after removing the guest).
registerGuestMergeHook({ name: 'plays', move: moveAll });
