import { ApiError, DialogueType, ErrorCode } from 'shared-kit';
import * as playService from '../../services/play.service';
import { aDialogue, aPlayInfo, aStart } from '../../testing/fixtures';
import { selectCanSend } from './selectors';
import { usePlayStore } from './store';
import { fakeStream, input, sendAnswer, sendWithAnswerHeld, settle, standbyAt, until, setUpPlayStore } from './storeHarness';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
const play = jest.mocked(playService);

describe('play store: the standby through rewinds, refusals, failures and leaving', () => {
  const h = setUpPlayStore();

  it('a rewind closes the standby before it backtracks and opens one for the new next turn', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 6 }, [aDialogue(1), aDialogue(2), input(3, 'Light the lamp'), aDialogue(4), input(5, 'Now the radio'), aDialogue(6)]));
    let answer: (() => void) | null = null;
    play.backtrack.mockImplementation(() => new Promise((resolve) => (answer = () => resolve({ play_info: aPlayInfo({ last_seq: 4, turns: 1 }), removed_after_seq: 4 }))));
    await usePlayStore.getState().open('100');
    const before = h.stream.standby();
    expect(before.request).toEqual(standbyAt(7));
    const rewound = usePlayStore.getState().rewind('d5');
    expect(before.signal.aborted).toBe(true);
    answer!();
    expect(await rewound).toBe(true);
    expect(play.backtrack).toHaveBeenCalledWith('900', 'd4');
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2, 3, 4]);
    expect(usePlayStore.getState().draft).toBe('Now the radio');
    expect(usePlayStore.getState().busy).toBeNull();
    expect(h.stream.standby().request).toEqual(standbyAt(5));
    expect(h.stream.calls).toHaveLength(2);
  });

  it('a refused send hands the standby back still open, or moves it past a refused message that took a number', async () => {
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.InputLimit, 'message: at most 300 characters', { max_chars: 300 }));
    expect(await usePlayStore.getState().send('too long')).toBe(false);
    await settle();
    // The same connection waits on: nothing was closed or opened.
    expect(h.stream.calls).toHaveLength(1);
    expect(standby.signal.aborted).toBe(false);
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sending: false, draft: 'too long' });
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    // ...and still carries the next send's turn.
    play.sendMessage.mockResolvedValueOnce(sendAnswer());
    await usePlayStore.getState().send('Help me');
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Fine.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(h.stream.others()).toEqual([]);
    expect(h.stream.standby().request).toEqual(standbyAt(5));

    // Moderation keeps the refused message at the next number: the standby moves past it.
    play.playInfo.mockResolvedValue(aPlayInfo({ last_seq: 4 }));
    const waiting = h.stream.standby();
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry', { dialogue_id: 'd5', seq: 5 }));
    expect(await usePlayStore.getState().send('bad words')).toBe(false);
    expect(waiting.signal.aborted).toBe(true);
    expect(h.stream.standby().request).toEqual(standbyAt(6));
    expect(usePlayStore.getState()).toMatchObject({ draft: 'bad words', streaming: false });
    expect(usePlayStore.getState().refusedNotice).toMatch(/content rules/);
  });

  it('a refused send after the standby dropped closes the stream it opened, or opens none when refused at once, then waits on a standby again', async () => {
    h.stream = fakeStream([], { failStandby: new TypeError('network error') });
    await usePlayStore.getState().open('100');
    // Opened, then again after each back-off step; then it waits (STANDBY_RETRY_MS) with nothing open.
    await until(() => h.stream.standbys().length === 4);
    await settle();
    expect(h.stream.standbys()).toHaveLength(4);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null, reconnecting: false, streaming: false });

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await usePlayStore.getState().send('refused at once')).toBe(false);
    await settle();
    expect(h.stream.others()).toEqual([]);

    let refuse: ((error: Error) => void) | null = null;
    play.sendMessage.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    const sent = usePlayStore.getState().send('something refused');
    await until(() => h.stream.others().length === 1);
    expect(h.stream.others()[0]!.request).toEqual({ playId: '900', seqSt: 3, seqEd: undefined, offset: 0 });
    const before = h.stream.standbys().length;
    refuse!(new ApiError(ErrorCode.SecurityFail, 'Content violation, edit and retry'));
    expect(await sent).toBe(false);
    expect(h.stream.others()[0]!.signal.aborted).toBe(true);
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sending: false, draft: 'something refused' });
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    // A standby is tried again after the refusal.
    expect(h.stream.standbys().length).toBeGreaterThan(before);
    expect(h.stream.standbys().at(-1)!.request).toEqual(standbyAt(3));
  });

  it('a failing standby is silent, and a send then opens the reply stream a tick after it goes out', async () => {
    h.stream = fakeStream([[{ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Here.' }) }, { type: 'done' }]], {
      failStandby: new ApiError(ErrorCode.BackendNetworkError, 'Stream refused (HTTP 502)'),
    });
    play.sendMessage.mockResolvedValue(sendAnswer());
    await usePlayStore.getState().open('100');
    await until(() => h.stream.standbys().length === 4);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null, reconnecting: false });
    expect(await usePlayStore.getState().send('Help me')).toBe(true);
    await until(() => !usePlayStore.getState().streaming);
    // The send answered before the stream opened a tick later: the reply is asked for by its id.
    expect(h.stream.others().map((c) => c.request)).toEqual([{ dialogueId: 'd4', seqSt: 4, seqEd: undefined, offset: 0 }]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Here.');
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null });
  });

  it('a standby refused by the api is not asked again until the play moves on', async () => {
    h.stream = fakeStream([], { failStandby: new ApiError(ErrorCode.RecordNotFound, 'No such play') });
    await usePlayStore.getState().open('100');
    await settle();
    await settle();
    expect(h.stream.standbys()).toHaveLength(1);
    expect(usePlayStore.getState()).toMatchObject({ sendError: null, actionError: null });
  });

  it('shows a turn begun elsewhere live, blocking the input while it runs, then waits for the next one', async () => {
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();
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
    expect(h.stream.others()).toEqual([]);
    expect(h.stream.standby().request).toEqual(standbyAt(5));
  });

  it('leaving the screen closes the standby and the turn stream, and nothing opens after', async () => {
    const { standby, answer } = await sendWithAnswerHeld(h.stream);
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') });
    usePlayStore.getState().leave();
    expect(standby.signal.aborted).toBe(true);
    answer();
    await settle();
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(h.stream.calls).toHaveLength(1);

    // Left while idle, and while a restart was under way.
    await usePlayStore.getState().open('100');
    const second = h.stream.standby();
    let restarted: (() => void) | null = null;
    play.restartPlay.mockImplementation(() => new Promise((resolve) => (restarted = () => resolve(aStart({ play_id: '901' })))));
    const restarting = usePlayStore.getState().restart();
    expect(second.signal.aborted).toBe(true);
    usePlayStore.getState().leave();
    restarted!();
    await restarting;
    await settle();
    expect(h.stream.calls).toHaveLength(2);
  });

  it('closes the standby when the play reaches an ending', async () => {
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: input(3, 'The Marigold is safe') }));
    play.playInfo.mockResolvedValue(aPlayInfo({ last_seq: 5, status: 'Ending', ending: { type: 'HappyEnding', content: 'Safe.' } }));
    play.endingInfo.mockRejectedValue(new Error('no details'));
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();
    await usePlayStore.getState().send('The Marigold is safe');
    standby.push({ type: 'dialogue', dialogue: aDialogue(4, { content: 'Safe.' }) }, { type: 'dialogue', dialogue: aDialogue(5, { type: DialogueType.HappyEnding, content: 'Safe.' }) }, { type: 'done' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    await settle();
    expect(h.stream.calls).toHaveLength(1);
    expect(h.stream.calls.every((c) => c.signal.aborted || c === standby)).toBe(true);
  });

  it('picks up a reply still being written when the play is opened again, then opens the standby', async () => {
    h.stream = fakeStream([[{ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 6, text: ' more' }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Partly more' }) }, { type: 'done' }]]);
    play.startPlay.mockResolvedValue(aStart({ replying: true, last_seq: 4 }, [aDialogue(1), input(3, 'Hi'), aDialogue(4, { content: 'Partly', done: false })]));
    await usePlayStore.getState().open('100');
    await until(() => !usePlayStore.getState().streaming && h.stream.others().length === 1);
    expect(h.stream.calls[0]!.request).toMatchObject({ dialogueId: 'd4', seqSt: 4, offset: 6 });
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Partly more');
    expect(h.stream.standby().request).toEqual(standbyAt(5));
  });

});
