import { DialogueType } from 'shared-kit';
import type { Dialogue } from '../../api/types';
import * as playService from '../../services/play.service';
import type { StreamEvent, StreamRequest } from '../../services/stream.service';
import { aDialogue, aPlayInfo, aStart } from '../../testing/fixtures';
import { resetPlayStore, setStreamTransport, usePlayStore } from './store';

// The play store's tests' common parts (each test file mocks the play and session services).

export const input = (seq: number, content: string): Dialogue => aDialogue(seq, { type: DialogueType.Input, role: 'player', character_id: '', content });

export interface FakeCall {
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
export function fakeStream(scripts: StreamEvent[][] = [], options: { failStandby?: unknown; standbyRetryMs?: number } = {}) {
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

export const standbyAt = (seqSt: number) => ({ playId: '900', seqSt, offset: 0, standby: true });

export const sendAnswer = (over: Partial<Awaited<ReturnType<typeof playService.sendMessage>>> = {}) => ({
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

export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 0));
  if (!check()) throw new Error('condition never met');
}

export const settle = () => new Promise((r) => setTimeout(r, 5));

export type FakeStream = ReturnType<typeof fakeStream>;

/** A fresh store and mocks: the play opens with two dialogues and its next turn at 3; answers the stream. */
function preparePlay(): FakeStream {
  const play = jest.mocked(playService);
  resetPlayStore();
  jest.resetAllMocks();
  const stream = fakeStream();
  play.startPlay.mockResolvedValue(aStart());
  play.playInfo.mockResolvedValue(aPlayInfo({ turns: 1, last_seq: 4 }));
  play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 4 });
  return stream;
}

/** The running test's fake stream (a test may put another in its place with `fakeStream`). */
export interface PlayHarness {
  stream: FakeStream;
}

/** Before each test a fresh store, mocks and stream; after it, the store reset with its streams closed. */
export function setUpPlayStore(): PlayHarness {
  const harness = {} as PlayHarness;
  beforeEach(() => {
    harness.stream = preparePlay();
  });
  afterEach(() => resetPlayStore());
  return harness;
}

/**
 * Opens the play and sends "Help me" with the send's answer held back until `answer()` (or `refuse(error)`);
 * `standby` is the stream.
 */
export async function sendWithAnswerHeld(stream: FakeStream) {
  const play = jest.mocked(playService);
  let release: ((value: Awaited<ReturnType<typeof playService.sendMessage>>) => void) | null = null;
  let reject: ((error: Error) => void) | null = null;
  play.sendMessage.mockImplementation(() => new Promise((resolve, fail) => ((release = resolve), (reject = fail))));
  await usePlayStore.getState().open('100');
  const standby = stream.standby();
  void usePlayStore.getState().send('Help me');
  return { standby, answer: () => release!(sendAnswer()), refuse: (error: Error) => reject!(error) };
}
