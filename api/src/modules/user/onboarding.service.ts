import { ErrorCode, TeenMode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { UserDoc } from '../users';
import { presentUser } from '../users';

/** Spec §8 "underage only youth mode"; shared-kit has no entry for it yet. */
export const UNDERAGE_MESSAGE = 'Users under 18 can only use youth mode';

/**
 * Records the first sign-in confirmations: age (18 or older) and terms. A minor is put in youth mode and may
 * only use youth mode; a confirmed minor cannot later declare themselves adult here.
 */
export async function confirmLogIn(user: UserDoc, input: { is_adult: boolean; agree_terms: boolean }, now: number) {
  if (!input.agree_terms) {
    throw new AppError(ErrorCode.InvalidParam, 'Accept the terms and privacy policy to continue', {
      data: { reason: 'terms_required' },
    });
  }
  if (user.is_adult === false && input.is_adult) {
    throw new AppError(ErrorCode.TeenModeIntercept, UNDERAGE_MESSAGE, {
      data: { reason: 'underage' },
    });
  }
  user.is_adult = input.is_adult;
  if (!input.is_adult) user.teen_mode = TeenMode.Enable;
  else if (user.teen_mode === TeenMode.Unknown) user.teen_mode = TeenMode.Disable;
  user.agreed_terms_at ??= new Date(now);
  await user.save();
  return presentUser(user);
}

/**
 * The youth-mode switch. Turning it off needs a confirmed adult and what `checkOff` asks (the app gives the identity
 * module's check: not a verified minor and, when a parental passcode is set, the passcode).
 */
export async function setTeenMode(
  user: UserDoc,
  enable: boolean,
  passcode: string | undefined,
  checkOff: (uid: string, passcode: string | undefined) => Promise<void>,
) {
  if (!enable && user.is_adult !== true) {
    throw new AppError(ErrorCode.TeenModeIntercept, UNDERAGE_MESSAGE, {
      data: { reason: 'underage' },
    });
  }
  if (!enable && user.teen_mode === TeenMode.Enable) await checkOff(user.uid, passcode);
  user.teen_mode = enable ? TeenMode.Enable : TeenMode.Disable;
  await user.save();
  return { teen_mode: user.teen_mode };
}
