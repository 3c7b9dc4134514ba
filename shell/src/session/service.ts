import { TeenMode, isApiError, sessionStore, type SessionUser } from 'shared-kit';
import { api } from '../http/client';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const TEEN_MODES = new Set<number>(Object.values(TeenMode));

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
    creation_forbidden: raw.creation_forbidden === true,
  };
  const username = text(raw.username);
  if (username) user.username = username;
  const avatar = text(raw.avatar);
  if (avatar) user.avatar = avatar;
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

async function runCheckLogin(): Promise<SessionUser | null> {
  const store = sessionStore.getState();
  try {
    const client = await api();
    const res = await client.get('/passport/check_login', { silent: true });
    const data = dataOf(res.data);
    const loggedIn =
      isRecord(data) &&
      (data.is_login === true || data.logged_in === true || 'user' in data || 'uid' in data);
    if (!loggedIn) {
      store.setUser(null);
      return null;
    }
    let user = toSessionUser(isRecord(data) && 'user' in data ? data.user : data);
    if (!user) {
      // The login check may answer only yes/no; the user detail call (spec §7 GetUserDetail) names the user.
      const detail = await client.get('/tyler/user/detail', { silent: true });
      user = toSessionUser(dataOf(detail.data));
    }
    store.setUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error)) console.error('login check failed', error);
    store.setUser(null);
    return null;
  }
}

/** Ends the session on the server (spec §7 passport logout), then locally. Rejects when the server call fails. */
export async function logout(): Promise<void> {
  const client = await api();
  await client.post('/passport/logout', { next: '/', need_redirect: 0 }, { silent: true });
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
    sessionStore.getState().clear();
  }
}
