import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { unwrap, type Envelope } from 'shared-kit';
import { api } from '../http/client';

export interface InboxState {
  /** Unread lines of the people inbox (replies, likes, follows, pins). */
  unread: number;
  set: (unread: number) => void;
}

export const inboxStore = createStore<InboxState>()((set) => ({
  unread: 0,
  set: (unread) => set({ unread: Math.max(0, Math.trunc(unread)) }),
}));

export function useInboxUnread(): number {
  return useStore(inboxStore, (s) => s.unread);
}

/** Asks how many inbox lines are unread (on sign-in and page load); a failure leaves the dot as it is. */
export async function refreshInboxUnread(): Promise<void> {
  try {
    const client = await api();
    const { unread } = await unwrap(client.get<Envelope<{ unread: number }>>('/notice_box/unread', { silent: true }));
    inboxStore.getState().set(unread);
  } catch {
    // The dot stays off; the next push or visit sets it.
  }
}
