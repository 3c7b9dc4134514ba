import { sessionCache } from './sessionCache';
import { User } from './user.model';
import { bump } from './userRevision';

const instant = (d: unknown): number | null => (d instanceof Date ? d.getTime() : null);

/**
 * Mirrors a membership's end onto its account (`vip_until`, what the send path's isMember and the header read),
 * written only over an older revision (`vip_rev`) so a late writer never undoes a newer end. The account's sessions,
 * here and in other processes, are told only when the end itself moved: a write that advances the revision alone
 * changes nothing a session shows, so it costs no sessions write. (Through the collection, since the users' write
 * hooks would tell the sessions of every write.)
 */
export async function mirrorMembershipEnd(uid: string, until: Date | null, rev: number): Promise<void> {
  const before = await User.collection.findOneAndUpdate(
    { uid, $or: [{ vip_rev: { $lt: rev } }, { vip_rev: { $exists: false } }] },
    { $set: { vip_until: until, vip_rev: rev } },
    { projection: { vip_until: 1 } },
  );
  if (!before || instant(before.vip_until) === instant(until)) return;
  sessionCache.invalidate([`u:${uid}`]);
  await bump([uid]);
}
