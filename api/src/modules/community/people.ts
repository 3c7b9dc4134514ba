import mongoose from 'mongoose';
import type { SocialUser } from 'shared-kit';
import { isBlockedBetween } from '../user';
import { Block } from '../user';
import { User } from '../user';
import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';

/** People by uid, as the social calls show them; a deleted account is left out. */
export async function peopleOf(uids: Iterable<string>): Promise<Map<string, SocialUser>> {
  const unique = [...new Set(uids)].filter((u) => u !== '');
  if (unique.length === 0) return new Map();
  const users = await User.find({ uid: mongoose.trusted({ $in: unique }) }, { uid: 1, nickname: 1, username: 1, avatar: 1 }).lean();
  return new Map(users.map((u) => [u.uid, { uid: u.uid, nickname: u.nickname, username: u.username ?? '', avatar: u.avatar ?? '' }]));
}

/** The one shown for an account that is gone. */
export function nobody(uid: string): SocialUser {
  return { uid, nickname: '', username: '', avatar: '' };
}

/** Everyone `uid` blocked or was blocked by: their content is hidden from `uid` and they cannot interact. */
export async function blockedAround(uid: string): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    Block.find({ uid }, { blocked_uid: 1 }).lean(),
    Block.find({ blocked_uid: uid }, { uid: 1 }).lean(),
  ]);
  return new Set([...mine.map((b) => b.blocked_uid), ...theirs.map((b) => b.uid)]);
}

/** 1201 when either of the two has blocked the other. */
export async function refuseIfBlocked(a: string, b: string, code: ErrorCode = ErrorCode.NoPermission): Promise<void> {
  if (a !== b && (await isBlockedBetween(a, b))) {
    throw new AppError(code, 'Not available: one of you has blocked the other', { data: { reason: 'blocked' } });
  }
}
