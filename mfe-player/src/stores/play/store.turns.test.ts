import { ApiError, ErrorCode } from 'shared-kit';
import * as playService from '../../services/play.service';
import { aDialogue, aStart } from '../../testing/fixtures';
import { selectRegenerableId } from './selectors';
import { usePlayStore } from './store';
import { fakeStream, input, sendAnswer, settle, setUpPlayStore, until } from './storeHarness';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
const play = jest.mocked(playService);

const opened = () => aStart({ last_seq: 4 }, [aDialogue(1), input(3, 'Help me'), aDialogue(4, { content: 'First take.' })]);
const reply = () => usePlayStore.getState().dialogues.find((d) => d.dialogue_id === 'd4')!;

describe('play store: regenerate, versions and keep talking', () => {
  const h = setUpPlayStore();

  it('regenerates the latest reply in its own row: the text refills from the stream, the versions are kept, and the stored row settles it', async () => {
    h.stream = fakeStream([
      [
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Second ' },
        { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 7, text: 'take.' },
        { type: 'done' },
      ],
    ]);
    play.startPlay.mockResolvedValue(opened());
    play.sendMessage.mockResolvedValue(sendAnswer({ input_dialogue: null, reply_dialogue_ids: ['d4'], seq_st: 4, seq_ed: 4 }));
    const stored = aDialogue(4, { content: 'Second take.', alternatives: ['First take.', 'Second take.'], shown: 1 });
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [stored], has_more_before: false, has_more_after: false, last_seq: 4 });
    await usePlayStore.getState().open('100');
    expect(selectRegenerableId(usePlayStore.getState())).toBe('d4');

    expect(await usePlayStore.getState().regenerate('d4')).toBe(true);
    expect(play.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ play_id: '900', is_loop: true, dialogue_id: 'd4' }));
    // The turn's stream follows the reply itself, from its own number.
    await until(() => h.stream.others().length === 1);
    expect(h.stream.others()[0]!.request).toMatchObject({ dialogueId: 'd4', seqSt: 4, offset: 0 });
    await until(() => !usePlayStore.getState().streaming);
    expect(reply()).toMatchObject({ content: 'Second take.', alternatives: ['First take.', 'Second take.'], shown: 1, done: true });
    // Still one reply row.
    expect(usePlayStore.getState().dialogues.filter((d) => d.seq === 4)).toHaveLength(1);
  });

  it('pages to another version at once and keeps what the api answers, one switch after another; a refused switch puts the shown one back', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 4 }, [aDialogue(1), input(3, 'Help me'), aDialogue(4, { content: 'B', alternatives: ['A', 'B'], shown: 1 })]));
    let answer: ((value: Awaited<ReturnType<typeof playService.showAlternative>>) => void) | null = null;
    play.showAlternative.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await usePlayStore.getState().open('100');
    const switching = usePlayStore.getState().showAlternative('d4', 0);
    expect(reply()).toMatchObject({ content: 'A', shown: 0 });
    await until(() => answer !== null);
    answer!({ dialogue: aDialogue(4, { content: 'A', alternatives: ['A', 'B'], shown: 0 }) });
    expect(await switching).toBe(true);
    expect(play.showAlternative).toHaveBeenCalledWith('900', 'd4', 0);

    play.showAlternative.mockRejectedValue(new ApiError(ErrorCode.ConcurrentOperation, 'busy'));
    expect(await usePlayStore.getState().showAlternative('d4', 1)).toBe(false);
    expect(reply()).toMatchObject({ content: 'A', shown: 0 });
    expect(usePlayStore.getState().turnNotice).toBe('switchFailed');

    // Two quick presses: the second waits for the first's answer, and the newest stays shown.
    const calls: number[] = [];
    play.showAlternative.mockImplementation(async (_p, _d, index) => {
      calls.push(index);
      await settle();
      return { dialogue: aDialogue(4, { content: index === 0 ? 'A' : 'B', alternatives: ['A', 'B'], shown: index }) };
    });
    const one = usePlayStore.getState().showAlternative('d4', 1);
    const two = usePlayStore.getState().showAlternative('d4', 0);
    expect(reply()).toMatchObject({ content: 'A', shown: 0 });
    expect(await Promise.all([one, two])).toEqual([true, true]);
    expect(calls).toEqual([1, 0]);
    expect(reply()).toMatchObject({ content: 'A', shown: 0 });
  });

  it('says the regenerate maximum and the keep-talking maximum in the player’s words; keep talking keeps the draft', async () => {
    play.startPlay.mockResolvedValue(opened());
    await usePlayStore.getState().open('100');
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.RegenerateMaximum, 'dialogue_id: a reply keeps at most 10 texts'));
    expect(await usePlayStore.getState().regenerate('d4')).toBe(false);
    expect(usePlayStore.getState()).toMatchObject({ turnNotice: 'regenerateMax', sendError: null, sending: false });
    expect(reply().content).toBe('First take.');

    usePlayStore.getState().setDraft('half a thought');
    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.KeepTalkingMaximum, 'keep_talking: at most 5 in a row'));
    expect(await usePlayStore.getState().keepTalking()).toBe(false);
    expect(play.sendMessage).toHaveBeenLastCalledWith(expect.objectContaining({ keep_talking: true, message: '' }));
    expect(usePlayStore.getState()).toMatchObject({ turnNotice: 'keepTalkingMax', draft: 'half a thought' });
    await settle();
  });

  it('edits the last message in one send: the composer takes its text, the answer drops the old turn, a refusal keeps it', async () => {
    play.startPlay.mockResolvedValue(opened());
    await usePlayStore.getState().open('100');
    usePlayStore.getState().startEdit('d3');
    expect(usePlayStore.getState()).toMatchObject({ draft: 'Help me', editing: { dialogueId: 'd3', seq: 3 } });

    play.sendMessage.mockRejectedValueOnce(new ApiError(ErrorCode.SecurityFail, 'no'));
    expect(await usePlayStore.getState().send('Help me, please')).toBe(false);
    expect(usePlayStore.getState().dialogues.map((d) => d.seq)).toEqual([1, 3, 4]);
    expect(usePlayStore.getState().editing).not.toBeNull();

    play.sendMessage.mockResolvedValueOnce(sendAnswer({ input_dialogue: input(5, 'Help me, please'), reply_dialogue_ids: ['d6'], seq_st: 5, seq_ed: 6, removed_from_seq: 3 }));
    expect(await usePlayStore.getState().send('Help me, please')).toBe(true);
    expect(play.sendMessage).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Help me, please', edit_dialogue_id: 'd3' }));
    const seqs = usePlayStore.getState().dialogues.map((d) => d.seq);
    expect(seqs).not.toContain(3);
    expect(seqs).not.toContain(4);
    expect(seqs).toContain(5);
    expect(usePlayStore.getState().editing).toBeNull();
    await settle();
  });

  it('stops the reply being written through message/stop, and cancels an edit', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 4 }, [aDialogue(1), input(3, 'Help me'), aDialogue(4, { content: 'Half a', done: false })]));
    play.stopReply.mockResolvedValue({ stopped: true });
    await usePlayStore.getState().open('100');
    expect(await usePlayStore.getState().stop()).toBe(true);
    expect(play.stopReply).toHaveBeenCalledWith('900', 'd4');
    usePlayStore.getState().startEdit('d3');
    usePlayStore.getState().cancelEdit();
    expect(usePlayStore.getState()).toMatchObject({ editing: null, draft: '' });
    await settle();
  });

  it('offers no regeneration while the newest line is the player’s, or the reply failed', async () => {
    play.startPlay.mockResolvedValue(aStart({ last_seq: 3 }, [aDialogue(1), input(3, 'Help me')]));
    await usePlayStore.getState().open('100');
    expect(selectRegenerableId(usePlayStore.getState())).toBeNull();
    usePlayStore.setState({ dialogues: [aDialogue(1), input(3, 'Help me'), aDialogue(4, { status: 'Fail' as never })] });
    expect(selectRegenerableId(usePlayStore.getState())).toBeNull();
  });
});
