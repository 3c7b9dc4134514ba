import { ApiError, DialogueStatus, ErrorCode } from 'shared-kit';
import * as playService from '../../services/play.service';
import { aDialogue, aPlayInfo, aStart } from '../../testing/fixtures';
import { selectCanSend } from './selectors';
import { usePlayStore } from './store';
import { fakeStream, input, sendAnswer, sendWithAnswerHeld, settle, standbyAt, until, setUpPlayStore } from './storeHarness';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
const play = jest.mocked(playService);

describe('play store: replies streamed on the standby', () => {
  const h = setUpPlayStore();

  it('keeps one standby stream open for the next turn once the play is loaded', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 7 }, [aDialogue(1), aDialogue(2)]));
    await usePlayStore.getState().open('100');
    // The next turn starts after the play's last sequence number, even past the dialogues loaded.
    expect(h.stream.calls.map((c) => c.request)).toEqual([standbyAt(8)]);
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(selectCanSend(usePlayStore.getState())).toBe(true);
    await settle();
    expect(h.stream.calls).toHaveLength(1);
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
    const standby = h.stream.standby();
    const sent = usePlayStore.getState().send('I clean the burner');
    expect(usePlayStore.getState().sending).toBe(true);
    expect(selectCanSend(usePlayStore.getState())).toBe(false);
    await sent;
    await settle();
    // The send's answer named the reply, and still no other stream was opened: the standby carries the turn.
    expect(h.stream.calls).toHaveLength(1);
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
    expect(h.stream.calls.map((c) => c.request)).toEqual([standbyAt(3), standbyAt(5)]);
    expect(h.stream.standby().request).toEqual(standbyAt(5));
  });

  it('shows the first words on the standby even when they come before the send has answered', async () => {
    const { standby, answer } = await sendWithAnswerHeld(h.stream);
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
    expect(h.stream.others()).toEqual([]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hold on. Breathe.');
  });

  it('ends the turn when the standby finished it before the send answered, without unfinishing the reply', async () => {
    const { standby, answer } = await sendWithAnswerHeld(h.stream);
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Quick.' }) }, { type: 'done' });
    standby.end();
    await settle();
    expect(h.stream.standbys()).toHaveLength(1);
    answer();
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ content: 'Quick.', done: true });
    expect(h.stream.standby().request).toEqual(standbyAt(5));
  });

  it('takes off the screen the words of a turn the server did not keep, at its done and when the send is refused', async () => {
    const { standby, refuse } = await sendWithAnswerHeld(h.stream);
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
    expect(h.stream.standby().request).toEqual(standbyAt(3));
  });

  it('a send that fails after its stream showed words takes them back, and the standby shows the turn again if it did begin', async () => {
    const { standby, refuse } = await sendWithAnswerHeld(h.stream);
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hold ' });
    refuse(new ApiError(ErrorCode.BackendNetworkError, 'Network error'));
    await until(() => !usePlayStore.getState().sending);
    expect(standby.signal.aborted).toBe(true);
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 2]);
    // The turn went through after all: the new standby, waiting from the same number, shows it as stored.
    const again = h.stream.standby();
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
    const standby = h.stream.standby();
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
    const next = h.stream.standby();
    await usePlayStore.getState().send('Again');
    next.push({ type: 'delta', dialogue_id: 'd6', seq: 6, offset: 0, text: 'Wait, the storm is' });
    next.fail(new TypeError('network error'));
    await until(() => !usePlayStore.getState().streaming);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 6)).toMatchObject({ content: 'Wait.', done: true });
  });

  it('resumes a dropped standby by the reply id from the last sequence number and character shown, without repeating text', async () => {
    h.stream = fakeStream([
      [
        // The server may resend from the offset asked for; an overlapping piece must not duplicate text.
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 13, text: ' Breathe.' },
        { type: 'dialogue', dialogue: aDialogue(4, { content: 'Hands steady. Breathe.' }) },
        { type: 'done' },
      ],
    ]);
    play.sendMessage.mockResolvedValue(sendAnswer());
    await usePlayStore.getState().open('100');
    const standby = h.stream.standby();
    await usePlayStore.getState().send('Help me');
    standby.push({ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hands steady.' });
    standby.fail(new TypeError('network error'));
    await until(() => !usePlayStore.getState().streaming);
    expect(h.stream.others().map((c) => c.request)).toEqual([{ dialogueId: 'd4', seqSt: 4, seqEd: undefined, offset: 13 }]);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)?.content).toBe('Hands steady. Breathe.');
    expect(usePlayStore.getState().sendError).toBeNull();
  });

  it('asks for the turn again at once when the standby a send took ends idle before the turn came on it', async () => {
    h.stream = fakeStream([[{ type: 'dialogue', dialogue: input(3, 'Help me') }, { type: 'dialogue', dialogue: aDialogue(4, { content: 'Late.' }) }, { type: 'done' }]]);
    const { standby, answer } = await sendWithAnswerHeld(h.stream);
    standby.push({ type: 'idle' });
    standby.end();
    await until(() => !usePlayStore.getState().streaming);
    expect(h.stream.others().map((c) => c.request)).toEqual([{ playId: '900', seqSt: 3, seqEd: undefined, offset: 0 }]);
    expect(usePlayStore.getState()).toMatchObject({ reconnecting: false, sendError: null });
    answer();
    await until(() => !usePlayStore.getState().sending);
    expect(usePlayStore.getState().dialogues.find((d) => d.seq === 4)).toMatchObject({ content: 'Late.', done: true });
    expect(usePlayStore.getState().streaming).toBe(false);
    expect(h.stream.standby().request).toEqual(standbyAt(5));
  });

  it('opens a new standby at once when one ends idle', async () => {
    await usePlayStore.getState().open('100');
    const first = h.stream.standby();
    first.push({ type: 'idle' });
    first.end();
    await until(() => h.stream.standbys().length === 2);
    expect(h.stream.standby().request).toEqual(standbyAt(3));
    expect(usePlayStore.getState()).toMatchObject({ streaming: false, sendError: null, actionError: null });
  });

});
