import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TeenMode, sessionStore } from 'shared-kit';
import * as community from '../../services/community.service';
import * as feedService from '../../services/feed.service';
import * as homeService from '../../services/home.service';
import { installFakeShell, renderAt, resetAll } from '../../testing/render';

jest.mock('../../services/feed.service');
jest.mock('../../services/community.service');
jest.mock('../../services/home.service');
const feed = jest.mocked(feedService);
const api = jest.mocked(community);

const creator = { uid: '1', nickname: 'Demo Creator', username: 'demo', avatar: '' };
function liked(id: string, name: string) {
  return { story_id: id, story_name: name, introduction: `About ${name}`, logo: '', like_count: 2, comment_count: 1, creator, liked_at: null };
}

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  feed.listStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
  feed.playedStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
  jest.mocked(homeService).homeContent.mockResolvedValue({ banners: [], topics: [] });
});

describe('the Liked tab', () => {
  it('lists the stories the viewer liked, newest like first, and pages', async () => {
    sessionStore.getState().setUser({ uid: '7', biz_uid: '7', user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
    api.likedStories
      .mockResolvedValueOnce({ list: [liked('100', 'The Last Lamp')], has_more: true, cursor: 'k1' })
      .mockResolvedValueOnce({ list: [liked('101', 'Harbour Lights')], has_more: false, cursor: '' });
    renderAt('/play');
    // The tabs' code loads on first use: on a busy machine that takes more than the default second.
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Liked' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Liked' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Liked' });
    const first = await within(panel).findByRole('link', { name: 'The Last Lamp' });
    expect(first.getAttribute('href')).toBe('/play/story/100');
    expect(first.closest('li')!.textContent).toContain('by Demo Creator');
    expect(first.closest('li')!.textContent).toContain('2 likes · 1 comment');
    fireEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    await within(panel).findByRole('link', { name: 'Harbour Lights' });
    expect(api.likedStories).toHaveBeenLastCalledWith('k1', 10);
    // The played list is not read for this tab.
    expect(feed.playedStories).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in', async () => {
    const shell = installFakeShell();
    sessionStore.getState().setUser(null);
    renderAt('/play');
    // The tabs' code loads on first use: on a busy machine that takes more than the default second.
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Liked' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Liked' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to see the stories you liked' }));
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/login'));
    expect(api.likedStories).not.toHaveBeenCalled();
  });
});
