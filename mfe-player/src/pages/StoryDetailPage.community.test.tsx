import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, CommentStatus, ErrorCode, TeenMode, sessionStore, type PushMessage } from 'shared-kit';
import type { StoryDetail } from '../api/types';
import * as community from '../services/community.service';
import * as feedService from '../services/feed.service';
import * as playService from '../services/play.service';
import { aCard, aComment, aCommentPage } from '../testing/fixtures';
import { installFakeShell, renderAt, resetAll } from '../testing/render';
import { applyStoryPush } from '../components/community/useStoryLive';

jest.mock('../services/feed.service');
jest.mock('../services/play.service');
jest.mock('../services/community.service');
// The page's own push connection: the pushes are handed to the page by the test instead.
jest.mock('../components/community/useStoryLive', () => ({
  ...jest.requireActual('../components/community/useStoryLive'),
  useStoryLive: jest.fn(),
}));
const feed = jest.mocked(feedService);
const api = jest.mocked(community);

function aDetail(overrides: Partial<StoryDetail> = {}): StoryDetail {
  return {
    ...aCard('100', 'The Last Lamp of Gullrock', { like_count: 2, comment_count: 1 }),
    player: { character_name: 'Wren', settings: '' },
    characters: [],
    chapters: [],
    prologue: { character_id: '', content: '' },
    liked: false,
    comment_status: 'Open',
    ...overrides,
  };
}

function signIn(uid = '7', teen: TeenMode = TeenMode.Disable): void {
  sessionStore.getState().setUser({ uid, biz_uid: uid, user_nick: 'Bea', roles: ['user'], teen_mode: teen, creation_forbidden: false });
}

async function openStory(): Promise<void> {
  renderAt('/play/story/100');
  await screen.findByRole('heading', { level: 1, name: 'The Last Lamp of Gullrock' });
}

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  feed.storyDetail.mockResolvedValue(aDetail());
  feed.coverage.mockResolvedValue({ story_id: '100', has_play: false } as never);
  api.listComments.mockResolvedValue(aCommentPage([aComment('c1', { text: 'What a storm.' })]));
});

describe('the story page, socially', () => {
  it('links the creator to their page and shows the counts', async () => {
    await openStory();
    expect(screen.getByRole('link', { name: 'Demo Creator (creator page)' }).getAttribute('href')).toBe('/play/user/1');
    expect(screen.getByTestId('like-count').textContent).toBe('2 likes');
    expect(await screen.findByRole('heading', { level: 2, name: 'Comments (1)' })).toBeTruthy();
    expect(screen.getByText('What a storm.')).toBeTruthy();
  });

  it('likes at once, keeps the answer, and rolls back with a message when the api refuses', async () => {
    const shell = installFakeShell();
    signIn();
    api.likeStory.mockResolvedValueOnce({ story_id: '100', liked: true, like_count: 3 });
    await openStory();
    const like = screen.getByRole('button', { name: 'Like' });
    fireEvent.click(like);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('3 likes'));
    api.likeStory.mockRejectedValueOnce(new ApiError(ErrorCode.NoPermission, 'No permission to access this content'));
    fireEvent.click(like);
    await waitFor(() => expect(shell.toast).toHaveBeenCalledWith({ type: 'error', message: 'No permission to access this content' }));
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('like-count').textContent).toBe('3 likes');
  });

  it('sends a visitor to log in instead of liking or commenting', async () => {
    const shell = installFakeShell();
    sessionStore.getState().setUser(null);
    await openStory();
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(shell.navigate).toHaveBeenCalledWith('/login');
    expect(api.likeStory).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log in to comment' })).toBeTruthy();
  });

  it('posts a comment with a counter at the limit, and shows a held one as visible only to its author', async () => {
    signIn();
    installFakeShell();
    await openStory();
    const field = await screen.findByRole('textbox', { name: 'Your comment' });
    const post = screen.getByRole('button', { name: 'Post' });
    expect((post as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeTruthy();
    expect((post as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Lovely lamp.' } });
    api.postComment.mockResolvedValueOnce(aComment('c2', { text: 'Lovely lamp.', can_delete: true }));
    fireEvent.click(post);
    await screen.findByText('Lovely lamp.');
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (2)' })).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');

    const held = aComment('c3', { text: 'zorblax', status: CommentStatus.SelfVisible, can_delete: true });
    api.postComment.mockRejectedValueOnce(new ApiError(ErrorCode.ReviewCommentContent, 'Comment removed', { comment: held }));
    fireEvent.change(field, { target: { value: 'zorblax' } });
    fireEvent.click(post);
    const mine = (await screen.findByText('Visible only to you')).closest('li')!;
    expect(within(mine).getByText('zorblax')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (2)' })).toBeTruthy();
  });

  it('says youth mode blocks commenting, and shows a suspension refusal under the field', async () => {
    signIn('7', TeenMode.Enable);
    await openStory();
    expect(await screen.findByText('Commenting is not available in youth mode.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
    act(() => signIn('7'));
    const field = await screen.findByRole('textbox', { name: 'Your comment' });
    api.postComment.mockRejectedValueOnce(new ApiError(ErrorCode.UserCreateBan, 'Your account cannot create for now'));
    fireEvent.change(field, { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your account is suspended: you cannot comment until the suspension ends.')).toBeTruthy();
  });

  it('lets the creator pin a comment and close comments', async () => {
    signIn('1');
    api.pinComment.mockResolvedValueOnce({ comment_id: 'c1', pinned: true });
    api.switchComments.mockResolvedValueOnce({ story_id: '100', comment_status: 'Closed' });
    await openStory();
    fireEvent.click(await screen.findByRole('button', { name: 'Pin comment by Bea' }));
    const item = (await screen.findByText('Pinned')).closest('li')!;
    expect(within(item).getByText('What a storm.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Comments open' }));
    await screen.findByText('The creator has closed comments on this story.');
    expect(api.switchComments).toHaveBeenCalledWith('100', 'Closed');
  });

  it('opens replies, answers one, and pages comments with Load more', async () => {
    signIn();
    api.listComments.mockResolvedValueOnce(
      aCommentPage([aComment('c1', { text: 'What a storm.', reply_count: 1 })], { has_more: true, cursor: 'k1', comment_count: 3 }),
    );
    api.listComments.mockResolvedValueOnce(aCommentPage([aComment('c5', { text: 'Older one.' })], { comment_count: 3 }));
    api.listReplies.mockResolvedValueOnce({ list: [aComment('r1', { root_id: 'c1', parent_id: 'c1', text: 'Agreed.' })], has_more: false, cursor: '' });
    await openStory();
    fireEvent.click(await screen.findByRole('button', { name: 'Show 1 reply' }));
    await screen.findByText('Agreed.');
    expect(api.listReplies).toHaveBeenCalledWith('c1', '', 10);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Older one.');
    expect(api.listComments).toHaveBeenLastCalledWith('100', 'newest', 'k1', 10);
  });

  it('takes pushed counts and another person’s new comment without a reload', async () => {
    await openStory();
    await screen.findByText('What a storm.');
    api.getComment.mockResolvedValueOnce(aComment('c8', { text: 'Just played it!' }));
    const push: PushMessage = { push_type: 'RefreshFeed', story_id: '100', like_count: 5, comment_count: 2, comment_id: 'c8' };
    await act(async () => applyStoryPush(push));
    expect(screen.getByTestId('like-count').textContent).toBe('5 likes');
    expect(await screen.findByText('Just played it!')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (2)' })).toBeTruthy();
  });

  it('shows the comments error with a retry', async () => {
    api.listComments.mockRejectedValueOnce(new ApiError(ErrorCode.Internal, 'Server error'));
    await openStory();
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('What a storm.');
  });

  it('shows a bot as a character chat and shares it as a bot', async () => {
    signIn();
    feed.storyDetail.mockResolvedValue(aDetail({ is_bot: true, chapters_count: 1 }));
    api.shareStory.mockResolvedValue({ code: 'abc', share_type: 'Bot', story_id: '100', play_id: '', title: 'Mira: a character chat', description: '', cover: '', path: '/s/abc', play_path: '/play/story/100' });
    await openStory();
    expect(screen.getByText('by Demo Creator · Character chat')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(api.shareStory).toHaveBeenCalledWith('100', { playId: undefined, bot: true });
    const dialog = await screen.findByRole('dialog', { name: 'Share this character' });
    expect((within(dialog).getByRole('textbox', { name: 'Link to share' }) as HTMLInputElement).value).toMatch(/\/s\/abc$/);
  });

  it('a story is shared as a story, and lists the player\u2019s plays once there are any', async () => {
    signIn();
    feed.coverage.mockResolvedValue({ story_id: '100', has_play: true } as never);
    jest.mocked(playService).playList.mockResolvedValue({ plays: [], has_more: false, next_offset: 0 });
    api.shareStory.mockResolvedValue({ code: 'abd', share_type: 'Story', story_id: '100', play_id: '', title: 'The Last Lamp of Gullrock', description: '', cover: '', path: '/s/abd', play_path: '/play/story/100' });
    await openStory();
    expect(screen.getByText('by Demo Creator · 3 chapters')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Your plays' })).toBeTruthy();
    expect(jest.mocked(playService).playList).toHaveBeenCalledWith('100', 0, 10);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(api.shareStory).toHaveBeenCalledWith('100', { playId: undefined, bot: false });
    expect(await screen.findByRole('dialog', { name: 'Share this story' })).toBeTruthy();
  });
});
