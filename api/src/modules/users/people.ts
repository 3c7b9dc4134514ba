import { ErrorCode, type SocialUser } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Block } from './block.model';
import { usersByUid } from './users.read';

/** People by uid, as the social calls show them; a deleted account is left out. */
export async function peopleOf(uids: Iterable<string>): Promise<Map<string, SocialUser>> {
  const users = await usersByUid(uids, ['nickname', 'username', 'avatar']);
  return new Map([...users.values()].map((u) => [u.uid, { uid: u.uid, nickname: u.nickname, username: u.username ?? '', avatar: u.avatar ?? '' }]));
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

/** True when either user has blocked the other: the interaction modules refuse follows, comments, ... then. */
export async function isBlockedBetween(a: string, b: string): Promise<boolean> {
  const found = await Block.exists({ $or: [{ uid: a, blocked_uid: b }, { uid: b, blocked_uid: a }] });
  return !!found;
}

/** 1201 when either of the two has blocked the other. */
export async function refuseIfBlocked(a: string, b: string, code: ErrorCode = ErrorCode.NoPermission): Promise<void> {
  if (a !== b && (await isBlockedBetween(a, b))) {
    throw new AppError(code, 'Not available: one of you has blocked the other', { data: { reason: 'blocked' } });
  }
}
