import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode, sessionStore, type AuthorDetail } from 'shared-kit';
import * as community from '../services/community.service';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/community.service');
const api = jest.mocked(community);

function anAuthor(overrides: Partial<AuthorDetail> = {}): AuthorDetail {
  return {
    uid: '1',
    nickname: 'Demo Creator',
    username: 'demo_creator',
    avatar: '',
    follower_count: 4,
    following_count: 2,
    likes_received: 12,
    stories: [{ story_id: '100', story_name: 'The Last Lamp of Gullrock', introduction: 'A storm.', logo: '', like_count: 3, comment_count: 1 }],
    is_self: false,
    following: false,
    blocked: false,
    ...overrides,
  };
}

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  sessionStore.getState().setUser({ uid: '7', biz_uid: '7', user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
});

describe('the creator page', () => {
  it('shows who they are, their counts and stories, and follows and unfollows', async () => {
    api.authorDetail.mockResolvedValue(anAuthor());
    api.follow.mockResolvedValueOnce({ uid: '1', following: true, follower_count: 5 });
    renderAt('/play/user/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Creator' })).toBeTruthy();
    expect(screen.getByText('User ID: demo_creator')).toBeTruthy();
    const stats = screen.getByRole('list', { name: 'Creator statistics' });
    expect(within(stats).getByRole('link', { name: 'Followers 4' }).getAttribute('href')).toBe('/play/user/1/followers');
    expect(within(stats).getByRole('link', { name: 'Following 2' }).getAttribute('href')).toBe('/play/user/1/following');
    expect(stats.textContent).toContain('Likes received12');
    expect(screen.getByRole('link', { name: 'The Last Lamp of Gullrock' }).getAttribute('href')).toBe('/play/story/100');
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(screen.getByTestId('follower-count').textContent).toBe('5'));
    expect(screen.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.follow).toHaveBeenCalledWith('1', true);
  });

  it('blocks after a confirmation, then shows the block and offers to unblock', async () => {
    const shell = installFakeShell();
    api.authorDetail.mockResolvedValueOnce(anAuthor()).mockResolvedValueOnce(anAuthor({ blocked: true, stories: [] }));
    api.setBlocked.mockResolvedValueOnce(true);
    renderAt('/play/user/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Demo Creator?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await screen.findByRole('button', { name: 'Unblock' });
    expect(api.setBlocked).toHaveBeenCalledWith('1', true);
    expect(shell.toast).toHaveBeenCalledWith({ type: 'success', message: 'Demo Creator is blocked' });
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByText('No published stories yet.')).toBeTruthy();
  });

  it('has no follow or block on one’s own page; an unknown person gets the error with a retry', async () => {
    api.authorDetail.mockResolvedValueOnce(anAuthor({ is_self: true }));
    const { unmount } = renderAt('/play/user/1');
    await screen.findByText('This is your creator page.');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    unmount();
    api.authorDetail.mockRejectedValueOnce(new ApiError(ErrorCode.UserNotExist, 'User does not exist'));
    renderAt('/play/user/99');
    expect((await screen.findByRole('alert')).textContent).toBe('User does not exist');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists followers, paged', async () => {
    api.authorDetail.mockResolvedValue(anAuthor());
    api.followList
      .mockResolvedValueOnce({ list: [{ uid: '7', nickname: 'Bea', username: 'bea_reads', avatar: '', followed_at: null }], has_more: true, cursor: 'k', total: 2 })
      .mockResolvedValueOnce({ list: [{ uid: '8', nickname: 'Cal', username: '', avatar: '', followed_at: null }], has_more: false, cursor: '', total: 2 });
    renderAt('/play/user/1/followers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Followers of Demo Creator' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /Bea/ })).getAttribute('href')).toBe('/play/user/7');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Cal' });
    expect(api.followList).toHaveBeenLastCalledWith('1', 'followers', 'k', 20);
  });
});
