import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, DialogueType, ErrorCode, PlayStatus } from 'shared-kit';
import { i18n } from 'ui-kit';
import type { PlayEntry } from '../api/types';
import { PLAYER_NS } from '../i18n';
import * as playService from '../services/play.service';
import { BaseContext } from './paths';
import { StoryPlays } from './StoryPlays';

jest.mock('../services/play.service');
const play = jest.mocked(playService);

function entry(id: string, overrides: Partial<PlayEntry> = {}): PlayEntry {
  return {
    play_id: id,
    story_id: '100',
    version_id: '200',
    play_status: PlayStatus.Playing,
    chapter_index: 1,
    chapters_count: 3,
    turns: 4,
    ending: null,
    created_at: '2026-11-20T10:00:00.000Z',
    last_played_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    last_line: { role: 'npc', character_name: 'Maren Holt', content: 'The oil is in the shed.', type: DialogueType.NpcDialogue },
    ...overrides,
  };
}

function show(isBot = false): void {
  render(
    <BaseContext.Provider value="/play">
      <MemoryRouter>
        <StoryPlays storyId="100" isBot={isBot} />
      </MemoryRouter>
    </BaseContext.Provider>,
  );
}

beforeAll(async () => {
  await i18n.loadNamespaces(PLAYER_NS);
});
beforeEach(() => {
  jest.resetAllMocks();
});

describe('the player\u2019s plays of a story', () => {
  it('lists each play with its date, chapter and last line, and a link that opens that very play; pages', async () => {
    play.playList
      .mockResolvedValueOnce({ plays: [entry('902'), entry('901', { chapter_index: 0, ending: { type: 'HappyEnding' }, play_status: PlayStatus.Ending, last_line: { role: 'player', character_name: '', content: 'Goodbye', type: DialogueType.Input } })], has_more: true, next_offset: 2 })
      .mockResolvedValueOnce({ plays: [entry('900', { chapter_index: 0, last_line: null })], has_more: false, next_offset: 3 });
    show();
    const region = await screen.findByRole('region', { name: 'Your plays' });
    const items = await within(region).findAllByRole('listitem');
    expect(play.playList).toHaveBeenCalledWith('100', 0, 10);
    expect(items[0]!.textContent).toContain('Latest');
    expect(items[0]!.textContent).toContain('Chapter 2 of 3');
    expect(items[0]!.textContent).toContain('3 hours ago');
    expect(items[0]!.textContent).toContain('Maren Holt: The oil is in the shed.');
    expect(items[1]!.textContent).toContain('Ended');
    expect(items[1]!.textContent).toContain('You: Goodbye');
    expect(items[1]!.textContent).not.toContain('Latest');
    const links = within(region).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/play/story/100/play/902', '/play/story/100/play/901']);
    expect(links[0]!.getAttribute('aria-label')).toMatch(/^Open the play started /);

    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Load more' }));
    });
    expect(play.playList).toHaveBeenLastCalledWith('100', 2, 10);
    const all = within(region).getAllByRole('listitem');
    expect(all).toHaveLength(3);
    expect(all[2]!.textContent).toContain('Chapter 1 of 3');
    expect(all[2]!.textContent).toContain('Nothing said yet.');
    expect(within(region).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says how many messages a bot\u2019s chat has rather than chapters', async () => {
    play.playList.mockResolvedValueOnce({ plays: [entry('902', { chapter_index: 0, chapters_count: 1, turns: 1 })], has_more: false, next_offset: 1 });
    show(true);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('1 message');
    expect(item.textContent).not.toContain('Chapter');
  });

  it('shows an error with Try again, and an empty list', async () => {
    play.playList.mockRejectedValueOnce(new ApiError(ErrorCode.Internal, 'Server down')).mockResolvedValueOnce({ plays: [], has_more: false, next_offset: 0 });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your plays could not be loaded.');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByText('You have not played this story yet.')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    try {
      const narration = { role: 'narrator', character_name: 'Narrator', content: '风暴来了。', type: DialogueType.Narration };
      play.playList.mockResolvedValueOnce({ plays: [entry('902', { last_line: narration })], has_more: false, next_offset: 1 });
      show();
      expect(await screen.findByRole('region', { name: '你的游玩记录' })).toBeTruthy();
      expect(screen.getByRole('listitem').textContent).toContain('第 2 章，共 3 章');
      // The narrator's line is said by 旁白, not by the api's English name for it.
      expect(screen.getByRole('listitem').textContent).toContain('旁白');
      expect(screen.getByRole('listitem').textContent).not.toContain('Narrator');
      expect(screen.getByRole('link', { name: /^打开开始于/ })).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});
