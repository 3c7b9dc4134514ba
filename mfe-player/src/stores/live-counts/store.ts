import { create } from 'zustand';

export interface LiveCounts {
  like_count?: number;
  comment_count?: number;
}

export interface LiveCountsState {
  /** The counts pushed for stories since the feed was opened, by story id: they win over the cards' own. */
  counts: Record<string, LiveCounts>;
  apply: (storyId: string, counts: LiveCounts) => void;
  clear: () => void;
}

/** Like and comment counts as the api pushes them, for the cards on screen (the feed) to follow. */
export const useLiveCountsStore = create<LiveCountsState>()((set) => ({
  counts: {},
  apply: (storyId, next) =>
    set((s) => ({ counts: { ...s.counts, [storyId]: { ...s.counts[storyId], ...next } } })),
  clear: () => set({ counts: {} }),
}));

/** A card's counts: the latest pushed, else its own. */
export function useCardCounts(story: { story_id: string; like_count?: number; comment_count?: number }): LiveCounts {
  const live = useLiveCountsStore((s) => s.counts[story.story_id]);
  return {
    like_count: live?.like_count ?? story.like_count,
    comment_count: live?.comment_count ?? story.comment_count,
  };
}

export function resetLiveCountsStore(): void {
  useLiveCountsStore.setState({ counts: {} });
}
