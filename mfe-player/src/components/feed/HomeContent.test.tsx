import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode, sessionStore, type HomeContent } from 'shared-kit';
import * as feedService from '../../services/feed.service';
import * as homeService from '../../services/home.service';
import { installFakeShell, renderAt, resetAll } from '../../testing/render';
import { BANNER_INTERVAL_MS } from './BannerCarousel';

jest.mock('../../services/feed.service');
jest.mock('../../services/home.service');
const feed = jest.mocked(feedService);
const home = jest.mocked(homeService);

const banner = (id: string, title: string, link = '') => ({ banner_id: id, title, image: '', link });
const topic = (id: string, title: string, type: 'Top' | 'Normal' = 'Normal', count = 2) => ({
  topic_id: id,
  title,
  description: `About ${title}`,
  type,
  story_count: count,
});
const content = (c: Partial<HomeContent>): HomeContent => ({ banners: [], topics: [], ...c });

function signIn(uid: string): void {
  sessionStore.getState().setUser({ uid, biz_uid: uid, user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
}

/** The banner shown now (the others are hidden). */
function shownBanner(): string {
  const region = screen.getByRole('region', { name: 'Featured' });
  const slides = region.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]');
  return [...slides].filter((s) => !s.hidden).map((s) => s.textContent)[0] ?? '';
}

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  jest.useRealTimers();
  feed.listStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
  window.matchMedia = jest.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
});

describe('banners and topics on the home', () => {
  it('shows topics, Top first as the api orders them, each linking to its page', async () => {
    sessionStore.getState().setUser(null);
    home.homeContent.mockResolvedValue(content({ topics: [topic('5', 'Sea stories', 'Top', 3), topic('6', 'Cosy mysteries', 'Normal', 1)] }));
    home.topicDetail.mockResolvedValue({ topic: topic('6', 'Cosy mysteries'), stories: [] });
    renderAt('/play');
    const section = await screen.findByRole('region', { name: 'Topics' });
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['TopSea stories3 stories', 'Cosy mysteries1 story']);
    expect(links[0]!.getAttribute('href')).toBe('/play/topic/5');
    fireEvent.click(links[1]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/play/topic/6'));
  });

  it('turns the banners by itself; Pause stops it, the arrows and the picker move it, and each links where it says', async () => {
    jest.useFakeTimers();
    sessionStore.getState().setUser(null);
    const shell = installFakeShell();
    home.homeContent.mockResolvedValue(
      content({ banners: [banner('1', 'Summer event', '/play/topic/5'), banner('2', 'Write your own', '/editor'), banner('3', 'Our blog', 'https://example.org/blog')] }),
    );
    renderAt('/play');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    const region = screen.getByRole('region', { name: 'Featured' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(shownBanner()).toBe('Summer event');
    expect(within(region).getByRole('group', { name: '1 of 3' })).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BANNER_INTERVAL_MS);
    });
    expect(shownBanner()).toBe('Write your own');

    fireEvent.click(within(region).getByRole('button', { name: 'Pause' }));
    expect(within(region).getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BANNER_INTERVAL_MS * 3);
    });
    expect(shownBanner()).toBe('Write your own');

    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shownBanner()).toBe('Our blog');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shownBanner()).toBe('Summer event');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(shownBanner()).toBe('Our blog');
    fireEvent.click(within(region).getByRole('button', { name: 'Next banner' }));
    expect(shownBanner()).toBe('Summer event');
    const pick = within(region).getByRole('button', { name: 'Show Write your own' });
    fireEvent.click(pick);
    expect(shownBanner()).toBe('Write your own');
    expect(pick.getAttribute('aria-current')).toBe('true');

    // Where each leads: a page of the player, another part of the product through the shell, a site in a new tab.
    const all = region.querySelectorAll('a');
    expect(all[0]!.getAttribute('href')).toBe('/play/topic/5');
    expect(all[2]!.getAttribute('href')).toBe('https://example.org/blog');
    expect(all[2]!.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(region).getByRole('link', { name: 'Write your own' }));
    expect(shell.navigate).toHaveBeenCalledWith('/editor');
  });

  it('starts paused for a visitor who asked for reduced motion', async () => {
    jest.useFakeTimers();
    window.matchMedia = jest.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    sessionStore.getState().setUser(null);
    home.homeContent.mockResolvedValue(content({ banners: [banner('1', 'Summer event'), banner('2', 'Write your own')] }));
    renderAt('/play');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BANNER_INTERVAL_MS * 2);
    });
    expect(shownBanner()).toBe('Summer event');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('is read again for each account (what is in Testing differs), and takes no room when empty', async () => {
    signIn('7');
    home.homeContent
      .mockResolvedValueOnce(content({ banners: [banner('1', 'Testing banner')] }))
      .mockResolvedValueOnce(content({}));
    renderAt('/play');
    await screen.findByText('Testing banner');
    act(() => signIn('8'));
    await waitFor(() => expect(screen.queryByText('Testing banner')).toBeNull());
    await waitFor(() => expect(home.homeContent).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Topics' })).toBeNull();
  });

  it('says when they could not be loaded, with a retry', async () => {
    sessionStore.getState().setUser(null);
    home.homeContent
      .mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError, 'Server error'))
      .mockResolvedValueOnce(content({ topics: [topic('5', 'Sea stories')] }));
    renderAt('/play');
    expect((await screen.findByText(/Banners and topics could not be loaded/)).textContent).toContain('Server error');
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await screen.findByRole('link', { name: /Sea stories/ });
  });
});
