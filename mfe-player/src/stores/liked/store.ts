import { create } from 'zustand';
import type { LikedStory } from 'shared-kit';
import { errorText, isNeedLogin } from '../../lib/errors';
import * as community from '../../services/community.service';

export const LIKED_PAGE_SIZE = 10;

export interface LikedState {
  items: LikedStory[];
  cursor: string;
  hasMore: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Loads the first page, or the next one when `more`. A visitor simply has none. */
  load: (more?: boolean) => Promise<void>;
}

const initial = { items: [] as LikedStory[], cursor: '', hasMore: false, status: 'idle' as const, error: null };

/** The feed's Liked tab: stories the viewer liked, newest like first. */
export const useLikedStore = create<LikedState>()((set, get) => ({
  ...initial,
  async load(more = false) {
    const current = get();
    if (current.status === 'loading' || (more && !current.hasMore)) return;
    set({ status: 'loading', error: null });
    try {
      const page = await community.likedStories(more ? current.cursor : '', LIKED_PAGE_SIZE);
      const base = more ? get().items : [];
      const seen = new Set(base.map((s) => s.story_id));
      set({ items: [...base, ...page.list.filter((s) => !seen.has(s.story_id))], cursor: page.cursor, hasMore: page.has_more, status: 'ready' });
    } catch (error) {
      if (isNeedLogin(error)) set({ ...initial, status: 'ready' });
      else set({ status: 'error', error: errorText(error) });
    }
  },
}));

export function resetLikedStore(): void {
  useLikedStore.setState({ ...initial });
}
