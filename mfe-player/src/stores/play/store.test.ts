import { ApiError, DialogueStatus, DialogueType, ErrorCode, SendLimitStatus } from 'shared-kit';
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

interface FakeCall {
  request: StreamRequest;
  signal: AbortSignal;
  /** Ended by the server, failed, or closed by the store. */
  closed: boolean;
  /** Sends events on this connection (nothing once the store closed it). */
  push: (...events: StreamEvent[]) => void;
  /** The server ends the response. */
  end: () => void;
  /** The connection fails or drops. */
  fail: (error: unknown) => void;
}

/**
 * A fake `stream_reply`. A standby call stays open until the test pushes on it, ends or fails it, or the store
 * closes it (`failStandby` makes every standby call fail at once instead). Any other call plays the next script and
 * ends; a script without `done` is a dropped connection.
 */
function fakeStream(scripts: StreamEvent[][] = [], options: { failStandby?: unknown; standbyRetryMs?: number } = {}) {
  const calls: FakeCall[] = [];
  let script = 0;
  setStreamTransport(
    (request, onEvent, signal) =>
      new Promise<void>((resolve, reject) => {
        const call: FakeCall = {
          request,
          signal,
          closed: false,
          push: (...events) => {
            for (const event of events) if (!call.closed) onEvent(event);
          },
          end: () => {
            call.closed = true;
            resolve();
          },
          fail: (error) => {
            call.closed = true;
            reject(error);
          },
        };
        calls.push(call);
        signal.addEventListener('abort', () => call.end());
        if (request.standby) {
          if (options.failStandby !== undefined) call.fail(options.failStandby);
          return;
        }
        void (async () => {
          for (const event of scripts[script++] ?? []) {
            onEvent(event);
            await Promise.resolve();
          }
          call.end();
        })();
      }),
    [0, 0, 0],
    options.standbyRetryMs,
  );
  return {
    calls,
    standbys: () => calls.filter((c) => c.request.standby),
    others: () => calls.filter((c) => !c.request.standby),
    /** The standby open now: the newest standby call the store has not closed. */
    standby: (): FakeCall => {
      const open = calls.filter((c) => c.request.standby && !c.closed);
      if (open.length !== 1) throw new Error(`${open.length} standby streams open`);
      return open[0]!;
    },
  };
}

const standbyAt = (seqSt: number) => ({ playId: '900', seqSt, offset: 0, standby: true });

const sendAnswer = (over: Partial<Awaited<ReturnType<typeof playService.sendMessage>>> = {}) => ({
  play_id: '900',
  group_id: 'g1',
  input_dialogue: input(3, 'Help me'),
  reply_dialogue_ids: ['d4'],
  seq_st: 3,
  seq_ed: 4,
  send_limit: null,
  guest: false,
  ...over,
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 0));
  if (!check()) throw new Error('condition never met');
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('play store', () => {
  let stream: ReturnType<typeof fakeStream>;

  beforeEach(() => {
    resetPlayStore();
    jest.resetAllMocks();
    stream = fakeStream();
    play.startPlay.mockResolvedValue(aStart());
    play.playInfo.mockResolvedValue(aPlayInfo({ turns: 1, last_seq: 4 }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 4 });
  });

  afterEach(() => resetPlayStore());

  /**
   * Opens the play and sends "Help me" with the send's answer held back until `answer()` (or `refuse(error)`);
   * `standby` is the stream.
   */
  async function sendWithAnswerHeld() {
    let release: ((value: Awaited<ReturnType<typeof playService.sendMessage>>) => void) | null = null;
    let reject: ((error: Error) => void) | null = null;
    play.sendMessage.mockImplementation(() => new Promise((resolve, fail) => ((release = resolve), (reject = fail))));
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    void usePlayStore.getState().send('Help me');
    return { standby, answer: () => release!(sendAnswer()), refuse: (error: Error) => reject!(error) };
  }

  it('opens a play as a guest when there is no session yet', async () => {
    play.startPlay.mockRejectedValueOnce(new ApiError(ErrorCode.NeedLogin));
    session.startGuestSession.mockResolvedValue();
    await usePlayStore.getState().open('100');
    expect(session.startGuestSession).toHaveBeenCalledTimes(1);
    expect(play.startPlay).toHaveBeenCalledTimes(2);
    expect(usePlayStore.getState()).toMatchObject({ status: 'ready', hasMoreBefore: false });
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
  });

  it('keeps one standby stream open for the next turn once the play is loaded', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 7 }, [aDialogue(1), aDialogue(2)]));
    await usePlayStore.getState().open('100');
    // The next turn starts after the play's last sequence number, even past the dialogues loaded.
    expect(stream.calls.map((c) => c.request)).toEqual([standbyAt(8)]);
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    await settle();
    expect(stream.calls).toHaveLength(1);
  });

  it('streams the reply on the standby: no second request, sending blocked while it streams, then reads what the turn stored', async () => {
    let release: (() => void) | null = null;
    play.dialogueList.mockImplementation(
      (_id, range) =>
        new Promise((resolve) => {
          const page = { play_id: '900', dialogues: range.seqSt === 3 ? [input(3, 'I clean the burner'), aDialogue(4, { content: 'Salt gets into everything.' })] : [], has_more_before: false, has_more_after: false, last_seq: 4 };
          if (range.seqSt === 3) release = () => resolve(page);
          else resolve(page);
        }),
    );
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: input(3, 'I clean the burner') }));
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    const sent = usePlayStore.getState().send('I clean the burner');
    expect(usePlayStore.getState().sending).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    await sent;
    await settle();
    // The send's answer named the reply, and still no other stream was opened: the standby carries the turn.
    expect(stream.calls).toHaveLength(1);
    expect(standby.signal.aborted).toBe(false);
    standby.push(
      { type: 'dialogue', dialogue: input(3, 'I clean the burner') },
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Salt ' },
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 5, text: 'gets into ' },
    );
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Salt gets into ');
    standby.push(
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 15, text: 'everything.' },
      { type: 'dialogue', dialogue: aDialogue(4, { content: 'Salt gets into everything.', emotion: 'Serious' }) },
      { type: 'done' },
    );
    standby.end();
    await until(() => release !== null);
    // Still following: the turn's stored tail has not been read yet.
    expect(usePlayStore.getState().streaming).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    release!();
    await until(() => !usePlayStore.getState().streaming);
    expect(play.sendMessage).toHaveBeenCalledWith({ play_id: '900', story_id: '100', version_id: '200', message: 'I clean the burner' });
    expect(usePlayStore.getState().dialogues.map((d) => d.content)).toEqual([
      "Storm's coming and the lamp has gone dark.",
      'Clean the brass burner and fit a new wick.',
      'I clean the burner',
      'Salt gets into everything.',
    ]);
    expect(usePlayStore.getState().draft).toBe('');
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    // The turn is over: a new standby waits for the next one.
    expect(stream.calls.map((c) => c.request)).toEqual([standbyAt(3), standbyAt(5)]);
    expect(stream.standby().request).toEqual(standbyAt(5));
  });

  it('shows the first words on the standby even when they come before the send has answered', async () => {
    const { standby, answer } = await sendWithAnswerHeld();
    standby.push(
      { type: 'dialogue', dialogue: input(3, 'Help me') },
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hold ' },
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 5, text: 'on.' },
    );
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ dialogue_id: 'd4', content: 'Hold on.', done: false });
    expect(usePlayStore.getState().sending).toBe(true);
    // The answer's empty stand-in does not wipe the words already shown.
    answer();
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().streaming).toBe(true);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hold on.');
    standby.push({ type: 'dialogue', dialogue: aDialogue(4, { content: 'Hold on. Breathe.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(stream.others()).toEqual([]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hold on. Breathe.');
  });

  it('ends the turn when the standby finished it before the send answered, without unfinishing the reply', async () => {
    const { standby, answer } = await sendWithAnswerHeld();
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Quick.' }) }, { type: 'done' });
    standby.end();
    await settle();
    expect(stream.standbys()).toHaveLength(1);
    answer();
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ content: 'Quick.', done: true });
    expect(stream.standby().request).toEqual(standbyAt(5));
  });

  it('takes off the screen the words of a turn the server did not keep, at its done and when the send is refused', async () => {
    const { standby, refuse } = await sendWithAnswerHeld();
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'The lamp ' });
    expect(usePlayStore.getState().dialogues.map((d) => d.content)).toContain('The lamp ');
    // The turn stopped and nothing of it was stored: the play still ends at 2.
    standby.push({ type: 'done', play_info: aPlayInfo({ last_seq: 2 }) });
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
    standby.end();
    refuse(new ApiError(ErrorCode.ConcurrentOperation, 'A reply is still being written'));
    await until(() => !usePlayStore.getState().sending && !usePlayStore.getState().streaming);
    const shown = usePlayStore.getState().dialogues;
    expect(shown.map((d) => d.seq)).toEqual([1, 2]);
    expect(shown.some((d) => d.content.includes('The lamp '))).toBe(false);
    expect(usePlayStore.getState().draft).toBe('Help me');
    expect(stream.standby().request).toEqual(standbyAt(3));
  });

  it('a send that fails after its stream showed words takes them back, and the standby shows the turn again if it did begin', async () => {
    const { standby, refuse } = await sendWithAnswerHeld();
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hold ' });
    refuse(new ApiError(ErrorCode.BackendNetworkError, 'Network error'));
    await until(() => !usePlayStore.getState().sending);
    expect(standby.signal.aborted).toBe(true);
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
    // The turn went through after all: the new standby, waiting from the same number, shows it as stored.
    const again = stream.standby();
    expect(again.request).toEqual(standbyAt(3));
    again.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Hold on.' }) }, { type: 'done', play_info: aPlayInfo({ last_seq: 4 }) });
    again.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.slice(2).map((d) => [d.seq, d.content])).toEqual([
      [3, 'Help me'],
      [4, 'Hold on.'],
    ]);
  });

  it('shows nothing of a reply stopped by moderation, and the stored text of a reply cut short', async () => {
    play.sendMessage.mockResolvedValue(sendAnswer());
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    await usePlayStore.getState().send('Help me');
    standby.push(
      { type: 'dialogue', dialogue: input(3, 'Help me') },
      { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'She draws a ' },
      { type: 'dialogue', dialogue: aDialogue(4, { content: '', status: DialogueStatus.SecurityFail, error_code: ErrorCode.SecurityFail }) },
      { type: 'error', dialogue_id: 'd4', status_code: ErrorCode.SecurityFail, status_message: 'listed word' },
      { type: 'done', play_info: aPlayInfo({ last_seq: 4 }) },
    );
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ content: '', status: DialogueStatus.SecurityFail });

    // The next reply's stream drops with words shown; the stored record, read when the turn is over, is shorter.
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: input(5, 'Again'), reply_dialogue_ids: ['d6'], seq_st: 5, seq_ed: 6 }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [input(5, 'Again'), aDialogue(6, { content: 'Wait.' })], has_more_before: true, has_more_after: false, last_seq: 6 });
    const next = stream.standby();
    await usePlayStore.getState().send('Again');
    next.push({ type: 'delta', dialogue_id: 'd6', seq: 6, offset: 0, text: 'Wait, the storm is' });
    next.fail(new TypeError('network error'));
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 6)).toMatchObject({ content: 'Wait.', done: true });
  });

  it('resumes a dropped standby by the reply id from the last sequence number and character shown, without repeating text', async () => {
    stream = fakeStream([
      [
        // The server may resend from the offset asked for; an overlapping piece must not duplicate text.
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 13, text: ' Breathe.' },
        { type: 'dialogue', dialogue: aDialogue(4, { content: 'Hands steady. Breathe.' }) },
        { type: 'done' },
      ],
    ]);
    play.sendMessage.mockResolvedValue(sendAnswer());
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    await usePlayStore.getState().send('Help me');
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hands steady.' });
    standby.fail(new TypeError('network error'));
    await until(() => !usePlayStore.getState().streaming);
    expect(stream.others().map((c) => c.request)).toEqual([{ dialogueId: 'd4', seqSt: 4, seqEd: undefined, offset: 13 }]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hands steady. Breathe.');
    expect(usePlayStore.getState().sendError).toBeNull();
  });

  it('asks for the turn again at once when the standby a send took ends idle before the turn came on it', async () => {
    stream = fakeStream([[{ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Late.' }) }, { type: 'done' }]]);
    const { standby, answer } = await sendWithAnswerHeld();
    standby.push({ type: 'idle' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(stream.others().map((c) => c.request)).toEqual([{ playId: '900', seqSt: 3, seqEd: undefined, offset: 0 }]);
    expect(usePlayStore.getState()).toMatchObject({ reconnecting: false, sendError: null });
    answer();
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ content: 'Late.', done: true });
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(stream.standby().request).toEqual(standbyAt(5));
  });

  it('opens a new standby at once when one ends idle', async () => {
    await usePlayStore.getState().open('100');
    const first = stream.standby();
    first.push({ type: 'idle' });
    first.end();
    await until(() => stream.standbys().length === 2);
    expect(stream.standby().request).toEqual(standbyAt(3));
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sendError: null, actionError: null });
  });

  it('a rewind closes the standby before it backtracks and opens one for the new next turn', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 6 }, [aDialogue(1), aDialogue(2), input(3, 'Light the lamp'), aDialogue(4), input(5, 'Now the radio'), aDialogue(6)]));
    let answer: (() => void) | null = null;
    play.backtrack.mockImplementation(() => new Promise((resolve) => (answer = () => resolve({ play_info: aPlayInfo({ last_seq: 4, turns: 1 }), removed_after_seq: 4 }))));
    await usePlayStore.getState().open('100');
    const before = stream.standby();
    expect(before.request).toEqual(standbyAt(7));
    const rewound = usePlayStore.getState().rewind('d5');
    expect(before.signal.aborted).toBe(true);
    answer!();
    expect(await rewound).toBe(true);
    expect(play.backtrack).toHaveBeenCalledWith('900', 'd4');
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2, 3, 4]);
    expect(usePlayStore.getState().draft).toBe('Now the radio');
    expect(usePlayStore.getState().busy).toBeNull();
    expect(stream.standby().request).toEqual(standbyAt(5));
    expect(stream.calls).toHaveLength(2);
  });

  it('a refused send hands the standby back still open, or moves it past a refused message that took a number', async () => {
    await usePlayStore.getState().open('100');
    const standby = stream.standby();

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.InputLimit, 'message: at most 300 characters', { max_chars: 300 }));
    expect(await usePlayStore.getState().send('too long')).toBe(false);
    await settle();
    // The same connection waits on: nothing was closed or opened.
    expect(stream.calls).toHaveLength(1);
    expect(standby.signal.aborted).toBe(false);
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sending: false, draft: 'too long' });
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    // ...and still carries the next send's turn.
    play.sendMessage.mockResolvedValueOnce(sendAnswer());
    await usePlayStore.getState().send('Help me');
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Fine.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(stream.others()).toEqual([]);
    expect(stream.standby().request).toEqual(standbyAt(5));

    // Moderation keeps the refused message at the next number: the standby moves past it.
    play.playInfo.mockResolvedValue(aPlayInfo({ last_seq: 4 }));
    const waiting = stream.standby();
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry', { dialogue_id: 'd5', seq: 5 }));
    expect(await usePlayStore.getState().send('bad words')).toBe(false);
    expect(waiting.signal.aborted).toBe(true);
    expect(stream.standby().request).toEqual(standbyAt(6));
    expect(usePlayStore.getState()).toMatchObject({ draft: 'bad words', streaming: false });
    expect(usePlayStore.getState().refusedNotice).toMatch(/content rules/);
  });

  it('a refused send after the standby dropped closes the stream it opened, or opens none when refused at once, then waits on a standby again', async () => {
    stream = fakeStream([], { failStandby: new TypeError('network error') });
    await usePlayStore.getState().open('100');
    // Opened, then again after each back-off step; then it waits (STANDBY_RETRY_MS) with nothing open.
    await until(() => stream.standbys().length === 4);
    await settle();
    expect(stream.standbys()).toHaveLength(4);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null, reconnecting: false, streaming: false });

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await usePlayStore.getState().send('refused at once')).toBe(false);
    await settle();
    expect(stream.others()).toEqual([]);

    let refuse: ((error: Error) => void) | null = null;
    play.sendMessage.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    const sent = usePlayStore.getState().send('something refused');
    await until(() => stream.others().length === 1);
    expect(stream.others()[0]!.request).toEqual({ playId: '900', seqSt: 3, seqEd: undefined, offset: 0 });
    const before = stream.standbys().length;
    refuse!(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await sent).toBe(false);
    expect(stream.others()[0]!.signal.aborted).toBe(true);
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sending: false, draft: 'something refused' });
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    // A standby is tried again after the refusal.
    expect(stream.standbys().length).toBeGreaterThan(before);
    expect(stream.standbys().at(-1)!.request).toEqual(standbyAt(3));
  });

  it('a failing standby is silent, and a send then opens the reply stream a tick after it goes out', async () => {
    stream = fakeStream([[{ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Here.' }) }, { type: 'done' }]], {
      failStandby: new ApiError(ErrorCode.BackendNetworkError, 'Stream refused (HTTP 502)'),
    });
    play.sendMessage.mockResolvedValue(sendAnswer());
    await usePlayStore.getState().open('100');
    await until(() => stream.standbys().length === 4);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null, reconnecting: false });
    expect(await usePlayStore.getState().send('Help me')).toBe(true);
    await until(() => !usePlayStore.getState().streaming);
    // The send answered before the stream opened a tick later: the reply is asked for by its id.
    expect(stream.others().map((c) => c.request)).toEqual([{ dialogueId: 'd4', seqSt: 4, seqEd: undefined, offset: 0 }]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Here.');
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null });
  });

  it('a standby refused by the api is not asked again until the play moves on', async () => {
    stream = fakeStream([], { failStandby: new ApiError(ErrorCode.RecordNotFound, 'No such play') });
    await usePlayStore.getState().open('100');
    await settle();
    await settle();
    expect(stream.standbys()).toHaveLength(1);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null });
  });

  it('shows a turn begun elsewhere live, blocking the input while it runs, then waits for the next one', async () => {
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    play.dialogueList.mockResolvedValueOnce({ play_id: '900', dialogues: [aDialogue(4, { content: '', done: false, character_id: 'ezra', character_name: 'Ezra Quill' })], has_more_before: false, has_more_after: false, last_seq: 4 });
    standby.push({ type: 'dialogue', dialogue: input(3, 'From my phone') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Static ' });
    expect(usePlayStore.getState().streaming).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    expect(await usePlayStore.getState().send('not now')).toBe(false);
    standby.push({ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 7, text: 'again.' });
    expect(usePlayStore.getState().dialogues.slice(2).map((d) => [d.seq, d.content, d.done])).toEqual([
      [3, 'From my phone', true],
      [4, 'Static again.', false],
    ]);
    // Its speaker is read, as no send's answer will name it.
    await until(() => usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.character_name === 'Ezra Quill');
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Static again.');
    standby.push({ type: 'dialogue', dialogue: aDialogue(4, { content: 'Static again.', character_id: 'ezra' }) }, { type: 'done', play_info: aPlayInfo({ last_seq: 4, turns: 1 }) });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(play.sendMessage).not.toHaveBeenCalled();
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    expect(stream.others()).toEqual([]);
    expect(stream.standby().request).toEqual(standbyAt(5));
  });

  it('leaving the screen closes the standby and the turn stream, and nothing opens after', async () => {
    const { standby, answer } = await sendWithAnswerHeld();
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') });
    usePlayStore.getState().leave();
    expect(standby.signal.aborted).toBe(true);
    answer();
    await settle();
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(stream.calls).toHaveLength(1);

    // Left while idle, and while a restart was under way.
    await usePlayStore.getState().open('100');
    const second = stream.standby();
    let restarted: (() => void) | null = null;
    play.restartPlay.mockImplementation(() => new Promise((resolve) => (restarted = () => resolve(aStart({ play_id: '901' })))));
    const restarting = usePlayStore.getState().restart();
    expect(second.signal.aborted).toBe(true);
    usePlayStore.getState().leave();
    restarted!();
    await restarting;
    await settle();
    expect(stream.calls).toHaveLength(2);
  });

  it('closes the standby when the play reaches an ending', async () => {
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: input(3, 'The Marigold is safe') }));
    play.playInfo.mockResolvedValue(aPlayInfo({ last_seq: 5, status: 'Ending', ending: { type: 'HappyEnding', content: 'Safe.' } }));
    play.endingInfo.mockRejectedValue(new Error('no details'));
    await usePlayStore.getState().open('100');
    const standby = stream.standby();
    await usePlayStore.getState().send('The Marigold is safe');
    standby.push({ type: 'dialogue', dialogue: aDialogue(4, { content: 'Safe.' }) }, { type: 'dialogue', dialogue: aDialogue(5, { type: DialogueType.HappyEnding, content: 'Safe.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    await settle();
    expect(stream.calls).toHaveLength(1);
    expect(stream.calls.every((c) => c.signal.aborted || c === standby)).toBe(true);
  });

  it('picks up a reply still being written when the play is opened again, then opens the standby', async () => {
    stream = fakeStream([[{ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 6, text: ' more' }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Partly more' }) }, { type: 'done' }]]);
    play.startPlay.mockResolvedValue(aStart({ replying: true, last_seq: 4 }, [aDialogue(1), input(3, 'Hi'), aDialogue(4, { content: 'Partly', done: false })]));
    await usePlayStore.getState().open('100');
    await until(() => !usePlayStore.getState().streaming && stream.others().length === 1);
    expect(stream.calls[0]!.request).toMatchObject({ dialogueId: 'd4', seqSt: 4, offset: 6 });
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Partly more');
    expect(stream.standby().request).toEqual(standbyAt(5));
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
    const standby = stream.standby();
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
    const standby = stream.standby();
    await usePlayStore.getState().retry('d4');
    expect(play.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ is_loop: true, dialogue_id: 'd4', message: '' }));
    standby.push({ type: 'dialogue', dialogue: aDialogue(5, { content: 'Better now.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 5)?.content).toBe('Better now.');
    const afterTurn = stream.standby();
    expect(await usePlayStore.getState().restart()).toBe(true);
    expect(afterTurn.signal.aborted).toBe(true);
    expect(play.restartPlay).toHaveBeenCalledWith('900');
    expect(usePlayStore.getState().info?.play_id).toBe('901');
    expect(usePlayStore.getState().dialogues).toHaveLength(2);
    expect(stream.standby().request).toEqual({ ...standbyAt(3), playId: '901' });
    expect(stream.others()).toEqual([]);
  });
});
