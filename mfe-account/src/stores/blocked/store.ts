import { create } from 'zustand';
import type { BlockedUser } from '../../api/types';
import { errorText } from '../../lib/errors';
import * as blockedService from '../../services/blocked.service';

export interface BlockedState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: BlockedUser[];
  total: number;
  hasMore: boolean;
  nextOffset: number;
  loadingMore: boolean;
  error: string | null;
  /** uid being unblocked. */
  unblocking: string | null;
  unblockError: string | null;
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  unblock: (uid: string) => Promise<boolean>;
}

const initial = {
  status: 'idle' as const,
  list: [],
  total: 0,
  hasMore: false,
  nextOffset: 0,
  loadingMore: false,
  error: null,
  unblocking: null,
  unblockError: null,
};

export const useBlockedStore = create<BlockedState>()((set, get) => ({
  ...initial,

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      const page = await blockedService.fetchBlockList(0);
      set({ status: 'ready', list: page.list, total: page.total, hasMore: page.has_more, nextOffset: page.next_offset });
    } catch (error) {
      set({ status: 'error', error: errorText(error) });
    }
  },

  loadMore: async () => {
    const { hasMore, loadingMore, nextOffset } = get();
    if (!hasMore || loadingMore) return;
    set({ loadingMore: true, error: null });
    try {
      const page = await blockedService.fetchBlockList(nextOffset);
      const seen = new Set(get().list.map((u) => u.uid));
      set({
        list: [...get().list, ...page.list.filter((u) => !seen.has(u.uid))],
        total: page.total,
        hasMore: page.has_more,
        nextOffset: page.next_offset,
        loadingMore: false,
      });
    } catch (error) {
      set({ loadingMore: false, error: errorText(error) });
    }
  },

  unblock: async (uid) => {
    set({ unblocking: uid, unblockError: null });
    try {
      await blockedService.unblockUser(uid);
      const list = get().list.filter((u) => u.uid !== uid);
      // The next page starts one earlier now that a row before it is gone.
      set({ list, total: Math.max(0, get().total - 1), nextOffset: Math.max(0, get().nextOffset - 1), unblocking: null });
      return true;
    } catch (error) {
      set({ unblocking: null, unblockError: errorText(error) });
      return false;
    }
  },
}));

export function resetBlockedStore(): void {
  useBlockedStore.setState({ ...initial });
}
