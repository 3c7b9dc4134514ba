import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PushType, TeenMode, sessionStore } from 'shared-kit';
import * as community from '../../services/community.service';
import * as feedService from '../../services/feed.service';
import * as homeService from '../../services/home.service';
import { aCard } from '../../testing/fixtures';
import { fakeFeedSocket, renderAt, resetAll } from '../../testing/render';

jest.mock('../../services/feed.service');
jest.mock('../../services/home.service');
jest.mock('../../services/community.service');
const feed = jest.mocked(feedService);

const card = (id: string, name: string) => aCard(id, name, { like_count: 2, comment_count: 1 });
const cardOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  jest.mocked(homeService).homeContent.mockResolvedValue({ banners: [], topics: [] });
  feed.listStories.mockResolvedValue({ stories: [card('1', 'The Last Lamp of Gullrock'), card('2', 'Harbour Lights')], has_more: false, next_offset: 2 });
});

describe('live counts on the feed\'s cards', () => {
  it('watches the stories on screen in one connection and follows their pushed counts', async () => {
    renderAt('/play');
    // The tabs' code loads on first use: on a busy machine that takes more than the default second.
    await screen.findByRole('link', { name: 'Harbour Lights' }, { timeout: 5000 });
    expect(cardOf('The Last Lamp of Gullrock').textContent).toContain('2 likes · 1 comment');
    await waitFor(() => expect(fakeFeedSocket.opened.filter((o) => !o.closed).map((o) => o.watch)).toEqual(['1,2']));

    act(() => fakeFeedSocket.push({ push_type: PushType.RefreshFeed, story_id: '1', like_count: 3, comment_count: 4, comment_id: 'c9' }));
    expect(cardOf('The Last Lamp of Gullrock').textContent).toContain('3 likes · 4 comments');
    expect(cardOf('Harbour Lights').textContent).toContain('2 likes · 1 comment');
    // Another kind of push, or one without counts, changes nothing.
    act(() => fakeFeedSocket.push({ push_type: PushType.RefreshFeed, story_id: '2' }));
    expect(cardOf('Harbour Lights').textContent).toContain('2 likes · 1 comment');
  });

  it('opens the connection again for the cards of another tab, and closes the old one', async () => {
    sessionStore.getState().setUser({ uid: '7', biz_uid: '7', user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
    jest.mocked(community).likedStories.mockResolvedValue({
      list: [{ story_id: '5', story_name: 'Tea with the Fox Spirit', introduction: '', logo: '', like_count: 1, comment_count: 0, creator: { uid: '1', nickname: 'Demo Creator', username: 'demo', avatar: '' }, liked_at: null }],
      has_more: false,
      cursor: '',
    });
    renderAt('/play');
    await screen.findByRole('link', { name: 'Harbour Lights' }, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Liked' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Liked' });
    await within(panel).findByRole('link', { name: 'Tea with the Fox Spirit' });
    await waitFor(() => expect(fakeFeedSocket.opened.filter((o) => !o.closed).map((o) => o.watch)).toEqual(['5']));
    expect(fakeFeedSocket.opened.find((o) => o.watch === '1,2')!.closed).toBe(true);
    act(() => fakeFeedSocket.push({ push_type: PushType.RefreshFeed, story_id: '5', like_count: 6, comment_count: 0 }));
    expect(cardOf('Tea with the Fox Spirit').textContent).toContain('6 likes · 0 comments');
  });
});
