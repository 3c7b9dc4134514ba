import { ErrorCode, UserIdentity } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isLoginBanned } from '../../lib/ban';
import { mergeGuestInto } from '../users';
import type { UserDoc } from '../users';
import { bannedError, issueSession, revokeAllSessions } from './session.service';

export interface LoginOptions {
  /** ISO 3166 alpha-2 of the sign-in: the phone number's country, or none for provider sign-in. */
  country?: string;
}

/** The region of the request per the proxy's geo header; only trusted when TRUST_PROXY is on. */
export function headerCountry(ctx: AppContext): string | undefined {
  if (!ctx.state.accounts.config.trustProxy) return undefined;
  const raw = ctx.get('cf-ipcountry') || ctx.get('x-country');
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/**
 * The last step of every sign-in (phone and providers): refuses blocked regions (1010106) and login-banned
 * accounts (1015 with the end date, every session revoked), hands a guest's plays to the account signed in to (see
 * guestMerge.ts), then issues the session.
 */
export async function completeLogin(ctx: AppContext, user: UserDoc, { country }: LoginOptions = {}): Promise<UserDoc> {
  const { config, now } = ctx.state.accounts;
  const regions = [country?.toUpperCase(), headerCountry(ctx)].filter((c): c is string => !!c);
  const blocked = regions.find((c) => config.blockedCountries.includes(c));
  if (blocked) {
    ctx.state.log.info({ country: blocked }, 'sign-in refused for a blocked region');
    throw new AppError(ErrorCode.AreaForbidden, undefined, { data: { country: blocked } });
  }
  const t = now();
  if (isLoginBanned(user, t)) {
    await revokeAllSessions(user.uid);
    throw bannedError(user);
  }
  // The request's guest, if any, before the new session replaces its own.
  const previous = ctx.state.account;
  if (previous && previous.identity === UserIdentity.Tour) await mergeGuestInto(previous.uid, user.uid, ctx.state.log);
  user.last_login_at = new Date(t);
  if (regions[0]) user.last_login_country = regions[0];
  await user.save();
  await issueSession(ctx, user);
  return user;
}
