import { ApiError, ErrorCode, type PlayMemory } from 'shared-kit';
import * as service from '../../services/memory.service';
import { pinOfLine, useMemoryStore } from './store';

jest.mock('../../services/memory.service');
const api = jest.mocked(service);
const store = () => useMemoryStore.getState();

function memoryOf(playId: string, pins: Array<Partial<PlayMemory['pins'][number]>> = [], summary = ''): PlayMemory {
  return {
    play_id: playId,
    summary,
    summary_upto_seq: summary ? 40 : 0,
    pins: pins.map((p, i) => ({ pin_id: `p${i}`, dialogue_id: '', seq: 0, kind: 'note', speaker: '', content: `pin ${i}`, in_prompt: true, created_at: null, ...p })),
    limits: { pins: 20, note_chars: 500, pin_tokens: 600, summary_chars: 4000 },
    pin_tokens: 10,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

describe('the memory store', () => {
  it('reads the play’s memory, loading then ready; a failed read says why and can be tried again', async () => {
    api.readMemory.mockRejectedValueOnce(new ApiError(ErrorCode.RecordNotFound, 'No such play'));
    const first = store().load('1');
    expect(store().status).toBe('loading');
    await first;
    expect(store()).toMatchObject({ status: 'error', loadError: 'No such play', memory: null });
    api.readMemory.mockResolvedValueOnce(memoryOf('1', [{ kind: 'line', dialogue_id: '9', content: 'A line' }]));
    await store().load('1');
    expect(store().status).toBe('ready');
    expect(pinOfLine(store().memory, '9')?.content).toBe('A line');
    expect(pinOfLine(store().memory, '8')).toBeNull();
  });

  it('pins a line and a note and unpins, taking the memory each write answers', async () => {
    api.readMemory.mockResolvedValueOnce(memoryOf('1'));
    await store().load('1');
    api.pinMemory.mockResolvedValueOnce(memoryOf('1', [{ kind: 'line', dialogue_id: '9' }]));
    expect(await store().pinLine('9')).toBeNull();
    expect(api.pinMemory).toHaveBeenLastCalledWith({ play_id: '1', dialogue_id: '9' });
    api.pinMemory.mockResolvedValueOnce(memoryOf('1', [{ content: 'note' }, { kind: 'line', dialogue_id: '9' }]));
    expect(await store().addNote('note')).toBeNull();
    expect(api.pinMemory).toHaveBeenLastCalledWith({ play_id: '1', note: 'note' });
    expect(store().memory!.pins).toHaveLength(2);
    api.unpinMemory.mockResolvedValueOnce(memoryOf('1', [{ content: 'note' }]));
    expect(await store().unpin('p1')).toBeNull();
    expect(api.unpinMemory).toHaveBeenCalledWith('1', 'p1');
    expect(pinOfLine(store().memory, '9')).toBeNull();
    expect(store().busy).toBeNull();
  });

  it('keeps the memory as it was when a write is refused, and returns the message', async () => {
    api.readMemory.mockResolvedValueOnce(memoryOf('1', [{ content: 'kept' }], 'So far.'));
    await store().load('1');
    api.pinMemory.mockRejectedValueOnce(new ApiError(ErrorCode.ClientParamError, 'note: at most 20 pins; unpin one first'));
    expect(await store().addNote('one more')).toBe('note: at most 20 pins; unpin one first');
    api.saveSummary.mockRejectedValueOnce(new ApiError(ErrorCode.ConcurrentOperation, 'A reply is still being written'));
    expect(await store().saveSummary('Rewritten.')).toBe('A reply is still being written');
    expect(store().memory).toMatchObject({ summary: 'So far.', pins: [{ content: 'kept' }] });
    expect(store().busy).toBeNull();
  });

  it('drops an answer for a play that is no longer open', async () => {
    let answer: (m: PlayMemory) => void = () => undefined;
    api.readMemory.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const late = store().load('1');
    api.readMemory.mockResolvedValueOnce(memoryOf('2', [{ content: 'of play 2' }]));
    await store().load('2');
    answer(memoryOf('1', [{ content: 'of play 1' }]));
    await late;
    expect(store().memory).toMatchObject({ play_id: '2', pins: [{ content: 'of play 2' }] });
  });
});
