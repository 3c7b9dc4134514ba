import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode } from 'shared-kit';
import * as feedService from './services/feed.service';
import { aCard } from './testing/fixtures';
import { renderAt, resetAll } from './testing/render';
import type { PlayedStory } from './api/types';
import { useFeedStore } from './stores/feed/store';

jest.mock('./services/feed.service');
const feed = jest.mocked(feedService);

function played(id: string, name: string): PlayedStory {
  return { ...aCard(id, name), play_id: `p${id}`, play_status: 'Playing', turns: 3, last_played_at: new Date(Date.now() - 2 * 3600_000).toISOString() };
}

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

  it('switches tabs and shows each empty state', async () => {
    renderAt('/play');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Your play history is empty.'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Recently played' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('You have not played any story recently.');
  });

  it('deletes a story from history after confirming', async () => {
    feed.playedStories.mockResolvedValue({ stories: [played('1', 'The Last Lamp of Gullrock'), played('2', 'Orbit of Small Things')], has_more: false, next_offset: 2 });
    feed.deletePlayed.mockResolvedValue();
    renderAt('/play');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'History' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findAllByText('Played 2 hours ago')).toHaveLength(2);
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete The Last Lamp of Gullrock from history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete from history?' });
    // The safe choice (the spec's Not now) has the focus.
    expect(document.activeElement?.textContent).toBe('Not now');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(feed.deletePlayed).toHaveBeenCalledWith('1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel).queryByRole('link', { name: 'The Last Lamp of Gullrock' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Orbit of Small Things' })).toBeTruthy();
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
