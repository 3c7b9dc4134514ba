import { act, screen, within } from '@testing-library/react';
import { DialogueType } from 'shared-kit';
import type { Dialogue } from '../api/types';
import { DialogueItem } from '../components/DialogueItem';
import type * as DialogueItemModule from '../components/DialogueItem';
import * as playService from '../services/play.service';
import type { StreamEvent } from '../services/stream.service';
import { setStreamTransport } from '../stores/play/store';
import { aDialogue, aPlayInfo, aStart } from '../testing/fixtures';
import { renderAt, resetAll } from '../testing/render';

jest.mock('../services/play.service');
jest.mock('../services/session.service');
// The real row component, counted: every call is one render of one row.
jest.mock('../components/DialogueItem', () => {
  const actual = jest.requireActual<typeof DialogueItemModule>('../components/DialogueItem');
  return { ...actual, DialogueItem: jest.fn(actual.DialogueItem) };
});
const play = jest.mocked(playService);
const rendered = jest.mocked(DialogueItem);

const input = (seq: number, content: string): Dialogue => aDialogue(seq, { type: DialogueType.Input, role: 'player', character_id: '', content });

/** Renders of each row since the last call, by dialogue id. */
function rendersSince(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [props] of rendered.mock.calls) counts.set(props.dialogue.dialogue_id, (counts.get(props.dialogue.dialogue_id) ?? 0) + 1);
  rendered.mockClear();
  return counts;
}

describe('play screen rows', () => {
  beforeEach(() => {
    resetAll();
    jest.clearAllMocks();
    play.playInfo.mockResolvedValue(aPlayInfo({ last_seq: 6 }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 6 });
    play.endingInfo.mockRejectedValue(new Error('not ended'));
  });

  it('a streamed word re-renders the streaming row only', async () => {
    play.startPlay.mockResolvedValue(
      aStart({ last_seq: 4 }, [
        aDialogue(1, { type: DialogueType.OpeningRemark, content: "Storm's coming." }),
        aDialogue(2, { character_id: 'ezra', content: 'The radio is dead.' }),
        input(3, 'Try the spare'),
        aDialogue(4, { character_id: 'ezra', content: 'Spare is wet.' }),
      ]),
    );
    let push: ((event: StreamEvent) => void) | null = null;
    // The play screen's standby stream: open until closed, with the test sending its events.
    setStreamTransport(
      (_request, onEvent, signal) =>
        new Promise<void>((resolve) => {
          push = onEvent;
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
      [],
    );
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g', input_dialogue: input(5, 'Dry it'), reply_dialogue_ids: ['d6'], seq_st: 5, seq_ed: 6, send_limit: null, guest: false });
    renderAt('/play/story/100/play');
    const log = await screen.findByRole('log');
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
    expect(push).not.toBeNull();

    // A turn begins (from this screen or another): its message and the reply's first word arrive.
    await act(async () => {
      push!({ type: 'dialogue', dialogue: input(5, 'Dry it') });
      push!({ type: 'delta', dialogue_id: 'd6', seq: 6, offset: 0, text: 'Give' });
    });
    expect(within(log).getAllByRole('listitem')).toHaveLength(6);
    rendersSince();

    const words = [' me', ' a', ' minute', ' with', ' the', ' cloth.'];
    let offset = 'Give'.length;
    for (const text of words) {
      await act(async () => {
        push!({ type: 'delta', dialogue_id: 'd6', seq: 6, offset, text });
      });
      offset += text.length;
    }
    expect(log.querySelector('[data-seq="6"] [data-testid="bubble-text"]')?.textContent).toBe('Give me a minute with the cloth.');
    const counts = rendersSince();
    // One render of the streaming row per word, and none of any other row.
    expect(counts.get('d6')).toBe(words.length);
    expect([...counts.keys()].filter((id) => id !== 'd6')).toEqual([]);
  });

  it('says each new line once it is written, not the lines already there nor the player’s own', async () => {
    play.startPlay.mockResolvedValue(
      aStart({ last_seq: 2 }, [aDialogue(1, { type: DialogueType.OpeningRemark, content: "Storm's coming." }), aDialogue(2, { character_id: 'ezra', content: 'The radio is dead.' })]),
    );
    let push: ((event: StreamEvent) => void) | null = null;
    setStreamTransport(
      (_request, onEvent, signal) =>
        new Promise<void>((resolve) => {
          push = onEvent;
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
      [],
    );
    renderAt('/play/story/100/play');
    await screen.findByRole('log');
    const announcer = screen.getByTestId('log-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('');

    await act(async () => {
      push!({ type: 'dialogue', dialogue: input(3, 'Try the spare') });
      push!({ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Spare' });
    });
    // The player's own line and a reply still being written are not said.
    expect(announcer.textContent).toBe('');
    await act(async () => {
      push!({ type: 'dialogue', dialogue: aDialogue(4, { character_id: 'ezra', content: 'Spare is wet.' }) });
    });
    expect(announcer.textContent).toBe('Ezra Quill: Spare is wet.');
  });
});
