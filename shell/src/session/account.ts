import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Where the push socket lives, from the launch call (spec §7 GetUserLaunch `data.ws_config`). */
export interface WsConfig {
  url: string;
  path: string;
}

/**
 * What the shell knows about the signed-in account beyond the shared session user: whether the first-sign-in steps
 * (age, terms) are still owed, and the launch data. Kept here because only the shell's login flow reads it.
 */
export interface AccountState {
  /** The server still waits for the age and terms confirmation (`need_confirm`). */
  needConfirm: boolean;
  /** null until the age question is answered. */
  isAdult: boolean | null;
  wsConfig: WsConfig | null;
  followerCount: number | null;
  followingCount: number | null;
}

const initial: AccountState = {
  needConfirm: false,
  isAdult: null,
  wsConfig: null,
  followerCount: null,
  followingCount: null,
};

export const accountStore = createStore<AccountState>()(() => ({ ...initial }));

export function useAccount<T>(selector: (state: AccountState) => T): T {
  return useStore(accountStore, selector);
}

export function updateAccount(patch: Partial<AccountState>): void {
  accountStore.setState(patch);
}

export function resetAccount(): void {
  accountStore.setState({ ...initial });
}
