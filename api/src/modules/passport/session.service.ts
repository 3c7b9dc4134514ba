import type { Next } from 'koa';
import mongoose from 'mongoose';
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, UserStatus } from 'shared-kit';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { User, userByUid, type UserDoc, type UserFields } from '../users';
import { isLoginBanned } from '../../lib/ban';
import { clearSessionCookie, setSessionCookie, SESSION_COOKIE, tokenFromCookieHeader } from './cookie';
import type { AccountsRuntime } from './runtime';
import { Session } from '../users';
import './state';
import { cloneLean, sessionCache, type CachedSession, type LeanSession, type LeanUser } from '../users';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A used session is extended at most this often, so ordinary browsing does not write on every request. */
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session for `user`, sets the cookie and makes `user` the request's user. */
export async function issueSession(ctx: AppContext, user: UserDoc): Promise<void> {
  const now = ctx.state.accounts.now();
  // Signing in over a guest or another account ends that session: one cookie, one identity.
  if (ctx.state.session) await Session.deleteOne({ _id: ctx.state.session._id });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const session = await Session.create({
    token_hash: hashToken(token),
    uid: user.uid,
    expires_at: expiresAt,
    last_seen_at: new Date(now),
    ua: ctx.get('user-agent').slice(0, 512),
    ip: ctx.ip,
  });
  setSessionCookie(ctx, token, expiresAt);
  ctx.state.user = user;
  ctx.state.session = session;
}

/** Ends the request's session (if any) and clears the cookie. */
export async function revokeSession(ctx: AppContext): Promise<void> {
  if (ctx.state.session) await Session.deleteOne({ _id: ctx.state.session._id });
  clearSessionCookie(ctx);
  ctx.state.user = null;
  ctx.state.session = null;
}

/** Ends every session of an account: deletion, a login ban. */
export async function revokeAllSessions(uid: string): Promise<number> {
  const res = await Session.deleteMany({ uid });
  return res.deletedCount;
}

/**
 * The live session for a cookie token and its user, or null, as plain objects shared with the session cache:
 * frozen, so nothing can change them for the requests that come after. Sessions of missing or deleted accounts are
 * removed. A login-banned account loses all its sessions and the caller gets 1015 with the end date.
 *
 * The session is read from the database on every call (one indexed read), so a logout in any process refuses the
 * cookie at once. The account comes from the process's session cache while the session's `user_rev` is the one it
 * was cached with (any write to the account, in any process, bumps it; see userRevision.ts), and is read again
 * otherwise. Expiry, the account's status and bans are checked on every call all the same. A cached account is served
 * for SESSION_CACHE_MS, or, `byRevision` (routes called often by the same account: the online tick once a minute, a
 * turn's send and stream), for as long as the revision holds (REVISION_MAX_AGE_MS at most).
 */
export async function resolveToken(token: string | undefined, now: number, byRevision = false): Promise<CachedSession | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashToken(token);
  const ticket = sessionCache.beginRead();
  let stored: CachedSession | null = null;
  let found: CachedSession | null = null;
  try {
    const session = await Session.findOne({ token_hash: tokenHash, expires_at: mongoose.trusted({ $gt: new Date(now) }) }).lean<LeanSession>();
    if (!session) return null;
    const cached = sessionCache.get(tokenHash, now, byRevision);
    let user: LeanUser | null;
    if (cached && sameRevision(cached.session, session)) {
      user = cached.user;
    } else {
      user = await userByUid(session.uid);
      if (!user) {
        await Session.deleteOne({ _id: session._id });
        return null;
      }
    }
    if (!(await admit({ session, user }, now))) return null;
    found = { session, user };
    if (user !== cached?.user) stored = found;
  } finally {
    // Stored only when the account was read here, and only if no write that could affect it ran meanwhile.
    sessionCache.endRead(ticket, tokenHash, stored, now);
  }
  deepFreeze(found.user);
  deepFreeze(found.session);
  return found;
}

/** Whether a cached entry still holds the account as of `fresh` (the session just read). */
function sameRevision(cached: LeanSession, fresh: LeanSession): boolean {
  return String(cached._id) === String(fresh._id) && (cached.user_rev ?? 0) === (fresh.user_rev ?? 0);
}

/** Freezes plain objects and arrays all the way down (ids, dates and buffers are left as they are). */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/**
 * Defines `state[key]` as built on first read (a mongoose document is costly to make, and most requests only need
 * the plain account), and replaced by a plain value when assigned.
 */
function lazyState<K extends 'user' | 'session'>(state: AppContext['state'], key: K, make: () => AppContext['state'][K], onSet?: (v: AppContext['state'][K]) => void): void {
  let value: AppContext['state'][K] | undefined;
  Object.defineProperty(state, key, {
    configurable: true,
    enumerable: true,
    get: () => (value ??= make()),
    set: (v: AppContext['state'][K]) => {
      Object.defineProperty(state, key, { value: v, writable: true, configurable: true, enumerable: true });
      onSet?.(v);
    },
  });
}

/**
 * Whether a session may be served at `now`: not expired, and its account in good standing. A session of an account
 * that is no longer Normal is removed; a login-banned account loses all its sessions and 1015 is thrown.
 */
async function admit({ session, user }: CachedSession, now: number): Promise<boolean> {
  if (session.expires_at.getTime() <= now) return false;
  if (user.status !== UserStatus.Normal) {
    await Session.deleteOne({ _id: session._id });
    return false;
  }
  if (isLoginBanned(user, now)) {
    await revokeAllSessions(user.uid);
    throw bannedError(user);
  }
  return true;
}

export function bannedError(user: Pick<UserFields, 'ban'>): AppError {
  return new AppError(ErrorCode.UserBanned, undefined, {
    data: { login_until: user.ban?.login_until?.toISOString() ?? null, reason: user.ban?.reason ?? null },
  });
}

/**
 * Reads the request's cookie, loads the session, and slides its expiry at most once an hour. `state.account` is the
 * account as read (shared and frozen); `state.user` and `state.session`, the documents handlers change and save,
 * are made from it on first use.
 */
export async function loadSession(ctx: AppContext, byRevision = false): Promise<void> {
  ctx.state.user = null;
  ctx.state.session = null;
  ctx.state.account = null;
  const token = ctx.cookies.get(SESSION_COOKIE);
  if (token === undefined) return;
  const now = ctx.state.accounts.now();
  let resolved: CachedSession | null;
  try {
    resolved = await resolveToken(token, now, byRevision);
  } catch (err) {
    // A session refused (a ban) ends the cookie; a database that cannot answer says nothing about the session, and
    // clearing the cookie then would sign every user out during an outage.
    if (err instanceof AppError) clearSessionCookie(ctx);
    throw err;
  }
  if (!resolved) {
    clearSessionCookie(ctx);
    return;
  }
  const { user, session } = resolved;
  let slid: Pick<LeanSession, 'expires_at' | 'last_seen_at'> | null = null;
  if (now - session.last_seen_at.getTime() >= SESSION_REFRESH_MS) {
    slid = { expires_at: new Date(now + SESSION_TTL_MS), last_seen_at: new Date(now) };
    await Session.updateOne({ _id: session._id }, { $set: slid });
    setSessionCookie(ctx, token, slid.expires_at);
  }
  const state = ctx.state;
  state.account = user;
  lazyState(state, 'user', () => User.hydrate(cloneLean(user)), (v) => (state.account = v));
  lazyState(state, 'session', () => Session.hydrate({ ...cloneLean(session), ...slid }));
}

/** For the socket handshake: the uid behind a Cookie header, or null. Bans and expiry apply as for HTTP. */
export async function uidFromCookieHeader(header: string | undefined, now: number): Promise<string | null> {
  try {
    const resolved = await resolveToken(tokenFromCookieHeader(header), now);
    return resolved?.user.uid ?? null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * Puts the accounts runtime, the session and its user (or nulls) on every request's state. `byRevision` names the
 * requests whose cached account holds while its revision does (see `resolveToken`).
 */
export function sessionMiddleware(runtime: AccountsRuntime, options: { byRevision?: (ctx: AppContext) => boolean } = {}) {
  return async function session(ctx: AppContext, next: Next): Promise<void> {
    ctx.state.accounts = runtime;
    await loadSession(ctx, options.byRevision?.(ctx) ?? false);
    await next();
  };
}
