import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, DialogueType, ErrorCode, SendLimitStatus, StorageKey } from 'shared-kit';
import type { Dialogue } from '../api/types';
import * as playService from '../services/play.service';
import { setStreamTransport } from '../stores/play/store';
import { aDialogue, aPlayInfo, aStart } from '../testing/fixtures';
import { changeLanguage } from 'ui-kit';
import { installFakeShell, renderAt, resetAll } from '../testing/render';

jest.mock('../services/play.service');
jest.mock('../services/session.service');
const play = jest.mocked(playService);

const input = (seq: number, content: string): Dialogue => aDialogue(seq, { type: DialogueType.Input, role: 'player', character_id: '', content });

describe('play screen', () => {
  beforeEach(() => {
    resetAll();
    // The screen keeps a standby stream open while the play is idle: here it waits, as the api's does, until closed.
    setStreamTransport((_request, _onEvent, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })), []);
    jest.resetAllMocks();
    play.playInfo.mockResolvedValue(aPlayInfo());
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 2 });
    play.endingInfo.mockRejectedValue(new Error('not ended'));
  });

  it('shows the labels, the chapter objective, and the dialogue as an accessible log', async () => {
    play.startPlay.mockResolvedValue(
      aStart({}, [
        aDialogue(1, { type: DialogueType.OpeningRemark, content: "Storm's coming." }),
        aDialogue(2, { type: DialogueType.ChapterTarget, role: 'system', character_id: '', content: 'Clean the brass burner.' }),
        input(3, 'I climb the stairs'),
        aDialogue(4, { type: DialogueType.Narration, role: 'narrator', character_id: 'voice_over', content: 'Wind howls.' }),
        aDialogue(5, { character_id: 'ezra', content: 'Static!', emotion: 'Happy' }),
      ]),
    );
    renderAt('/play/story/100/play');
    const log = await screen.findByRole('log', { name: 'Story dialogue' });
    // The rows come and go as the page scrolls: the list is not live itself, its announcer says what is new.
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(screen.getByTestId('log-announcer').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('AI-generated content')).toBeTruthy();
    expect(screen.getByText('Playing without a model')).toBeTruthy();
    const objective = screen.getByRole('region', { name: 'Chapter objective' });
    expect(objective.textContent).toContain('Chapter 1 of 3');
    expect(objective.textContent).toContain('Clean the brass burner and fit a new wick.');
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Maren Holt');
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/media/0123456789abcdef01234567');
    expect(log.querySelector('.player-narration')?.textContent).toBe('Wind howls.');
    expect(log.querySelector('.player-msg--me')?.textContent).toContain('I climb the stairs');
    expect(within(log).getByText('Ezra Quill', { exact: false }).textContent).toContain('Happy');
    const box = screen.getByRole('textbox', { name: 'Your message' });
    expect(screen.getByText('0/500')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect(screen.getByText('5/500')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a failed reply with Retry, and hides moderated turns behind a short notice', async () => {
    play.startPlay.mockResolvedValue(
      aStart({}, [aDialogue(1), input(2, 'hidden words'), aDialogue(3, { status: 'SecurityFail', content: '' }), input(4, 'Hello'), aDialogue(5, { status: 'Fail', content: '', error_code: ErrorCode.ModelServiceError })]),
    );
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g', input_dialogue: null, reply_dialogue_ids: ['d6'], seq_st: 6, seq_ed: 6, send_limit: null, guest: false });
    setStreamTransport(async (_r, onEvent) => onEvent({ type: 'done' }), []);
    renderAt('/play/story/100/play');
    const log = await screen.findByRole('log');
    expect(within(log).getByText('A reply was hidden: it goes against the content rules.')).toBeTruthy();
    const failure = within(log).getByRole('alert');
    expect(failure.textContent).toContain('The reply could not be written.');
    expect(failure.textContent).toContain(String(ErrorCode.ModelServiceError));
    await act(async () => {
      fireEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    });
    expect(play.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ is_loop: true, dialogue_id: 'd5' }));
  });

  it('rewinds from my message after confirming, and puts my words back in the input', async () => {
    play.startPlay.mockResolvedValue(aStart({}, [aDialogue(1), aDialogue(2), input(3, 'Light the lamp'), aDialogue(4)]));
    play.backtrack.mockResolvedValue({ play_info: aPlayInfo(), removed_after_seq: 2 });
    renderAt('/play/story/100/play');
    fireEvent.click(await screen.findByRole('button', { name: 'Rewind to before “Light the lamp”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rewind to before this message?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Rewind' }));
    });
    expect(play.backtrack).toHaveBeenCalledWith('900', 'd2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).value).toBe('Light the lamp');
    expect(screen.queryByText('Light the lamp', { selector: '.player-bubble--me' })).toBeNull();
  });

  it('offers the newer version and says that taking it resets progress', async () => {
    play.startPlay.mockResolvedValue(aStart({ has_newer_version: true, latest_version_id: '201' }));
    play.syncLatestPlay.mockResolvedValue({ ...aStart({ play_id: '902', version_id: '201' }), changed: true });
    renderAt('/play/story/100/play');
    const banner = await screen.findByRole('region', { name: 'Story update' });
    expect(banner.textContent).toContain('your progress in this play is lost');
    fireEvent.click(within(banner).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update to the latest version?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    });
    expect(play.syncLatestPlay).toHaveBeenCalledWith('900');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Story update' })).toBeNull());
  });

  it('shows the ending with its text and plays again', async () => {
    play.startPlay.mockResolvedValue(
      aStart({ status: 'Ending', ending: { type: 'HappyEnding', content: 'The Marigold reaches the harbour.' } }, [
        aDialogue(1),
        aDialogue(2, { type: DialogueType.HappyEnding, role: 'system', content: 'The Marigold reaches the harbour.' }),
      ]),
    );
    play.restartPlay.mockResolvedValue(aStart({ play_id: '903' }));
    renderAt('/play/story/100/play');
    const ending = await screen.findByRole('region', { name: 'Happy ending' });
    expect(ending.textContent).toContain('The Marigold reaches the harbour.');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(ending).getByRole('button', { name: 'Play again' }));
    });
    expect(play.restartPlay).toHaveBeenCalledWith('900');
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeTruthy();
  });

  it('warns at 90 percent of the limit, and sends a guest out of turns to log in, remembering the page', async () => {
    const shell = installFakeShell();
    play.startPlay.mockResolvedValue(aStart({ send_limit: { status: SendLimitStatus.Reach90Percent, code: ErrorCode.MessageLimit90Percent, used: 4, limit: 5, scope: 'guest' } }));
    renderAt('/play/story/100/play');
    expect(await screen.findByText('1 free turn left. Log in to keep playing after that.')).toBeTruthy();
    play.sendMessage.mockRejectedValue(new ApiError(ErrorCode.MessageLimitReached, 'Sign in to keep chatting', { need_login: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'one more' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    const prompt = await screen.findByRole('region', { name: 'Log in to keep playing' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Log in' }));
    expect(shell.navigate).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(StorageKey.LoginRedirect)).toBe(window.location.pathname);
  });

  it('opens a play at the guest wall with the log-in prompt and the reason, not an empty footer', async () => {
    play.startPlay.mockResolvedValue(aStart({ send_limit: { status: SendLimitStatus.Reached, code: ErrorCode.MessageLimitReached, used: 10, limit: 10, scope: 'guest' } }));
    renderAt('/play/story/100/play');
    const prompt = await screen.findByRole('region', { name: 'Log in to keep playing' });
    expect(prompt.textContent).toContain('Guests can play 10 turns, and you have used them.');
    expect(prompt.textContent).toContain('with every turn kept');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
  });

  it('counts the message against the limit and says why Send is off past it', async () => {
    play.startPlay.mockResolvedValue(aStart());
    renderAt('/play/story/100/play');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: 'x'.repeat(500) } });
    expect(screen.getByText('500/500')).toBeTruthy();
    expect(send.disabled).toBe(false);
    expect(screen.queryByText(/Too long to send/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(503) } });
    expect(screen.getByText('503/500')).toBeTruthy();
    expect(send.disabled).toBe(true);
    const reason = screen.getByText('Too long to send: 3 over the 500-character limit. Shorten your message.');
    expect(send.getAttribute('aria-describedby')).toBe(reason.id);
    expect(box.getAttribute('aria-describedby')).toContain(reason.id);
  });

  it('speaks Simplified Chinese when that is the language, the server-side story text as written', async () => {
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    try {
      play.startPlay.mockResolvedValue(aStart({}, [aDialogue(1, { type: DialogueType.OpeningRemark, content: "Storm's coming." })]));
      renderAt('/play/story/100/play');
      const log = await screen.findByRole('log', { name: '故事对话' });
      expect(log.textContent).toContain("Storm's coming.");
      expect(screen.getByRole('textbox', { name: '你的消息' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '发送' })).toBeTruthy();
      expect(screen.getByRole('region', { name: '章节目标' }).textContent).toContain('第 1 章，共 3 章');
      expect(screen.getByText('内容由 AI 生成')).toBeTruthy();
    } finally {
      await act(async () => {
        await changeLanguage('en');
      });
    }
  });
});
