import { ErrorCode, LIMITS } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { statsOf } from '../users';
import { userByUsername, type UserDoc } from '../users';
import { presentUser } from '../users';
import type { ACCOUNT_REQUESTS } from 'shared-kit/schemas';
import type { z } from 'zod';
import { isDuplicateKey } from '../users';

/** A `user/save` body as validated. */
type SaveInput = z.output<typeof ACCOUNT_REQUESTS.saveBody>;

const USERNAME_CHARS = /^[A-Za-z0-9_]+$/;
const ONLY_DIGITS = /^\d+$/;
const UPLOAD_ID = /^[A-Za-z0-9_-]{8,128}$/;
const AVATAR_URL_MAX = 2048;
/** Control characters and line breaks have no place in a one-line display name. */
function hasControl(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

export type UsernameProblem = 'length' | 'characters' | 'only_digits';

/** The User ID rules of spec §5: 4-16 letters, digits and underscores, not only digits. */
export function usernameProblem(name: string): UsernameProblem | null {
  if (name.length < LIMITS.usernameMin || name.length > LIMITS.usernameMax) return 'length';
  if (!USERNAME_CHARS.test(name)) return 'characters';
  if (ONLY_DIGITS.test(name)) return 'only_digits';
  return null;
}

const USERNAME_MESSAGES: Record<UsernameProblem, string> = {
  length: `Username must be ${LIMITS.usernameMin}-${LIMITS.usernameMax} characters`,
  characters: 'Username may contain only letters, digits and underscores',
  only_digits: 'Username cannot be only digits',
};

function checkNickname(raw: string): string {
  const nickname = raw.trim();
  const length = [...nickname].length;
  if (length > LIMITS.nicknameMax) {
    throw new AppError(ErrorCode.NicknameLengthExceeded, `Nickname must be at most ${LIMITS.nicknameMax} characters`);
  }
  if (length < LIMITS.nicknameMin || hasControl(nickname)) {
    throw new AppError(ErrorCode.NicknameIllegal, `Nickname must be ${LIMITS.nicknameMin}-${LIMITS.nicknameMax} characters`);
  }
  return nickname;
}

function checkAvatar(raw: string): string {
  const avatar = raw.trim();
  if (avatar === '' || UPLOAD_ID.test(avatar)) return avatar;
  if (avatar.length <= AVATAR_URL_MAX) {
    try {
      const url = new URL(avatar);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    } catch {
      // falls through to the format error
    }
  }
  throw new AppError(ErrorCode.AvatarFormatError, 'Avatar must be an http(s) URL or an upload id');
}

/** Whether `name` can be taken by `self` (their own current name counts as available). */
export async function checkUserName(name: string, self: UserDoc | null) {
  const problem = usernameProblem(name);
  if (problem) return { available: false, reason: problem, message: USERNAME_MESSAGES[problem] };
  const owner = await userByUsername(name, ['uid']);
  if (owner && owner.uid !== self?.uid) return { available: false, reason: 'taken', message: 'Username taken' };
  return { available: true };
}

/** Applies a profile edit; every field is optional and checked by the spec's rules. */
export async function saveProfile(user: UserDoc, input: SaveInput) {
  if (input.nickname !== undefined) user.nickname = checkNickname(input.nickname);
  if (input.username !== undefined) {
    const problem = usernameProblem(input.username);
    if (problem) throw new AppError(ErrorCode.UsernameFormatError, USERNAME_MESSAGES[problem], { data: { reason: problem } });
    user.username = input.username;
    user.username_key = input.username.toLowerCase();
  }
  if (input.avatar !== undefined) user.avatar = checkAvatar(input.avatar);
  if (input.gender !== undefined) user.gender = input.gender as UserDoc['gender'];
  try {
    await user.save();
  } catch (err) {
    if (isDuplicateKey(err, 'username_key')) throw new AppError(ErrorCode.UsernameDuplicate);
    throw err;
  }
  return presentUser(user);
}

/** Spec's GetUserDetail: `user_nick, uid, biz_uid`, plus the profile page's fields. */
export async function userDetail(user: UserDoc) {
  const stats = await statsOf(user.uid);
  return {
    ...presentUser(user),
    user_nick: user.nickname,
    ...stats,
  };
}
