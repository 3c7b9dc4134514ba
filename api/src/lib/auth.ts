import type { Middleware } from 'koa';
import { ErrorCode, TeenMode, UserIdentity, type UserRole } from 'shared-kit';
import { isCreationBanned } from './ban';
import type { Account, AppContext, AppState } from './context';
import { AppError } from './errors';

type Guard = Middleware<AppState>;

/** The request's user document (the accounts module's `UserDoc`, see `modules/passport/state.ts`). */
type RequestUser = NonNullable<AppState['user']>;

/** The request's user; 1007 when there is none. Guests (Tour) count as users here. */
export function currentUser(ctx: AppContext): RequestUser {
  const user = ctx.state.user;
  if (!user) throw new AppError(ErrorCode.NeedLogin);
  return user;
}

/**
 * The request's account, read-only; 1007 when there is none. For guards and routes that only look at the caller:
 * unlike `currentUser`, it makes no document.
 */
export function currentAccount(ctx: AppContext): Account {
  const account = ctx.state.account ?? ctx.state.user;
  if (!account) throw new AppError(ErrorCode.NeedLogin);
  return account;
}

/** Any session, guest or signed in. */
export const requireSession: Guard = async (ctx, next) => {
  currentAccount(ctx);
  await next();
};

/** A signed-in account (identity User): guests get 1007 and the client sends them to login. */
export const requireUser: Guard = async (ctx, next) => {
  if (currentUser(ctx).identity !== UserIdentity.User) throw new AppError(ErrorCode.NeedLogin);
  await next();
};

/** A signed-in account holding `role`; others get 1008 (no access). */
export function requireRole(role: UserRole): Guard {
  return async (ctx, next) => {
    const user = currentUser(ctx);
    if (user.identity !== UserIdentity.User) throw new AppError(ErrorCode.NeedLogin);
    if (!user.roles.includes(role)) throw new AppError(ErrorCode.NoAccess);
    await next();
  };
}

export const ONBOARDING_REQUIRED = 'onboarding_required';

/**
 * The age question and the terms were answered (`log_in_confirm`). Until then creating and chatting get 1005 with
 * `data.reason = "onboarding_required"`, which the client answers with the confirmation screen.
 */
export const requireOnboarded: Guard = async (ctx, next) => {
  const user = currentAccount(ctx);
  if (user.identity !== UserIdentity.User) throw new AppError(ErrorCode.NeedLogin);
  if (user.is_adult === null || user.is_adult === undefined || !user.agreed_terms_at) {
    throw new AppError(ErrorCode.BusinessError, 'Confirm your age and accept the terms first', {
      data: { reason: ONBOARDING_REQUIRED },
    });
  }
  await next();
};

/** Confirmed 18 or older; minors get 3000002 (youth mode only). */
export const requireAdultConfirmed: Guard = async (ctx, next) => {
  const user = currentUser(ctx);
  if (user.is_adult !== true) {
    throw new AppError(ErrorCode.TeenModeIntercept, 'Not available for users under 18', { data: { reason: 'underage' } });
  }
  await next();
};

/** Youth mode blocks creating and commenting on the server: 3000002. */
export const forbidTeenMode: Guard = async (ctx, next) => {
  const user = currentUser(ctx);
  if (user.teen_mode === TeenMode.Enable) throw new AppError(ErrorCode.TeenModeIntercept);
  await next();
};

/** No creation ban (nor login ban) in force: 1010250 with the ban's end date. */
export const requireCanCreate: Guard = async (ctx, next) => {
  const user = currentUser(ctx);
  if (isCreationBanned(user, ctx.state.accounts.now())) {
    throw new AppError(ErrorCode.UserCreateBan, undefined, {
      data: { creation_until: (user.ban?.creation_until ?? user.ban?.login_until)?.toISOString() ?? null },
    });
  }
  await next();
};

/**
 * The guard chain for creating and commenting: signed in, onboarded, not in youth mode, no creation ban.
 * Later modules spread it into their routes: `router.post(path, ...creationGuards, validator, handler)`.
 */
export const creationGuards: Guard[] = [requireUser, requireOnboarded, forbidTeenMode, requireCanCreate];

/** The guard chain for chatting: signed in and onboarded (guests are counted by the play module instead). */
export const chatGuards: Guard[] = [requireUser, requireOnboarded];
