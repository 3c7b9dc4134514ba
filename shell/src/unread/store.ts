import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface UnreadState {
  /** Something changed in My Story (a review finished, a plan is ready) since the user last looked. */
  unread: boolean;
  mark: () => void;
  clear: () => void;
}

export const unreadStore = createStore<UnreadState>()((set) => ({
  unread: false,
  mark: () => set({ unread: true }),
  clear: () => set({ unread: false }),
}));

export function useUnread(): boolean {
  return useStore(unreadStore, (s) => s.unread);
}
