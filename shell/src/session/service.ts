import { ErrorCode, TeenMode, isApiError, sessionStore, toastStore, type SessionUser } from 'shared-kit';
import { bannedMessage } from '../pages/login/messages';
import { setBanNotice } from './banNotice';
import { api } from '../http/client';
import { resetAccount, updateAccount, type WsConfig } from './account';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const TEEN_MODES = new Set<number>(Object.values(TeenMode));

/** Whether the account's `ban` has an end date still ahead (a ban ends by itself at its date). */
function banInForce(ban: unknown): boolean {
  if (!isRecord(ban)) return false;
  return [ban.creation_until, ban.login_until].some((d) => typeof d === 'string' && Date.parse(d) > Date.now());
}

/** A SessionUser from a user object of the API, or null when it lacks the identifying fields. */
export function toSessionUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw)) return null;
  const uid = text(raw.uid);
  if (!uid) return null;
  const user: SessionUser = {
    uid,
    biz_uid: text(raw.biz_uid) ?? uid,
    user_nick: text(raw.user_nick) ?? text(raw.nickname) ?? text(raw.username) ?? uid,
    roles: Array.isArray(raw.roles) ? raw.roles.filter((r): r is string => typeof r === 'string') : [],
    teen_mode:
      typeof raw.teen_mode === 'number' && TEEN_MODES.has(raw.teen_mode)
        ? (raw.teen_mode as TeenMode)
        : TeenMode.Unknown,
    // A creation or login ban in force (spec §6): My Story hides and the logo leads to forbidden-create.
    creation_forbidden: raw.creation_forbidden === true || banInForce(raw.ban),
  };
  const username = text(raw.username);
  if (username) user.username = username;
  const avatar = text(raw.avatar);
  if (avatar) user.avatar = avatar;
  const vipUntil = text(raw.vip_until);
  if (vipUntil) user.vip_until = vipUntil;
  return user;
}

function dataOf(body: unknown): unknown {
  return isRecord(body) ? body.data : undefined;
}

/**
 * Asks the passport service who is logged in (spec §7 checkLogin) and fills the session store. A missing route, a
 * "not logged in" answer or any failure leaves a guest session: the header then offers Log in.
 * Requests are silent: a guest opening the home page must not be sent to login by the 1007 reaction.
 */
let inFlight: Promise<SessionUser | null> | null = null;

export function checkLogin(): Promise<SessionUser | null> {
  // Callers starting together (layout mount, auth callback) share one request.
  inFlight ??= runCheckLogin().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * The account facts the shell's login flow needs from a user object: the API's `need_confirm` (age and terms still
 * owed) and `is_adult`.
 */
function recordAccount(raw: unknown): void {
  if (!isRecord(raw)) return;
  updateAccount({
    needConfirm: raw.need_confirm === true,
    isAdult: typeof raw.is_adult === 'boolean' ? raw.is_adult : null,
  });
}

async function runCheckLogin(): Promise<SessionUser | null> {
  const store = sessionStore.getState();
  try {
    const client = await api();
    const res = await client.get('/passport/check_login', { silent: true });
    const data = dataOf(res.data);
    // The API answers `{ is_login, user? }`; a guest (Tour identity) has a user but `is_login: false`.
    const loggedIn = isRecord(data) && (data.is_login === true || data.logged_in === true);
    if (!loggedIn) {
      resetAccount();
      store.setUser(null);
      return null;
    }
    const rawUser = 'user' in data ? data.user : data;
    let user = toSessionUser(rawUser);
    if (!user) {
      // The login check may answer only yes/no; the user detail call (spec §7 GetUserDetail) names the user.
      const detail = await client.get('/tyler/user/detail', { silent: true });
      user = toSessionUser(dataOf(detail.data));
      recordAccount(dataOf(detail.data));
    } else {
      recordAccount(rawUser);
    }
    if (!user) resetAccount();
    store.setUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error)) console.error('login check failed', error);
    // A login ban (1015) ends the session: say until when, since no later call will.
    else if (error.code === ErrorCode.UserBanned) {
      const message = bannedMessage((error.data ?? {}) as Record<string, unknown>);
      setBanNotice(message);
      toastStore.getState().show({ type: 'error', message });
    }
    resetAccount();
    store.setUser(null);
    return null;
  }
}

function wsConfigOf(data: unknown): WsConfig | null {
  if (!isRecord(data) || !isRecord(data.ws_config)) return null;
  const { url, path } = data.ws_config;
  return typeof url === 'string' && typeof path === 'string' ? { url, path } : null;
}

function countOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * After a passport login (spec §4 "Connection"): the login check, then launch and user detail. The header reads the
 * result (My Story, the user menu). Launch and detail failing leave the login check's answer in place.
 */
export async function revalidateSession(): Promise<SessionUser | null> {
  const user = await checkLogin();
  if (!user) return null;
  const client = await api();
  const [launch, detail] = await Promise.allSettled([
    client.get('/tyler/user/launch', { silent: true }),
    client.get('/tyler/user/detail', { silent: true }),
  ]);
  if (launch.status === 'fulfilled') {
    const wsConfig = wsConfigOf(dataOf(launch.value.data));
    if (wsConfig) updateAccount({ wsConfig });
  }
  if (detail.status === 'fulfilled') {
    const raw = dataOf(detail.value.data);
    const fresh = toSessionUser(raw);
    // A detail for another account means the session changed in between; the login check stays authoritative.
    if (fresh && fresh.uid === user.uid) {
      const { vip_until: _before, ...rest } = user;
      const merged: SessionUser = { ...rest, user_nick: fresh.user_nick, biz_uid: fresh.biz_uid, ...(fresh.vip_until ? { vip_until: fresh.vip_until } : {}) };
      sessionStore.getState().setUser(merged);
      if (isRecord(raw)) {
        updateAccount({
          followerCount: countOf(raw.follower_count),
          followingCount: countOf(raw.following_count),
        });
      }
      return merged;
    }
  }
  return sessionStore.getState().user;
}

/** Ends the session on the server (spec §7 passport logout), then locally. Rejects when the server call fails. */
export async function logout(): Promise<void> {
  const client = await api();
  await client.post('/passport/logout', { next: '/', need_redirect: 0 }, { silent: true });
  resetAccount();
  sessionStore.getState().clear();
}

/**
 * For reactions that end the session because the server already refused it (region ban, swipe out): the local
 * session ends even when the logout call fails.
 */
export async function endSession(): Promise<void> {
  try {
    await logout();
  } catch {
    resetAccount();
    sessionStore.getState().clear();
  }
}
