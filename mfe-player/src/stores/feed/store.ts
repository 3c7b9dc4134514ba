import { FEED_PAGE_SIZE, prerenderedData } from 'shared-kit';
import { create } from 'zustand';
import type { ChatEntry, PlayedStory, StoryCard, StoryPage } from '../../api/types';
import { errorText, isNeedLogin } from '../../lib/errors';
import * as feedService from '../../services/feed.service';

export { FEED_PAGE_SIZE };

export type FeedTab = 'for-you' | 'chats' | 'liked' | 'history' | 'recent' | 'threads';

/** Recently played: the stories played within this many days (History keeps them all). */
export const RECENT_DAYS = 7;

/** The lists read from the player's plays. */
export type PlayedList = 'chats' | 'history' | 'recent';

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
  /** The player's conversations (the latest play of each story, with its last line), newest first. */
  chats: ListState<ChatEntry>;
  /** Every story played, latest first (removable one by one or all at once). */
  history: ListState<PlayedStory>;
  /** The stories played within RECENT_DAYS, latest first. */
  recent: ListState<PlayedStory>;
  search: ListState<StoryCard> & { keyword: string };
  /** The story being removed from history, or 'all' while the whole history is cleared. */
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
  loadPlayed: (list: PlayedList, more?: boolean) => Promise<void>;
  /** Forgets the lists of the player's plays (another account signed in): they are read again when shown. */
  resetPlayed: () => void;
  runSearch: (keyword: string, more?: boolean) => Promise<void>;
  clearSearch: () => void;
  deletePlayed: (storyId: string) => Promise<boolean>;
  /** Clears the whole history (chats and recently played with it). */
  clearHistory: () => Promise<boolean>;
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
  chats: emptyList(),
  history: emptyList(),
  recent: emptyList(),
  search: { ...emptyList<StoryCard>(), keyword: '' },
  deleting: null,

  setTab: (tab) => set({ tab }),

  loadForYou: (more = false) => loadInto(get().forYou, more, (o) => feedService.listStories(o, FEED_PAGE_SIZE), (forYou) => set({ forYou })),

  prefetchForYou: () => {
    // A render that did not commit may ask again: one prefetch until the feed takes it.
    if (forYouPrefetched) return;
    forYouPrefetched = true;
    // The page came with its first screen: the first page is the one it was made from, not asked for again.
    const pre = prerenderedData('feed')?.list;
    if (!pre) return void get().loadForYou();
    const first = feedService.page<StoryCard>(pre, 0);
    set({ forYou: { items: first.stories, status: 'ready', error: null, hasMore: first.has_more, nextOffset: first.next_offset } });
  },

  takeForYouPrefetch: () => {
    const prefetched = forYouPrefetched;
    forYouPrefetched = false;
    return prefetched;
  },

  loadPlayed: (list, more = false) => {
    const fetchPage = (o: number): Promise<StoryPage<PlayedStory | ChatEntry>> =>
      list === 'chats'
        ? feedService.chatList(o, FEED_PAGE_SIZE)
        : feedService.playedStories(o, FEED_PAGE_SIZE, list === 'recent' ? RECENT_DAYS : undefined);
    return loadInto<PlayedStory | ChatEntry>(
      get()[list],
      more,
      async (o) => {
        try {
          return await fetchPage(o);
        } catch (error) {
          // A visitor without any session has played nothing yet.
          if (isNeedLogin(error)) return { stories: [], has_more: false, next_offset: 0 };
          throw error;
        }
      },
      (next) => set({ [list]: next } as Partial<FeedState>),
    );
  },

  resetPlayed: () => set({ chats: emptyList(), history: emptyList(), recent: emptyList() }),

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
      const without = <T extends { story_id: string }>(l: ListState<T>): ListState<T> => ({ ...l, items: l.items.filter((x) => x.story_id !== storyId) });
      const { chats, history, recent } = get();
      set({ chats: without(chats), history: without(history), recent: without(recent), deleting: null });
      return true;
    } catch (error) {
      set({ deleting: null, history: { ...get().history, error: errorText(error) } });
      return false;
    }
  },

  clearHistory: async () => {
    set({ deleting: 'all' });
    try {
      await feedService.clearPlayed();
      const none = <T,>(): ListState<T> => ({ ...emptyList<T>(), status: 'ready' });
      set({ chats: none(), history: none(), recent: none(), deleting: null });
      return true;
    } catch (error) {
      set({ deleting: null, history: { ...get().history, error: errorText(error) } });
      return false;
    }
  },
}));

export function resetFeedStore(): void {
  searchAbort?.abort();
  forYouPrefetched = false;
  useFeedStore.setState({ tab: 'for-you', forYou: emptyList(), chats: emptyList(), history: emptyList(), recent: emptyList(), search: { ...emptyList<StoryCard>(), keyword: '' }, deleting: null });
}
