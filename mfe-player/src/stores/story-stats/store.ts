import { create } from 'zustand';
import { errorCode, errorText } from '../../lib/errors';
import * as community from '../../services/community.service';

export interface StoryStatsState {
  storyId: string;
  liked: boolean;
  likeCount: number;
  /** A like or unlike is on its way: shown already, confirmed or put back when the api answers. */
  pending: boolean;
  /** Starts from what the story's detail said. */
  init: (storyId: string, liked: boolean, likeCount: number) => void;
  /** Likes or unlikes at once and asks the api; on a refusal puts the state back and returns the code and message. */
  toggleLike: () => Promise<{ code: number | null; message: string } | null>;
  /** A push told of the story's like count. */
  applyPush: (storyId: string, likeCount: number) => void;
}

const initial = { storyId: '', liked: false, likeCount: 0, pending: false };

/** The open story's like (the viewer's) and like count. */
export const useStoryStatsStore = create<StoryStatsState>()((set, get) => ({
  ...initial,

  init(storyId, liked, likeCount) {
    set({ storyId, liked, likeCount: Math.max(0, likeCount), pending: false });
  },

  async toggleLike() {
    const before = get();
    if (before.pending || !before.storyId) return null;
    const like = !before.liked;
    set({ liked: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)), pending: true });
    try {
      const result = await community.likeStory(before.storyId, like);
      if (get().storyId === before.storyId) set({ liked: result.liked, likeCount: result.like_count, pending: false });
      return null;
    } catch (error) {
      if (get().storyId === before.storyId) set({ liked: before.liked, likeCount: before.likeCount, pending: false });
      return { code: errorCode(error), message: errorText(error) };
    }
  },

  applyPush(storyId, likeCount) {
    // While the viewer's own like is on its way, its answer has the last word.
    if (get().storyId !== storyId || get().pending) return;
    set({ likeCount });
  },
}));

export function resetStoryStatsStore(): void {
  useStoryStatsStore.setState({ ...initial });
}
