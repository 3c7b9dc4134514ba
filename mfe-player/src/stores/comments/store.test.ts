import { ApiError, CommentStatus, ErrorCode, StoryCommentStatus } from 'shared-kit';
import * as community from '../../services/community.service';
import { aComment, aCommentPage } from '../../testing/fixtures';
import { resetCommentsStore, useCommentsStore } from './store';

jest.mock('../../services/community.service');
const api = jest.mocked(community);
const store = () => useCommentsStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  resetCommentsStore();
});

describe('comments of a story', () => {
  it('reads the first page, then the next from its cursor, and starts over for another story or sort', async () => {
    api.listComments
      .mockResolvedValueOnce(aCommentPage([aComment('c1'), aComment('c2')], { has_more: true, cursor: 'k2', comment_count: 3 }))
      .mockResolvedValueOnce(aCommentPage([aComment('c2'), aComment('c3')], { cursor: '', comment_count: 3 }))
      .mockResolvedValueOnce(aCommentPage([aComment('c3')], { comment_count: 3 }));
    await store().open('100');
    expect(store().items.map((c) => c.comment_id)).toEqual(['c1', 'c2']);
    expect(store().commentCount).toBe(3);
    await store().loadMore();
    expect(api.listComments).toHaveBeenLastCalledWith('100', 'newest', 'k2', 10);
    // A comment already shown is not shown twice.
    expect(store().items.map((c) => c.comment_id)).toEqual(['c1', 'c2', 'c3']);
    expect(store().hasMore).toBe(false);
    await store().setSort('top');
    expect(api.listComments).toHaveBeenLastCalledWith('100', 'top', '', 10);
    expect(store().items.map((c) => c.comment_id)).toEqual(['c3']);
  });

  it('keeps an error for the list, and a retry reads again', async () => {
    api.listComments.mockRejectedValueOnce(new ApiError(ErrorCode.Internal, 'Server error'));
    await store().open('100');
    expect(store()).toMatchObject({ status: 'error', error: 'Server error' });
    api.listComments.mockResolvedValueOnce(aCommentPage([]));
    await store().open('100');
    expect(store()).toMatchObject({ status: 'ready', error: null, items: [] });
  });

  it('puts a new comment after the pinned one and counts it; a held one shows for its author and is not counted', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('pin', { pinned: true }), aComment('c1')]));
    await store().open('100');
    api.postComment.mockResolvedValueOnce(aComment('c2', { text: 'Hello' }));
    expect((await store().post('Hello')).kind).toBe('posted');
    expect(store().items.map((c) => c.comment_id)).toEqual(['pin', 'c2', 'c1']);
    expect(store().commentCount).toBe(3);

    const held = aComment('c3', { status: CommentStatus.SelfVisible });
    api.postComment.mockRejectedValueOnce(new ApiError(ErrorCode.ReviewCommentContent, 'Comment removed', { comment: held }));
    const outcome = await store().post('bad words');
    expect(outcome).toEqual({ kind: 'held', comment: held });
    expect(store().items.map((c) => c.comment_id)).toEqual(['pin', 'c3', 'c2', 'c1']);
    expect(store().commentCount).toBe(3);
  });

  it('answers a refusal with its code and adds nothing', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([]));
    await store().open('100');
    api.postComment.mockRejectedValueOnce(new ApiError(ErrorCode.TeenModeIntercept, 'Not available in youth mode'));
    expect(await store().post('Hi')).toEqual({ kind: 'refused', code: ErrorCode.TeenModeIntercept, message: 'Not available in youth mode' });
    expect(store().items).toEqual([]);
  });

  it('adds a reply under its root, counts it on the root, and a reply to a reply goes under the same root', async () => {
    const root = aComment('r1', { reply_count: 0 });
    api.listComments.mockResolvedValueOnce(aCommentPage([root]));
    await store().open('100');
    api.postComment.mockResolvedValueOnce(aComment('x1', { root_id: 'r1', parent_id: 'r1' }));
    await store().post('First reply', root);
    expect(api.postComment).toHaveBeenLastCalledWith('100', 'First reply', 'r1');
    expect(store().replies.r1!.items.map((c) => c.comment_id)).toEqual(['x1']);
    expect(store().items[0]!.reply_count).toBe(1);
    api.postComment.mockResolvedValueOnce(aComment('x2', { root_id: 'r1', parent_id: 'x1' }));
    await store().post('Reply to the reply', store().replies.r1!.items[0]);
    expect(api.postComment).toHaveBeenLastCalledWith('100', 'Reply to the reply', 'x1');
    expect(store().replies.r1!.items.map((c) => c.comment_id)).toEqual(['x1', 'x2']);
    expect(store().items[0]!.reply_count).toBe(2);
  });

  it('shows a like at once and puts it back when the api refuses', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('c1', { like_count: 4 })]));
    await store().open('100');
    let refuse: (e: unknown) => void = () => undefined;
    api.likeComment.mockReturnValueOnce(new Promise((_, reject) => (refuse = reject)));
    const pending = store().toggleLike(store().items[0]!);
    expect(store().items[0]).toMatchObject({ liked: true, like_count: 5 });
    refuse(new ApiError(ErrorCode.CommentBlocked, 'You cannot comment here'));
    expect(await pending).toBe('You cannot comment here');
    expect(store().items[0]).toMatchObject({ liked: false, like_count: 4 });
  });

  it('pins one comment at the head of the list and deletes a root with its replies from the count', async () => {
    api.listComments.mockResolvedValueOnce(
      aCommentPage([aComment('c1'), aComment('c2', { reply_count: 2, can_delete: true }), aComment('c3', { pinned: true })], { comment_count: 5 }),
    );
    await store().open('100');
    api.pinComment.mockResolvedValueOnce({ comment_id: 'c1', pinned: true });
    expect(await store().togglePin(store().items[0]!)).toBeNull();
    expect(store().items.map((c) => [c.comment_id, c.pinned])).toEqual([
      ['c1', true],
      ['c2', false],
      ['c3', false],
    ]);
    api.deleteComment.mockResolvedValueOnce(undefined);
    expect(await store().remove(store().items[1]!)).toBeNull();
    expect(store().items.map((c) => c.comment_id)).toEqual(['c1', 'c3']);
    expect(store().commentCount).toBe(2);
  });

  it('switches comments closed for the creator', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([]));
    await store().open('100');
    api.switchComments.mockResolvedValueOnce({ story_id: '100', comment_status: StoryCommentStatus.Closed });
    expect(await store().setCommentStatus(StoryCommentStatus.Closed)).toBeNull();
    expect(store().commentStatus).toBe(StoryCommentStatus.Closed);
  });

  it('on a push, takes the count and shows a new comment once, even when the post answers after it', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('c1')]));
    await store().open('100');
    api.getComment.mockResolvedValueOnce(aComment('c9', { text: 'From someone else' }));
    await store().applyPush('100', 2, 'c9');
    expect(store().items.map((c) => c.comment_id)).toEqual(['c9', 'c1']);
    expect(store().commentCount).toBe(2);
    // Another story's push changes nothing.
    await store().applyPush('555', 40, 'x');
    expect(store().commentCount).toBe(2);
    // The viewer's own comment, pushed before its post answered: shown and counted once.
    api.getComment.mockResolvedValueOnce(aComment('c10'));
    await store().applyPush('100', 3, 'c10');
    api.postComment.mockResolvedValueOnce(aComment('c10'));
    await store().post('Mine');
    expect(store().items.map((c) => c.comment_id)).toEqual(['c10', 'c9', 'c1']);
    expect(store().commentCount).toBe(3);
  });

  it('one\u2019s own reply pushed before the post answers is counted once on its root and in the total (by id)', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('root', { reply_count: 0 })], { comment_count: 1 }));
    await store().open('100');
    const mine = aComment('r1', { root_id: 'root', parent_id: 'root', text: 'Me too' });
    let answer: (c: typeof mine) => void = () => undefined;
    api.postComment.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const posting = store().post('Me too', store().items[0]);
    // The push about it arrives (and is read) while the post is still on its way.
    api.getComment.mockResolvedValueOnce(mine);
    await store().applyPush('100', 2, 'r1');
    expect(store().items[0]!.reply_count).toBe(1);
    answer(mine);
    expect((await posting).kind).toBe('posted');
    expect(store().items[0]!.reply_count).toBe(1);
    expect(store().commentCount).toBe(2);
    expect(store().replies.root!.items.map((c) => c.comment_id)).toEqual(['r1']);
    // Only this reply: no "more replies" to fetch.
    expect(store().replies.root!.hasMore).toBe(false);
    // A second push of the same comment changes nothing.
    await store().applyPush('100', 2, 'r1');
    expect(store().items[0]!.reply_count).toBe(1);
  });

  it('the same, when the post answers while the pushed comment is still being read', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('root', { reply_count: 2 })], { comment_count: 3 }));
    await store().open('100');
    const mine = aComment('r3', { root_id: 'root', parent_id: 'root' });
    let read: (c: typeof mine) => void = () => undefined;
    api.getComment.mockReturnValueOnce(new Promise((resolve) => (read = resolve)));
    const pushed = store().applyPush('100', 4, 'r3');
    api.postComment.mockResolvedValueOnce(mine);
    await store().post('Third', store().items[0]);
    read(mine);
    await pushed;
    expect(store().items[0]!.reply_count).toBe(3);
    expect(store().commentCount).toBe(4);
    expect(store().replies.root!.items.map((c) => c.comment_id)).toEqual(['r3']);
    expect(store().replies.root!.hasMore).toBe(true);
  });

  it('a root comment pushed first and then answered is counted once', async () => {
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('c1')], { comment_count: 1 }));
    await store().open('100');
    let answer: (c: ReturnType<typeof aComment>) => void = () => undefined;
    api.postComment.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const posting = store().post('Mine');
    api.getComment.mockResolvedValueOnce(aComment('c2'));
    await store().applyPush('100', 2, 'c2');
    answer(aComment('c2'));
    await posting;
    expect(store().commentCount).toBe(2);
    expect(store().items.map((c) => c.comment_id)).toEqual(['c2', 'c1']);
  });
});
