import { createStore } from 'zustand/vanilla';
import type { TeenMode } from '../enums';
import { bindHook } from './bind';

export interface SessionUser {
  uid: string;
  biz_uid: string;
  user_nick: string;
  username?: string;
  avatar?: string;
  /** UserRole values ('user', 'operator', 'developer'); strings so a new role never breaks an old client. */
  roles: string[];
  teen_mode: TeenMode;
  creation_forbidden: boolean;
  /** The membership's end (ISO), when the account has been a member: the header's badge shows while it is ahead. */
  vip_until?: string;
}

/** 'unknown' until the first login check answers; then 'guest' or 'user'. */
export type SessionStatus = 'unknown' | 'guest' | 'user';

export interface SessionState {
  user: SessionUser | null;
  status: SessionStatus;
  /** Setting null means the check answered "not logged in". */
  setUser: (user: SessionUser | null) => void;
  clear: () => void;
}

const initial = { user: null, status: 'unknown' } as const satisfies Pick<SessionState, 'user' | 'status'>;

export const sessionStore = createStore<SessionState>()((set) => ({
  ...initial,
  setUser: (user) => set({ user, status: user ? 'user' : 'guest' }),
  clear: () => set({ user: null, status: 'guest' }),
}));

export const useSessionStore = bindHook(sessionStore);

export function resetSessionStore(): void {
  sessionStore.setState({ ...initial });
}

/** True when the current user holds the role. */
export function hasRole(role: string, state: Pick<SessionState, 'user'> = sessionStore.getState()): boolean {
  return state.user?.roles.includes(role) ?? false;
}
