import { create } from 'zustand';
import type { CreatorStoryStatus } from 'shared-kit';
import type { StoryListItem } from '../../api/types';
import { editorText } from '../../i18n';
import { errorText } from '../../lib/errors';
import { shellToast as toast } from 'shared-kit';
import * as storyService from '../../services/story.service';

/** How often My Story refreshes while a story is under review (the shell does not share its socket). */
export const REVIEW_POLL_MS = 3000;
export const PAGE_SIZE = 50;

export type WorksFilter = '' | CreatorStoryStatus;

export interface WorksState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  filter: WorksFilter;
  stories: StoryListItem[];
  total: number;
  load: () => Promise<void>;
  /** Reloads quietly (no loading state), for the review poll. */
  refresh: () => Promise<void>;
  setFilter: (filter: WorksFilter) => Promise<void>;
  remove: (storyId: string) => Promise<boolean>;
  toggleTop: (storyId: string) => Promise<void>;
}

export const useWorksStore = create<WorksState>()((set, get) => {
  let request = 0;
  const fetchList = async (quiet: boolean): Promise<void> => {
    const mine = ++request;
    if (!quiet) set({ status: 'loading', error: null });
    try {
      const filter = get().filter;
      const list = await storyService.listStories({ offset: 0, count: PAGE_SIZE, ...(filter ? { status: filter } : {}) });
      // A slower, older answer must not overwrite a newer one (filter changed meanwhile).
      if (mine !== request) return;
      set({ status: 'ready', stories: list.stories, total: list.total, error: null });
    } catch (error) {
      if (mine !== request) return;
      if (!quiet) set({ status: 'error', error: errorText(error) });
    }
  };
  return {
    status: 'idle',
    error: null,
    filter: '',
    stories: [],
    total: 0,
    load: () => fetchList(false),
    refresh: () => fetchList(true),
    setFilter: (filter) => {
      set({ filter });
      return fetchList(false);
    },
    remove: async (storyId) => {
      try {
        await storyService.deleteStory(storyId);
        set((s) => ({ stories: s.stories.filter((x) => x.story_id !== storyId), total: Math.max(0, s.total - 1) }));
        toast({ type: 'success', message: editorText('works.deleted') });
        return true;
      } catch (error) {
        toast({ type: 'error', message: editorText('works.deleteFailed', { error: errorText(error) }) });
        return false;
      }
    },
    toggleTop: async (storyId) => {
      const story = get().stories.find((x) => x.story_id === storyId);
      if (!story) return;
      try {
        await storyService.setTop(storyId, !story.is_top);
        await fetchList(true);
      } catch (error) {
        toast({ type: 'error', message: errorText(error) });
      }
    },
  };
});

export function resetWorksStore(): void {
  useWorksStore.setState({ status: 'idle', error: null, filter: '', stories: [], total: 0 });
}
