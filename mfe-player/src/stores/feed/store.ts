import { FEED_PAGE_SIZE } from 'shared-kit';
import { create } from 'zustand';
import type { PlayedStory, StoryCard, StoryPage } from '../../api/types';
import { errorText, isNeedLogin } from '../../lib/errors';
import * as feedService from '../../services/feed.service';

export { FEED_PAGE_SIZE };

export type FeedTab = 'for-you' | 'liked' | 'recent' | 'history';

export interface ListState<T> {
  items: T[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  hasMore: boolean;
  nextOffset: number;
}

export interface FeedState {
  tab: FeedTab;
  forYou: ListState<StoryCard>;
  /** Recently played and History read the same list: the player's played stories, latest first. */
  played: ListState<PlayedStory>;
  search: ListState<StoryCard> & { keyword: string };
  deleting: string | null;
  setTab: (tab: FeedTab) => void;
  /** Loads the first page of a list, or the next one when `more`. */
  loadForYou: (more?: boolean) => Promise<void>;
  /**
   * Starts the first page of For you before the feed can render (its copy may still be on its way); the feed's first
   * read of the list then uses it instead of asking again (`takeForYouPrefetch`).
   */
  prefetchForYou: () => void;
  /** True once after `prefetchForYou`: the list is already loaded or loading for this visit. */
  takeForYouPrefetch: () => boolean;
  loadPlayed: (more?: boolean) => Promise<void>;
  runSearch: (keyword: string, more?: boolean) => Promise<void>;
  clearSearch: () => void;
  deletePlayed: (storyId: string) => Promise<boolean>;
}

function emptyList<T>(): ListState<T> {
  return { items: [], status: 'idle', error: null, hasMore: false, nextOffset: 0 };
}

let searchAbort: AbortController | undefined;
let forYouPrefetched = false;

/** Loads one page into a list, appending when `more`; a page already in the list is not added twice. */
async function loadInto<T extends { story_id: string }>(
  current: ListState<T>,
  more: boolean,
  fetchPage: (offset: number) => Promise<StoryPage<T>>,
  write: (next: ListState<T>) => void,
): Promise<void> {
  if (current.status === 'loading' || (more && !current.hasMore)) return;
  const offset = more ? current.nextOffset : 0;
  const base = more ? current.items : [];
  // A reload keeps showing the list it replaces; only an empty list shows the loading state.
  write({ ...current, status: 'loading', error: null });
  try {
    const page = await fetchPage(offset);
    const seen = new Set(base.map((s) => s.story_id));
    write({
      items: [...base, ...page.stories.filter((s) => !seen.has(s.story_id))],
      status: 'ready',
      error: null,
      hasMore: page.has_more && page.stories.length > 0,
      nextOffset: page.next_offset,
    });
  } catch (error) {
    write({ ...current, status: 'error', error: errorText(error) });
  }
}

export const useFeedStore = create<FeedState>()((set, get) => ({
  tab: 'for-you',
  forYou: emptyList(),
  played: emptyList(),
  search: { ...emptyList<StoryCard>(), keyword: '' },
  deleting: null,

  setTab: (tab) => set({ tab }),

  loadForYou: (more = false) => loadInto(get().forYou, more, (o) => feedService.listStories(o, FEED_PAGE_SIZE), (forYou) => set({ forYou })),

  prefetchForYou: () => {
    // A render that did not commit may ask again: one prefetch until the feed takes it.
    if (forYouPrefetched) return;
    forYouPrefetched = true;
    void get().loadForYou();
  },

  takeForYouPrefetch: () => {
    const prefetched = forYouPrefetched;
    forYouPrefetched = false;
    return prefetched;
  },

  loadPlayed: (more = false) =>
    loadInto(
      get().played,
      more,
      async (o) => {
        try {
          return await feedService.playedStories(o, FEED_PAGE_SIZE);
        } catch (error) {
          // A visitor without any session has played nothing yet.
          if (isNeedLogin(error)) return { stories: [], has_more: false, next_offset: 0 };
          throw error;
        }
      },
      (played) => set({ played }),
    ),

  runSearch: async (keyword, more = false) => {
    const k = keyword.trim();
    if (k === '') return get().clearSearch();
    searchAbort?.abort();
    const abort = new AbortController();
    searchAbort = abort;
    const current = more && get().search.keyword === k ? get().search : { ...emptyList<StoryCard>(), keyword: k };
    await loadInto(
      { ...current, status: more ? current.status : 'idle' },
      more,
      (o) => feedService.search(k, o, FEED_PAGE_SIZE, abort.signal),
      (next) => {
        if (!abort.signal.aborted) set({ search: { ...next, keyword: k } });
      },
    );
  },

  clearSearch: () => {
    searchAbort?.abort();
    set({ search: { ...emptyList<StoryCard>(), keyword: '' } });
  },

  deletePlayed: async (storyId) => {
    set({ deleting: storyId });
    try {
      await feedService.deletePlayed(storyId);
      const played = get().played;
      set({ played: { ...played, items: played.items.filter((s) => s.story_id !== storyId) }, deleting: null });
      return true;
    } catch (error) {
      set({ deleting: null, played: { ...get().played, error: errorText(error) } });
      return false;
    }
  },
}));

export function resetFeedStore(): void {
  searchAbort?.abort();
  forYouPrefetched = false;
  useFeedStore.setState({ tab: 'for-you', forYou: emptyList(), played: emptyList(), search: { ...emptyList<StoryCard>(), keyword: '' }, deleting: null });
}
