import { ApiError, ErrorCode } from 'shared-kit';
import * as community from '../../services/community.service';
import { resetStoryStatsStore, useStoryStatsStore } from './store';

jest.mock('../../services/community.service');
const api = jest.mocked(community);
const store = () => useStoryStatsStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  resetStoryStatsStore();
});

describe('the story like', () => {
  it('shows a like at once and takes the count the api answers', async () => {
    store().init('100', false, 4);
    let answer: (r: { story_id: string; liked: boolean; like_count: number }) => void = () => undefined;
    api.likeStory.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pending = store().toggleLike();
    expect(store()).toMatchObject({ liked: true, likeCount: 5, pending: true });
    // A push meanwhile does not undo the viewer's own like.
    store().applyPush('100', 4);
    expect(store().likeCount).toBe(5);
    answer({ story_id: '100', liked: true, like_count: 7 });
    expect(await pending).toBeNull();
    expect(store()).toMatchObject({ liked: true, likeCount: 7, pending: false });
    expect(api.likeStory).toHaveBeenCalledWith('100', true);
  });

  it('puts the like back when the api refuses, and says why', async () => {
    store().init('100', true, 1);
    api.likeStory.mockRejectedValueOnce(new ApiError(ErrorCode.NoPermission, 'No permission to access this content'));
    expect(await store().toggleLike()).toEqual({ code: ErrorCode.NoPermission, message: 'No permission to access this content' });
    expect(store()).toMatchObject({ liked: true, likeCount: 1, pending: false });
  });

  it('takes pushed counts for its own story only, never below zero from the start', () => {
    store().init('100', false, -3);
    expect(store().likeCount).toBe(0);
    store().applyPush('200', 9);
    expect(store().likeCount).toBe(0);
    store().applyPush('100', 9);
    expect(store().likeCount).toBe(9);
  });
});
