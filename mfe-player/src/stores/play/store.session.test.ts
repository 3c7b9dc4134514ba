import { ApiError, ErrorCode, SendLimitStatus } from 'shared-kit';
import * as playService from '../../services/play.service';
import * as sessionService from '../../services/session.service';
import { aDialogue, aStart } from '../../testing/fixtures';
import { selectInputBlock } from './selectors';
import { usePlayStore } from './store';
import { input, sendAnswer, standbyAt, until, setUpPlayStore } from './storeHarness';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
const play = jest.mocked(playService);
const session = jest.mocked(sessionService);

describe('play store: guests, send limits, retries and restarts', () => {
  const h = setUpPlayStore();

  it('opens a play as a guest when there is no session yet', async () => {
    play.startPlay.mockRejectedValueOnce(new ApiError(ErrorCode.NeedLogin));
    session.startGuestSession.mockResolvedValue();
    await usePlayStore.getState().open('100');
    expect(session.startGuestSession).toHaveBeenCalledTimes(1);
    expect(play.startPlay).toHaveBeenCalledTimes(2);
    expect(usePlayStore.getState()).toMatchObject({ status: 'ready', hasMoreBefore: false });
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
  });

  it('follows the send-limit statuses: a warning at 90 percent, then a block that names the daily reset', async () => {
    play.sendMessage.mockResolvedValueOnce(
      sendAnswer({
        input_dialogue: input(3, 'one'),
        send_limit: { status: SendLimitStatus.Reach90Percent, code: ErrorCode.MessageLimit90Percent, used: 18, limit: 20, scope: 'daily' },
      }),
    );
    play.sendMessage.mockRejectedValueOnce(
      new ApiError(ErrorCode.MessageLimitReached, 'Limit reached today, try tomorrow', {
        send_limit: { status: SendLimitStatus.Reached, code: ErrorCode.MessageLimitReached, used: 20, limit: 20, scope: 'daily' },
        need_login: false,
      }),
    );
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();
    await usePlayStore.getState().send('one');
    expect(usePlayStore.getState().sendLimit?.status).toBe(SendLimitStatus.Reach90Percent);
    standby.push({ type: 'dialogue', dialogue: aDialogue(4) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(await usePlayStore.getState().send('two')).toBe(false);
    expect(usePlayStore.getState().sendLimit?.status).toBe(SendLimitStatus.Reached);
    expect(selectInputBlock(usePlayStore.getState())).toBe('limit');
    // The refused words stay in the input.
    expect(usePlayStore.getState().draft).toBe('two');
    expect(await usePlayStore.getState().send('three')).toBe(false);
    expect(play.sendMessage).toHaveBeenCalledTimes(2);
  });

  it('asks a guest to log in once the free turns are used', async () => {
    play.sendMessage.mockRejectedValue(
      new ApiError(ErrorCode.MessageLimitReached, 'Sign in to keep chatting', {
        send_limit: { status: SendLimitStatus.Reached, code: ErrorCode.MessageLimitReached, used: 5, limit: 5, scope: 'guest' },
        need_login: true,
      }),
    );
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('hello');
    expect(usePlayStore.getState().loginRequired).toBe(true);
    expect(selectInputBlock(usePlayStore.getState())).toBe('login');
  });

  it('keeps a refused message for editing and takes the configured input limit from a 1012 answer', async () => {
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.InputLimit, 'message: at most 300 characters', { max_chars: 300 }));
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('bad words');
    expect(usePlayStore.getState().refusedNotice).toMatch(/content rules/);
    expect(usePlayStore.getState().draft).toBe('bad words');
    await usePlayStore.getState().send('x'.repeat(400));
    expect(usePlayStore.getState().inputMax).toBe(300);
    expect(await usePlayStore.getState().send('y'.repeat(301))).toBe(false);
    expect(play.sendMessage).toHaveBeenCalledTimes(2);
  });

  it('retries a failed reply with is_loop and restarts into a new play, with the standby following the play', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 4 }, [aDialogue(1), input(3, 'Hi'), aDialogue(4, { content: '', status: 'Fail', error_code: 5000001 })]));
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: null, reply_dialogue_ids: ['d5'], seq_st: 5, seq_ed: 5 }));
    play.restartPlay.mockResolvedValue(aStart({ play_id: '901' }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [aDialogue(5, { content: 'Better now.' })], has_more_before: true, has_more_after: false, last_seq: 5 });
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();
    await usePlayStore.getState().retry('d4');
    expect(play.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ is_loop: true, dialogue_id: 'd4', message: '' }));
    standby.push({ type: 'dialogue', dialogue: aDialogue(5, { content: 'Better now.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 5)?.content).toBe('Better now.');
    const afterTurn = h.stream.standby();
    expect(await usePlayStore.getState().restart()).toBe(true);
    expect(afterTurn.signal.aborted).toBe(true);
    expect(play.restartPlay).toHaveBeenCalledWith('900');
    expect(usePlayStore.getState().info?.play_id).toBe('901');
    expect(usePlayStore.getState().dialogues).toHaveLength(2);
    expect(h.stream.standby().request).toEqual({ ...standbyAt(3), playId: '901' });
    expect(h.stream.others()).toEqual([]);
  });
});
