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
