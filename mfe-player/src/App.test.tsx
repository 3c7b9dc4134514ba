import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, ErrorCode } from 'shared-kit';
import * as feedService from './services/feed.service';
import { aCard } from './testing/fixtures';
import { renderAt, resetAll } from './testing/render';
import { useFeedStore } from './stores/feed/store';

jest.mock('./services/feed.service');
const feed = jest.mocked(feedService);

describe('feed', () => {
  beforeEach(() => {
    resetAll();
    jest.resetAllMocks();
    feed.listStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
    feed.playedStories.mockResolvedValue({ stories: [], has_more: false, next_offset: 0 });
  });

  it('shows the For you tab, then its empty state', async () => {
    const { container } = renderAt('/play');
    expect(screen.getByRole('heading', { level: 1, name: 'Stories' })).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'For you' })).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'For you' }).textContent).toBe('No stories to show yet.'));
    expect(container.querySelector('[data-remote="mfe_player"]')).not.toBeNull();
  });

  it('asks for the first stories once, as the player mounts on the feed', async () => {
    let answer: (page: { stories: never[]; has_more: boolean; next_offset: number }) => void = () => undefined;
    feed.listStories.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderAt('/play');
    // Asked for before the feed has rendered; asking again before the feed took it does nothing.
    expect(feed.listStories).toHaveBeenCalledTimes(1);
    useFeedStore.getState().prefetchForYou();
    expect(feed.listStories).toHaveBeenCalledTimes(1);
    await act(async () => answer({ stories: [], has_more: false, next_offset: 0 }));
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'For you' }).textContent).toBe('No stories to show yet.'));
    expect(feed.listStories).toHaveBeenCalledTimes(1);
  });

  it('lists stories with creator and chapters, and pages on Load more', async () => {
    feed.listStories
      .mockResolvedValueOnce({ stories: [aCard('1', 'The Last Lamp of Gullrock')], has_more: true, next_offset: 1 })
      .mockResolvedValueOnce({ stories: [aCard('2', "The Clockmaker's Debt")], has_more: false, next_offset: 2 });
    renderAt('/play');
    const first = await screen.findByRole('link', { name: 'The Last Lamp of Gullrock' });
    expect(first.getAttribute('href')).toBe('/play/story/1');
    const card = first.closest('li')!;
    expect(card.textContent).toContain('by Demo Creator');
    expect(card.textContent).toContain('3 chapters');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: "The Clockmaker's Debt" });
    expect(feed.listStories).toHaveBeenLastCalledWith(1, 10);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    feed.listStories.mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError, 'Server error'));
    renderAt('/play');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toBe('No stories to show yet.'));
  });

  it('searches, shows results or none, and clears back to the tabs', async () => {
    feed.search.mockResolvedValueOnce({ stories: [aCard('3', 'Tea with the Fox Spirit')], has_more: false, next_offset: 1 });
    feed.search.mockResolvedValueOnce({ stories: [], has_more: false, next_offset: 0 });
    renderAt('/play');
    const box = screen.getByRole('searchbox', { name: 'Search stories' });
    fireEvent.change(box, { target: { value: 'fox' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('link', { name: 'Tea with the Fox Spirit' });
    expect(feed.search).toHaveBeenCalledWith('fox', 0, 10, expect.any(AbortSignal));
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.change(box, { target: { value: 'dragon' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByText('No stories match “dragon”.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('tablist')).toBeTruthy();
  });
});
