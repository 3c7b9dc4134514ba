import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { severFollows } from '../community';
import { Block, isDuplicateKey, presentUserBrief, userExists, usersByUid, type UserDoc } from '../users';

const DEFAULT_PAGE = 20;

export async function blockUser(user: UserDoc, targetUid: string) {
  if (targetUid === user.uid) throw new AppError(ErrorCode.CannotBlockSelf);
  if (!(await userExists(targetUid))) throw new AppError(ErrorCode.UserNotExist);
  try {
    await Block.create({ uid: user.uid, blocked_uid: targetUid });
  } catch (err) {
    // Blocking twice is the same as blocking once.
    if (!isDuplicateKey(err)) throw err;
  }
  // Neither follows the other any more (spec section 6: blocking prevents following).
  await severFollows(user.uid, targetUid);
  return { uid: targetUid, blocked: true };
}

export async function unblockUser(user: UserDoc, targetUid: string) {
  await Block.deleteOne({ uid: user.uid, blocked_uid: targetUid });
  return { uid: targetUid, blocked: false };
}

export async function blockList(user: UserDoc, page: { offset?: number; count?: number }) {
  const offset = page.offset ?? 0;
  const count = page.count ?? DEFAULT_PAGE;
  const [rows, total] = await Promise.all([
    Block.find({ uid: user.uid }).sort({ created_at: -1, _id: -1 }).skip(offset).limit(count),
    Block.countDocuments({ uid: user.uid }),
  ]);
  const byUid = await usersByUid(
    rows.map((r) => r.blocked_uid),
    ['nickname', 'username', 'avatar'],
  );
  const list = rows.flatMap((r) => {
    const u = byUid.get(r.blocked_uid);
    return u ? [{ ...presentUserBrief(u), blocked_at: r.created_at?.toISOString() ?? null }] : [];
  });
  return { list, total, offset, has_more: offset + rows.length < total, next_offset: offset + rows.length };
}
