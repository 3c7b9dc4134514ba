import type { FeedState } from './store';

export const selectTab = (s: FeedState) => s.tab;
export const selectForYou = (s: FeedState) => s.forYou;
export const selectSearch = (s: FeedState) => s.search;
export const selectDeleting = (s: FeedState) => s.deleting;
/** A search with a keyword replaces the tabs' content with its results. */
export const selectIsSearching = (s: FeedState): boolean => s.search.keyword !== '';
