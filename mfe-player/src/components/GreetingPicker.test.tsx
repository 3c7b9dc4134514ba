import { act, fireEvent, screen, within } from '@testing-library/react';
import { DialogueType } from 'shared-kit';
import * as playService from '../services/play.service';
import { setStreamTransport } from '../stores/play/store';
import { aDialogue, aPlayInfo, aStart } from '../testing/fixtures';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/play.service');
jest.mock('../services/session.service');
const play = jest.mocked(playService);

const greetings = ['Hello, traveller. Tea?', 'Back so soon, Sam?'];

describe('choosing the opening', () => {
  beforeEach(() => {
    resetAll();
    installFakeShell();
    setStreamTransport((_request, _onEvent, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })), []);
    jest.resetAllMocks();
    play.playInfo.mockResolvedValue(aPlayInfo());
    play.endingInfo.mockRejectedValue(new Error('not ended'));
  });

  it('offers the openings before the first turn and opens the play with the chosen one', async () => {
    play.startPlay.mockResolvedValue(aStart({ turns: 0, greetings, greeting: 0 }, [aDialogue(1, { type: DialogueType.OpeningRemark, content: greetings[0] })]));
    play.chooseGreeting.mockResolvedValue(aStart({ turns: 0, greetings, greeting: 1 }, [aDialogue(1, { type: DialogueType.OpeningRemark, content: greetings[1] })]));
    renderAt('/play/story/100/play');
    const picker = await screen.findByRole('region', { name: 'Choose how it starts' });
    const first = within(picker).getByRole('button', { name: `Opening 1: ${greetings[0]}` });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(within(picker).getByRole('button', { name: `Opening 2: ${greetings[1]}` }));
    });
    expect(play.chooseGreeting).toHaveBeenCalledWith('900', 1);
    const log = screen.getByRole('log', { name: 'Story dialogue' });
    expect(within(log).getByText(greetings[1]!)).toBeTruthy();
    expect(within(picker).getByRole('button', { name: `Opening 2: ${greetings[1]}` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is not there once the play has a turn, or without other openings', async () => {
    play.startPlay.mockResolvedValue(aStart({ turns: 1, greetings }, [aDialogue(1)]));
    renderAt('/play/story/100/play');
    await screen.findByRole('log', { name: 'Story dialogue' });
    expect(screen.queryByRole('region', { name: 'Choose how it starts' })).toBeNull();
  });
});
