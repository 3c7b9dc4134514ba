import { UserIdentity } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { requestLanguage } from '../../lib/language';
import { createGuest, findOrCreateByPhone } from '../users';
import { presentUser } from '../users';
import { completeLogin } from './login.service';
import { parsePhone } from './phone';
import { issueSession, revokeSession } from './session.service';
import { sendCode, verifyCode, type SentCode } from './sms.service';

export async function requestCode(ctx: AppContext, input: { phone: string; country?: string }): Promise<SentCode> {
  const { e164 } = parsePhone(input.phone, input.country);
  return sendCode(ctx.state.accounts, e164, requestLanguage(ctx));
}

/** Phone sign-in: checks the code, finds or creates the account, then the shared login rules. */
export async function loginWithCode(ctx: AppContext, input: { phone: string; country?: string; code: string }) {
  const { e164, country } = parsePhone(input.phone, input.country);
  const runtime = ctx.state.accounts;
  await verifyCode(runtime, e164, input.code);
  const { user, created } = await findOrCreateByPhone(e164, runtime.now(), requestLanguage(ctx));
  await completeLogin(ctx, user, { country });
  return {
    is_new: created,
    // The client shows the age and terms confirmation until both are recorded.
    need_confirm: user.is_adult === null || user.is_adult === undefined || !user.agreed_terms_at,
    user: presentUser(user),
  };
}

/** A visitor's Tour identity with its own session; an existing session is returned unchanged. */
export async function startGuest(ctx: AppContext) {
  const existing = ctx.state.user;
  if (existing) return { user: presentUser(existing), created: false };
  const guest = await createGuest(ctx.state.accounts.now(), requestLanguage(ctx));
  await issueSession(ctx, guest);
  return { user: presentUser(guest), created: true };
}

export async function logout(ctx: AppContext) {
  const user = ctx.state.user;
  await revokeSession(ctx);
  // Guests have nothing to come back to once the cookie is gone.
  if (user && user.identity === UserIdentity.Tour) await user.deleteOne();
  return { is_login: false };
}
