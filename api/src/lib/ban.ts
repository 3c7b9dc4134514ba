import { BanStatus } from 'shared-kit';

interface BanHolder {
  ban?: { status?: string | null; login_until?: Date | null; creation_until?: Date | null } | null;
}

/** A ban counts while it is in force or under appeal; PreBan is only a warning. */
function inForce(status: string | null | undefined): boolean {
  return status === BanStatus.Banned || status === BanStatus.Appealing || status === BanStatus.AppealFail;
}

export function isLoginBanned(user: BanHolder, now: number): boolean {
  const until = user.ban?.login_until;
  return inForce(user.ban?.status) && !!until && until.getTime() > now;
}

/** A login ban also stops creating: the spec says suspended accounts cannot create or edit. */
export function isCreationBanned(user: BanHolder, now: number): boolean {
  const until = user.ban?.creation_until;
  return isLoginBanned(user, now) || (inForce(user.ban?.status) && !!until && until.getTime() > now);
}

/**
 * The account's standing at `now`, computed on read: a ban whose dates have all passed is over (Normal) without any
 * timer having run; PreBan (a warning) stays until a ban replaces it or an operator lifts it.
 */
export function effectiveBanStatus(user: BanHolder, now: number): BanStatus {
  const status = (user.ban?.status ?? BanStatus.Normal) as BanStatus;
  if (!inForce(status)) return status === BanStatus.PreBan ? BanStatus.PreBan : BanStatus.Normal;
  const login = user.ban?.login_until?.getTime() ?? 0;
  const creation = user.ban?.creation_until?.getTime() ?? 0;
  return Math.max(login, creation) > now ? status : BanStatus.Normal;
}
