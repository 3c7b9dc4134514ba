import { create } from 'zustand';
import type { Notice } from 'shared-kit';
import { errorText } from '../../lib/errors';
import * as inboxService from '../../services/inbox.service';

export interface InboxState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Notice[];
  cursor: string;
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  /** Reads the first page, then marks everything read (the lines keep showing as new until the next visit). */
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
}

const initial = { status: 'idle' as const, list: [], cursor: '', hasMore: false, loadingMore: false, error: null };

export const useInboxStore = create<InboxState>()((set, get) => ({
  ...initial,

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      const page = await inboxService.fetchNotices('');
      set({ status: 'ready', list: page.list, cursor: page.cursor, hasMore: page.has_more });
      if (page.unread > 0) await inboxService.markAllRead().catch(() => undefined);
    } catch (error) {
      set({ status: 'error', error: errorText(error) });
    }
  },

  loadMore: async () => {
    const { hasMore, loadingMore, cursor, list } = get();
    if (!hasMore || loadingMore) return;
    set({ loadingMore: true, error: null });
    try {
      const page = await inboxService.fetchNotices(cursor);
      const seen = new Set(list.map((n) => n.notice_id));
      set({ list: [...list, ...page.list.filter((n) => !seen.has(n.notice_id))], cursor: page.cursor, hasMore: page.has_more, loadingMore: false });
    } catch (error) {
      set({ loadingMore: false, error: errorText(error) });
    }
  },
}));

export function resetInboxStore(): void {
  useInboxStore.setState({ ...initial });
}
