import { ApiError, DialogueType, ErrorCode, SendLimitStatus } from 'shared-kit';
import type { Dialogue } from '../../api/types';
import * as playService from '../../services/play.service';
import * as sessionService from '../../services/session.service';
import type { StreamEvent, StreamRequest } from '../../services/stream.service';
import { aDialogue, aPlayInfo, aStart } from '../../testing/fixtures';
import { selectCanSend, selectInputBlock } from './selectors';
import { resetPlayStore, setStreamTransport, usePlayStore } from './store';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
const play = jest.mocked(playService);
const session = jest.mocked(sessionService);

const input = (seq: number, content: string): Dialogue => aDialogue(seq, { type: DialogueType.Input, role: 'player', character_id: '', content });

/** A scripted stream: each connection plays the next script; a script without `done` is a dropped connection. */
function scriptedStream(scripts: StreamEvent[][]): { requests: StreamRequest[] } {
  const requests: StreamRequest[] = [];
  let call = 0;
  setStreamTransport(
    async (request, onEvent) => {
      requests.push(request);
      const script = scripts[call++] ?? [];
      for (const event of script) {
        onEvent(event);
        await Promise.resolve();
      }
    },
    [0, 0, 0],
  );
  return { requests };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 0));
  if (!check()) throw new Error('condition never met');
}

describe('play store', () => {
  beforeEach(() => {
    resetPlayStore();
    jest.resetAllMocks();
    play.startPlay.mockResolvedValue(aStart());
    play.playInfo.mockResolvedValue(aPlayInfo({ turns: 1, last_seq: 4 }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 4 });
  });

  it('opens a play as a guest when there is no session yet', async () => {
    play.startPlay.mockRejectedValueOnce(new ApiError(ErrorCode.NeedLogin));
    session.startGuestSession.mockResolvedValue();
    await usePlayStore.getState().open('100');
    expect(session.startGuestSession).toHaveBeenCalledTimes(1);
    expect(play.startPlay).toHaveBeenCalledTimes(2);
    expect(usePlayStore.getState()).toMatchObject({ status: 'ready', hasMoreBefore: false });
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
  });

  it('assembles the reply from deltas, blocks sending while it streams, then reads what the turn stored', async () => {
    const { requests } = scriptedStream([
      [
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Salt ' },
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 5, text: 'gets into ' },
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 15, text: 'everything.' },
        { type: 'dialogue', dialogue: aDialogue(4, { content: 'Salt gets into everything.', emotion: 'Serious' }) },
        { type: 'done' },
      ],
    ]);
    let release: (() => void) | null = null;
    play.dialogueList.mockImplementation(
      (_id, range) =>
        new Promise((resolve) => {
          const page = { play_id: '900', dialogues: range.seqSt === 3 ? [input(3, 'I clean the burner'), aDialogue(4, { content: 'Salt gets into everything.' })] : [], has_more_before: false, has_more_after: false, last_seq: 4 };
          if (range.seqSt === 3) release = () => resolve(page);
          else resolve(page);
        }),
    );
    play.sendMessage.mockResolvedValue({
      play_id: '900',
      group_id: 'g1',
      input_dialogue: input(3, 'I clean the burner'),
      reply_dialogue_ids: ['d4'],
      seq_st: 3,
      seq_ed: 4,
      send_limit: null,
      guest: false,
    });
    await usePlayStore.getState().open('100');
    const sent = usePlayStore.getState().send('I clean the burner');
    expect(usePlayStore.getState().sending).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    await sent;
    await until(() => usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content === 'Salt gets into everything.');
    await until(() => release !== null);
    // Still following: the turn's stored tail has not been read yet.
    expect(usePlayStore.getState().streaming).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    release!();
    await until(() => !usePlayStore.getState().streaming);
    // The send answered before the stream opened a tick later: the reply is asked for by its id.
    expect(requests).toEqual([{ dialogueId: 'd4', seqSt: 4, seqEd: undefined, offset: 0 }]);
    expect(play.sendMessage).toHaveBeenCalledWith({ play_id: '900', story_id: '100', version_id: '200', message: 'I clean the burner' });
    expect(usePlayStore.getState().dialogues.map((d) => d.content)).toEqual([
      "Storm's coming and the lamp has gone dark.",
      'Clean the brass burner and fit a new wick.',
      'I clean the burner',
      'Salt gets into everything.',
    ]);
    expect(usePlayStore.getState().draft).toBe('');
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
  });

  it('resumes a dropped stream from the last sequence number and character shown, without repeating text', async () => {
    const { requests } = scriptedStream([
      [{ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hands steady.' }],
      [
        // The server may resend from the offset asked for; an overlapping piece must not duplicate text.
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 13, text: ' Breathe.' },
        { type: 'dialogue', dialogue: aDialogue(4, { content: 'Hands steady. Breathe.' }) },
        { type: 'done' },
      ],
    ]);
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g1', input_dialogue: input(3, 'Help me'), reply_dialogue_ids: ['d4'], seq_st: 3, seq_ed: 4, send_limit: null, guest: false });
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('Help me');
    await until(() => !usePlayStore.getState().streaming);
    expect(requests.map((r) => [r.dialogueId ?? r.playId, r.seqSt, r.offset])).toEqual([
      ['d4', 4, 0],
      ['d4', 4, 13],
    ]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hands steady. Breathe.');
  });

  it('shows the first words even when they come before the send has answered', async () => {
    let answer: ((value: Awaited<ReturnType<typeof playService.sendMessage>>) => void) | null = null;
    play.sendMessage.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    let push: ((event: StreamEvent) => void) | null = null;
    const requests: StreamRequest[] = [];
    setStreamTransport(
      (request, onEvent) =>
        new Promise<void>((resolve) => {
          requests.push(request);
          push = (event) => {
            onEvent(event);
            if (event.type === 'done') resolve();
          };
        }),
      [0],
    );
    await usePlayStore.getState().open('100');
    void usePlayStore.getState().send('Help me');
    await until(() => push !== null);
    push!({ type: 'dialogue', dialogue: input(3, 'Help me') });
    push!({ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hold ' });
    push!({ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 5, text: 'on.' });
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ dialogue_id: 'd4', content: 'Hold on.', done: false });
    // The answer's empty stand-in does not wipe the words already shown.
    answer!({ play_id: '900', group_id: 'g1', input_dialogue: input(3, 'Help me'), reply_dialogue_ids: ['d4'], seq_st: 3, seq_ed: 4, send_limit: null, guest: false });
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hold on.');
    push!({ type: 'dialogue', dialogue: aDialogue(4, { content: 'Hold on. Breathe.' }) });
    push!({ type: 'done' });
    await until(() => !usePlayStore.getState().streaming);
    expect(requests).toHaveLength(1);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hold on. Breathe.');
  });

  it('a refused send closes the stream it opened, or opens none when refused at once', async () => {
    const requests: StreamRequest[] = [];
    let signal: AbortSignal | null = null;
    setStreamTransport((request, _onEvent, s) => {
      requests.push(request);
      signal = s;
      return new Promise<void>((resolve) => s.addEventListener('abort', () => resolve()));
    }, [0]);
    await usePlayStore.getState().open('100');

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await usePlayStore.getState().send('refused at once')).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    expect(requests).toEqual([]);

    let refuse: ((error: Error) => void) | null = null;
    play.sendMessage.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    const sent = usePlayStore.getState().send('something refused');
    await until(() => signal !== null);
    expect(requests).toEqual([{ playId: '900', seqSt: 3, seqEd: undefined, offset: 0 }]);
    refuse!(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await sent).toBe(false);
    expect(signal!.aborted).toBe(true);
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sending: false, draft: 'something refused' });
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
  });

  it('picks up a reply still being written when the play is opened again', async () => {
    const { requests } = scriptedStream([[{ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 6, text: ' more' }, { type: 'done' }]]);
    play.startPlay.mockResolvedValue(aStart({ replying: true }, [aDialogue(1), input(3, 'Hi'), aDialogue(4, { content: 'Partly', done: false })]));
    await usePlayStore.getState().open('100');
    await until(() => !usePlayStore.getState().streaming && requests.length === 1);
    expect(requests[0]).toMatchObject({ dialogueId: 'd4', seqSt: 4, offset: 6 });
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Partly more');
  });

  it('rewinds from a message: backtracks to the dialogue before it, trims the list and returns the words to the input', async () => {
    play.startPlay.mockResolvedValue(aStart({}, [aDialogue(1), aDialogue(2), input(3, 'Light the lamp'), aDialogue(4), input(5, 'Now the radio'), aDialogue(6)]));
    play.backtrack.mockResolvedValue({ play_info: aPlayInfo({ last_seq: 4, turns: 1 }), removed_after_seq: 4 });
    await usePlayStore.getState().open('100');
    expect(await usePlayStore.getState().rewind('d5')).toBe(true);
    expect(play.backtrack).toHaveBeenCalledWith('900', 'd4');
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2, 3, 4]);
    expect(usePlayStore.getState().draft).toBe('Now the radio');
    expect(usePlayStore.getState().busy).toBeNull();
  });

  it('follows the send-limit statuses: a warning at 90 percent, then a block that names the daily reset', async () => {
    scriptedStream([[{ type: 'done' }], [{ type: 'done' }]]);
    play.sendMessage.mockResolvedValueOnce({
      play_id: '900',
      group_id: 'g1',
      input_dialogue: input(3, 'one'),
      reply_dialogue_ids: ['d4'],
      seq_st: 3,
      seq_ed: 4,
      send_limit: { status: SendLimitStatus.Reach90Percent, code: ErrorCode.MessageLimit90Percent, used: 18, limit: 20, scope: 'daily' },
      guest: false,
    });
    play.sendMessage.mockRejectedValueOnce(
      new ApiError(ErrorCode.MessageLimitReached, 'Limit reached today, try tomorrow', {
        send_limit: { status: SendLimitStatus.Reached, code: ErrorCode.MessageLimitReached, used: 20, limit: 20, scope: 'daily' },
        need_login: false,
      }),
    );
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('one');
    expect(usePlayStore.getState().sendLimit?.status).toBe(SendLimitStatus.Reach90Percent);
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

  it('retries a failed reply with is_loop and restarts into a new play', async () => {
    scriptedStream([[{ type: 'dialogue', dialogue: aDialogue(5, { content: 'Better now.' }) }, { type: 'done' }]]);
    play.startPlay.mockResolvedValue(aStart({}, [aDialogue(1), input(3, 'Hi'), aDialogue(4, { content: '', status: 'Fail', error_code: 5000001 })]));
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g1', input_dialogue: null, reply_dialogue_ids: ['d5'], seq_st: 5, seq_ed: 5, send_limit: null, guest: false });
    play.restartPlay.mockResolvedValue(aStart({ play_id: '901' }));
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().retry('d4');
    expect(play.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ is_loop: true, dialogue_id: 'd4', message: '' }));
    await until(() => !usePlayStore.getState().streaming);
    expect(await usePlayStore.getState().restart()).toBe(true);
    expect(play.restartPlay).toHaveBeenCalledWith('900');
    expect(usePlayStore.getState().info?.play_id).toBe('901');
    expect(usePlayStore.getState().dialogues).toHaveLength(2);
  });
});
