import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode, sessionStore } from 'shared-kit';
import * as feedService from '../services/feed.service';
import * as homeService from '../services/home.service';
import { aCard } from '../testing/fixtures';
import { renderAt, resetAll } from '../testing/render';

jest.mock('../services/home.service');
jest.mock('../services/feed.service');
const home = jest.mocked(homeService);
const feed = jest.mocked(feedService);

const topic = { topic_id: '5', title: 'Sea stories', description: 'Storms, lighthouses and the deep.', type: 'Top' as const, story_count: 2 };

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  feed.listStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
  home.homeContent.mockResolvedValue({ banners: [], topics: [] });
});

describe('the topic page', () => {
  it('shows the topic\'s title, description and its stories as cards', async () => {
    home.topicDetail.mockResolvedValue({ topic, stories: [aCard('1', 'The Last Lamp of Gullrock'), aCard('2', 'Harbour Lights')] });
    renderAt('/play/topic/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea stories' })).toBeTruthy();
    expect(screen.getByText('Storms, lighthouses and the deep.')).toBeTruthy();
    expect(screen.getByText('Top')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '2 stories' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The Last Lamp of Gullrock' }).getAttribute('href')).toBe('/play/story/1');
    expect(home.topicDetail).toHaveBeenCalledWith('5');
  });

  it('says it is loading until the topic arrives', async () => {
    home.topicDetail.mockReturnValue(new Promise(() => undefined));
    renderAt('/play/topic/5');
    expect((await screen.findByText('Loading the topic…')).closest('[role="status"]')).not.toBeNull();
  });

  it('says when it has no stories to play', async () => {
    home.topicDetail.mockResolvedValue({ topic: { ...topic, type: 'Normal' }, stories: [] });
    renderAt('/play/topic/5');
    expect(await screen.findByText('This topic has no stories to play yet.')).toBeTruthy();
    expect(screen.queryByText('Top')).toBeNull();
  });

  it('shows the spec\'s error as a page when the topic is not visible, without a retry', async () => {
    home.topicDetail.mockRejectedValue(new ApiError(ErrorCode.TopicDeleted, 'This topic is not available'));
    renderAt('/play/topic/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic unavailable' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to stories' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/play'));
  });

  it('retries after another failure, and reads again for another account', async () => {
    home.topicDetail
      .mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError, 'Server error'))
      .mockResolvedValue({ topic, stories: [] });
    renderAt('/play/topic/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Sea stories' });
    act(() => sessionStore.getState().setUser({ uid: '9', biz_uid: '9', user_nick: 'Cy', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false }));
    await waitFor(() => expect(home.topicDetail).toHaveBeenCalledTimes(3));
  });

  it('is not found for an id that is not one', async () => {
    renderAt('/play/topic/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(home.topicDetail).not.toHaveBeenCalled();
  });
});
