import { act, fireEvent, screen, within } from '@testing-library/react';
import { DialogueType, sessionStore } from 'shared-kit';
import * as community from '../services/community.service';
import * as playService from '../services/play.service';
import { setStreamTransport } from '../stores/play/store';
import { aDialogue, aStart } from '../testing/fixtures';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/play.service');
jest.mock('../services/session.service');
jest.mock('../services/community.service');
const play = jest.mocked(playService);
const api = jest.mocked(community);

function endedPlay(): void {
  play.startPlay.mockResolvedValue(
    aStart({ status: 'Ending', ending: { type: 'HappyEnding', content: 'The Marigold reaches the harbour.' } }, [
      aDialogue(1),
      aDialogue(2, { type: DialogueType.HappyEnding, role: 'system', content: 'The Marigold reaches the harbour.' }),
    ]),
  );
}

describe('sharing an ending', () => {
  beforeEach(() => {
    resetAll();
    installFakeShell();
    setStreamTransport((_request, _onEvent, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })), []);
    jest.resetAllMocks();
    play.endingInfo.mockRejectedValue(new Error('not ended'));
    endedPlay();
  });

  it('gives a signed-in player the link to this play ending', async () => {
    sessionStore.getState().setUser({ uid: '7', biz_uid: '7', user_nick: 'Bea', roles: ['user'], teen_mode: 0, creation_forbidden: false });
    api.shareStory.mockResolvedValue({
      code: 'AbC123xy',
      share_type: 'PlayEnding',
      story_id: '100',
      play_id: '900',
      title: 'The Last Lamp: an ending',
      description: 'The Marigold reaches the harbour.',
      cover: '',
      path: '/s/AbC123xy',
      play_path: '/play/story/100',
    });
    renderAt('/play/story/100/play');
    const ending = await screen.findByRole('region', { name: 'Happy ending' }, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(within(ending).getByRole('button', { name: 'Share' }));
    });
    expect(api.shareStory).toHaveBeenCalledWith('100', { playId: '900', bot: false });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe(`${window.location.origin}/s/AbC123xy`);
  });

  it('offers no share to a guest, whose plays have no link of their own', async () => {
    sessionStore.getState().clear();
    renderAt('/play/story/100/play');
    const ending = await screen.findByRole('region', { name: 'Happy ending' }, { timeout: 5000 });
    expect(within(ending).getByRole('button', { name: 'Play again' })).toBeTruthy();
    expect(within(ending).queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
