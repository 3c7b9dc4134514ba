import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ErrorCode } from 'shared-kit';
import * as playService from '../services/play.service';
import { setStreamTransport } from '../stores/play/store';
import { aPlayInfo, aStart } from '../testing/fixtures';
import { renderAt, resetAll } from '../testing/render';

jest.mock('../services/play.service');
jest.mock('../services/session.service');
const play = jest.mocked(playService);

const where = () => screen.getByTestId('location').textContent;

/** A play's own address: `/play/story/:id/play/:playId` opens that play, and the page writes the open play's id there. */
describe('the play\u2019s address', () => {
  beforeEach(() => {
    resetAll();
    setStreamTransport((_request, _onEvent, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })), []);
    jest.resetAllMocks();
    play.playInfo.mockResolvedValue(aPlayInfo());
    play.endingInfo.mockRejectedValue(new Error('not ended'));
  });

  it('the story\u2019s play address opens the latest play and writes its id in the address, opening it once', async () => {
    play.startPlay.mockResolvedValue(aStart());
    renderAt('/play/story/100/play');
    await screen.findByRole('log', { name: 'Story dialogue' });
    await waitFor(() => expect(where()).toBe('/play/story/100/play/900'));
    expect(play.startPlay).toHaveBeenCalledTimes(1);
    expect(play.startPlay).toHaveBeenCalledWith('100', false, undefined);
  });

  it('a play\u2019s address opens that play (an older one too), and stays', async () => {
    play.startPlay.mockResolvedValue(aStart({ play_id: '555' }));
    renderAt('/play/story/100/play/555');
    await screen.findByRole('log', { name: 'Story dialogue' });
    expect(play.startPlay).toHaveBeenCalledWith('100', false, '555');
    expect(where()).toBe('/play/story/100/play/555');
    expect(play.startPlay).toHaveBeenCalledTimes(1);
  });

  it('coming back to a play\u2019s address (after logging in, say) opens it again, though the store still holds it', async () => {
    play.startPlay.mockResolvedValue(aStart({ play_id: '555' }));
    const first = renderAt('/play/story/100/play');
    await waitFor(() => expect(where()).toBe('/play/story/100/play/555'));
    first.unmount();
    renderAt('/play/story/100/play/555');
    await screen.findByRole('log', { name: 'Story dialogue' });
    expect(play.startPlay).toHaveBeenCalledTimes(2);
    expect(play.startPlay).toHaveBeenLastCalledWith('100', false, '555');
  });

  it('a new play (?new=1) gets its own address, so a reload does not start yet another', async () => {
    play.startPlay.mockResolvedValue(aStart({ play_id: '901' }));
    renderAt('/play/story/100/play?new=1');
    await waitFor(() => expect(where()).toBe('/play/story/100/play/901'));
    expect(play.startPlay).toHaveBeenCalledTimes(1);
    expect(play.startPlay).toHaveBeenCalledWith('100', true, undefined);
  });

  it('a restart moves the address to the new play', async () => {
    play.startPlay.mockResolvedValue(aStart({ play_id: '555' }));
    play.restartPlay.mockResolvedValue(aStart({ play_id: '903' }));
    renderAt('/play/story/100/play/555');
    await screen.findByRole('log', { name: 'Story dialogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restart the story?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Restart' }));
    });
    expect(play.restartPlay).toHaveBeenCalledWith('555');
    await waitFor(() => expect(where()).toBe('/play/story/100/play/903'));
    expect(play.startPlay).toHaveBeenCalledTimes(1);
  });

  it('someone else\u2019s play id is refused with the api\u2019s message and no history', async () => {
    play.startPlay.mockRejectedValue(new ApiError(ErrorCode.RecordNotFound, 'No such play'));
    renderAt('/play/story/100/play/777');
    expect(await screen.findByRole('heading', { name: 'Cannot open this story' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('No such play');
    expect(screen.queryByRole('log')).toBeNull();
    expect(where()).toBe('/play/story/100/play/777');
  });

  it('a creator\u2019s play-test keeps ?draft=1 beside its play id', async () => {
    play.startPlayDraft.mockResolvedValue(aStart({ play_id: '42', is_draft: true }));
    renderAt('/play/story/100/play?draft=1');
    await waitFor(() => expect(where()).toBe('/play/story/100/play/42?draft=1'));
    expect(play.startPlayDraft).toHaveBeenCalledWith('100', false, undefined);
    expect(play.startPlayDraft).toHaveBeenCalledTimes(1);
  });

  it('a play id that is not a number is not a page', async () => {
    renderAt('/play/story/100/play/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(play.startPlay).not.toHaveBeenCalled();
  });
});
