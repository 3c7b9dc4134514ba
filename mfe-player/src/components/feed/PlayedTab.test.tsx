import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode, TeenMode, sessionStore } from 'shared-kit';
import { changeLanguage } from 'ui-kit';
import type { ChatEntry, PlayedStory } from '../../api/types';
import * as feedService from '../../services/feed.service';
import * as homeService from '../../services/home.service';
import { aCard } from '../../testing/fixtures';
import { installFakeShell, renderAt, resetAll } from '../../testing/render';

jest.mock('../../services/feed.service');
jest.mock('../../services/home.service');
const feed = jest.mocked(feedService);
const home = jest.mocked(homeService);

function played(id: string, name: string): PlayedStory {
  return { ...aCard(id, name), play_id: `p${id}`, play_status: 'Playing', turns: 3, last_played_at: new Date(Date.now() - 2 * 3600_000).toISOString() };
}
function chat(id: string, name: string, line: ChatEntry['last_line']): ChatEntry {
  return { ...played(id, name), last_line: line };
}
const empty = { stories: [], has_more: false, next_offset: 0 };

function signIn(uid = '7'): void {
  sessionStore.getState().setUser({ uid, biz_uid: uid, user_nick: 'Bea', roles: ['user'], teen_mode: TeenMode.Disable, creation_forbidden: false });
}

/** The tabs' code loads on first use: on a busy machine that takes more than the default second. */
const SLOW = { timeout: 5000 };

async function openTab(name: string): Promise<HTMLElement> {
  fireEvent.mouseDown(await screen.findByRole('tab', { name }, SLOW));
  expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
  return screen.getByRole('tabpanel', { name });
}

beforeEach(() => {
  resetAll();
  jest.resetAllMocks();
  feed.listStories.mockResolvedValue(empty);
  feed.playedStories.mockResolvedValue(empty);
  feed.chatList.mockResolvedValue(empty);
  home.homeContent.mockResolvedValue({ banners: [], topics: [] });
});

describe('the tabs of the player\'s plays', () => {
  it('come in the spec\'s order after For you, each with its empty state', async () => {
    signIn();
    renderAt('/play');
    const tabs = await screen.findAllByRole('tab', {}, SLOW);
    expect(tabs.map((t) => t.textContent)).toEqual(['For you', 'Chats', 'Liked', 'History', 'Recently played', 'Threads']);
    await waitFor(async () => expect((await openTab('Chats')).textContent).toBe('Your conversations with story characters show up here.'), SLOW);
    await waitFor(async () => expect((await openTab('History')).textContent).toBe('Your play history is empty.'), SLOW);
    await waitFor(async () => expect((await openTab('Recently played')).textContent).toBe('You have not played any story in the last 7 days.'), SLOW);
    // Recently played asks for the last 7 days only; History for everything.
    expect(feed.playedStories).toHaveBeenCalledWith(0, 10, 7);
    expect(feed.playedStories).toHaveBeenCalledWith(0, 10, undefined);
  });

  it('ask a visitor to log in instead of reading anything', async () => {
    const shell = installFakeShell();
    sessionStore.getState().setUser(null);
    renderAt('/play');
    for (const name of ['Chats', 'History', 'Recently played']) {
      const panel = await openTab(name);
      expect(within(panel).getByRole('button', { name: 'Log in to see your chats and history' })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Log in to see your chats and history' }));
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/login'));
    expect(feed.chatList).not.toHaveBeenCalled();
    expect(feed.playedStories).not.toHaveBeenCalled();
  });

  it('Chats lists conversations with their last line and a Continue link, and pages', async () => {
    signIn();
    feed.chatList
      .mockResolvedValueOnce({
        stories: [
          chat('1', 'The Last Lamp of Gullrock', { role: 'npc', character_name: 'Maren Holt', content: 'The lamp is lit.', type: 'NpcDialogue' }),
          chat('2', 'Orbit of Small Things', { role: 'player', character_name: '', content: 'Where am I?', type: 'Input' }),
        ],
        has_more: true,
        next_offset: 2,
      })
      .mockResolvedValueOnce({ stories: [chat('3', 'Tea with the Fox Spirit', null)], has_more: false, next_offset: 3 });
    renderAt('/play');
    const panel = await openTab('Chats');
    const first = await within(panel).findByRole('link', { name: 'The Last Lamp of Gullrock' }, SLOW);
    expect(first.closest('li')!.textContent).toContain('Maren Holt: The lamp is lit.');
    expect(first.closest('li')!.textContent).toContain('Played 2 hours ago');
    expect(within(panel).getByText('You: Where am I?')).toBeTruthy();
    const go = within(panel).getByRole('link', { name: 'Continue The Last Lamp of Gullrock' });
    // That very play, not whichever is latest when clicked.
    expect(go.getAttribute('href')).toBe('/play/story/1/play/p1');
    fireEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    await within(panel).findByRole('link', { name: 'Tea with the Fox Spirit' });
    expect(feed.chatList).toHaveBeenLastCalledWith(2, 10);
  });

  it('names the narrator of a last line in the UI language', async () => {
    signIn();
    feed.chatList.mockResolvedValue({
      stories: [chat('1', 'The Last Lamp of Gullrock', { role: 'narrator', character_name: 'Narrator', content: '风暴来了。', type: 'Narration' })],
      has_more: false,
      next_offset: 1,
    });
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    try {
      renderAt('/play');
      const panel = await openTab('聊天');
      const first = await within(panel).findByRole('link', { name: 'The Last Lamp of Gullrock' }, SLOW);
      expect(first.closest('li')!.textContent).toContain('旁白');
      expect(first.closest('li')!.textContent).not.toContain('Narrator');
    } finally {
      await act(async () => {
        await changeLanguage('en');
      });
    }
  });

  it('shows a list\'s error with a retry', async () => {
    signIn();
    feed.chatList.mockRejectedValueOnce(new ApiError(ErrorCode.BackendNetworkError, 'Server error'));
    renderAt('/play');
    const panel = await openTab('Chats');
    expect((await within(panel).findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(panel.textContent).toBe('Your conversations with story characters show up here.'));
  });

  it('History deletes one story after confirming, from every list', async () => {
    signIn();
    feed.playedStories.mockResolvedValue({ stories: [played('1', 'The Last Lamp of Gullrock'), played('2', 'Orbit of Small Things')], has_more: false, next_offset: 2 });
    feed.deletePlayed.mockResolvedValue();
    renderAt('/play');
    // Recently played is read first: deleting takes the story out of a list already shown too.
    await within(await openTab('Recently played')).findByRole('link', { name: 'The Last Lamp of Gullrock' });
    const panel = await openTab('History');
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
    // Recently played no longer has it either.
    const recent = await openTab('Recently played');
    expect(within(recent).getByRole('link', { name: 'Orbit of Small Things' })).toBeTruthy();
    expect(within(recent).queryByRole('link', { name: 'The Last Lamp of Gullrock' })).toBeNull();
  });

  it('History clears everything after confirming; Not now keeps it', async () => {
    signIn();
    feed.playedStories.mockResolvedValue({ stories: [played('1', 'The Last Lamp of Gullrock')], has_more: false, next_offset: 1 });
    feed.clearPlayed.mockResolvedValue();
    renderAt('/play');
    const panel = await openTab('History');
    await within(panel).findByRole('link', { name: 'The Last Lamp of Gullrock' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear history' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear your whole history?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(feed.clearPlayed).not.toHaveBeenCalled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear history' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear your whole history?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    });
    expect(feed.clearPlayed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(panel.textContent).toBe('Your play history is empty.'));
  });

  it('reads the lists again for another account', async () => {
    signIn('7');
    feed.chatList.mockResolvedValueOnce({ stories: [chat('1', 'The Last Lamp of Gullrock', null)], has_more: false, next_offset: 1 });
    renderAt('/play');
    const panel = await openTab('Chats');
    await within(panel).findByRole('link', { name: 'The Last Lamp of Gullrock' });
    act(() => signIn('8'));
    await waitFor(() => expect(panel.textContent).toBe('Your conversations with story characters show up here.'));
    expect(feed.chatList).toHaveBeenCalledTimes(2);
  });
});
