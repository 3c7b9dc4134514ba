import { ApiError, DialogueType, ErrorCode } from 'shared-kit';
import type { Dialogue } from '../../api/types';
import { SpeechQueue, type AudioLike } from '../../lib/speechQueue';
import * as playService from '../../services/play.service';
import * as speechService from '../../services/speech.service';
import type { SpeechClip, StreamEvent, StreamRequest } from '../../services/stream.service';
import { aDialogue, aPlayInfo, aStart } from '../../testing/fixtures';
import { connectSpeech, resetPlayStore, setStreamTransport, usePlayStore } from '../play/store';
import { isLimited, playSpeech, resetSpeechStore, setSpeechAudio, useSpeechStore } from './store';

jest.mock('../../services/play.service');
jest.mock('../../services/session.service');
jest.mock('../../services/speech.service');
const play = jest.mocked(playService);
const speech = jest.mocked(speechService);

/** A fake audio element: records what it was asked to play; the test says when a clip ends or fails. */
class FakeAudio implements AudioLike {
  src = '';
  volume = 1;
  loop = false;
  paused = true;
  /** Every src it started playing, in order. */
  readonly played: string[] = [];
  pauses = 0;
  refuse: string | null = null;
  private readonly listeners: Record<string, Array<() => void>> = {};

  play(): Promise<void> {
    if (this.refuse) {
      const error = new Error('play() needs a gesture');
      error.name = this.refuse;
      return Promise.reject(error);
    }
    this.paused = false;
    this.played.push(this.src);
    return Promise.resolve();
  }

  pause(): void {
    this.paused = true;
    this.pauses += 1;
  }

  addEventListener(type: 'ended' | 'error', listener: () => void): void {
    (this.listeners[type] ??= []).push(listener);
  }

  emit(type: 'ended' | 'error'): void {
    this.paused = true;
    for (const l of this.listeners[type] ?? []) l();
  }

  /** The clips heard, silence (the gesture's unlock) left out. */
  get clips(): string[] {
    return this.played.filter((src) => !src.startsWith('data:'));
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('speech queue', () => {
  let audio: FakeAudio;
  let speaking: boolean[];
  let queue: SpeechQueue;
  beforeEach(() => {
    audio = new FakeAudio();
    speaking = [];
    queue = new SpeechQueue({ create: () => audio, onSpeaking: (s) => speaking.push(s) });
  });

  it('says clips one after another in the order they came, each once', async () => {
    queue.push({ url: '/a/1', dialogue_id: 'd4', start: 0 });
    queue.push({ url: '/a/2', dialogue_id: 'd4', start: 10 });
    queue.push({ url: '/a/2', dialogue_id: 'd4', start: 10 });
    queue.push({ url: '/a/3', dialogue_id: 'd5', start: 0 });
    expect(audio.clips).toEqual(['/a/1']);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/a/1', '/a/2']);
    // A clip that cannot be played is skipped.
    audio.emit('error');
    expect(audio.clips).toEqual(['/a/1', '/a/2', '/a/3']);
    audio.emit('ended');
    await flush();
    expect(queue.speaking).toBe(false);
    expect(speaking.at(0)).toBe(true);
    expect(speaking.at(-1)).toBe(false);
  });

  it('stops what it says and forgets what was queued', () => {
    queue.push({ url: '/a/1', dialogue_id: 'd4', start: 0 });
    queue.push({ url: '/a/2', dialogue_id: 'd4', start: 10 });
    queue.stop();
    expect(audio.paused).toBe(true);
    expect(queue.queued).toEqual([]);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/a/1']);
    // The same clip in a later turn is said again.
    queue.push({ url: '/a/1', dialogue_id: 'd4', start: 0 });
    expect(audio.clips).toEqual(['/a/1', '/a/1']);
  });

  it('waits for a gesture when the browser refuses to play, then goes on from the refused clip', async () => {
    const blocked: boolean[] = [];
    queue = new SpeechQueue({ create: () => audio, onBlocked: (b) => blocked.push(b) });
    audio.refuse = 'NotAllowedError';
    queue.push({ url: '/a/1', dialogue_id: 'd4', start: 0 });
    queue.push({ url: '/a/2', dialogue_id: 'd4', start: 10 });
    await flush();
    expect(blocked).toEqual([true]);
    expect(audio.clips).toEqual([]);
    audio.refuse = null;
    queue.unlock();
    expect(blocked).toEqual([true, false]);
    expect(audio.clips).toEqual(['/a/1']);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/a/1', '/a/2']);
  });
});

const clip = (dialogueId: string, index: number, start: number, end: number): SpeechClip => ({
  dialogue_id: dialogueId,
  seq: 4,
  index,
  start,
  end,
  text: `sentence ${index}`,
  voice: 'en_female_calm',
  url: `/api/voice/audio/${dialogueId}-${index}`,
  bytes: 2000,
  mime: 'audio/wav',
});

const input = (seq: number, content: string): Dialogue => aDialogue(seq, { type: DialogueType.Input, role: 'player', character_id: '', content });

describe('speech in the play store', () => {
  let audio: FakeAudio;
  let requests: StreamRequest[];
  let disconnect: () => void;
  /** The reply streams, in order: each plays its events and ends (a stream without `done` drops). */
  let scripts: StreamEvent[][];
  /** Lets the test hold the stream open after its events, to check what plays before the reply ends. */
  let hold: Promise<void>;

  beforeEach(() => {
    resetPlayStore();
    resetSpeechStore();
    jest.resetAllMocks();
    localStorage.clear();
    audio = new FakeAudio();
    setSpeechAudio(() => audio);
    requests = [];
    scripts = [];
    hold = Promise.resolve();
    setStreamTransport(
      async (request, onEvent, signal) => {
        requests.push(request);
        // The standby is refused for good here: each send opens its own stream.
        if (request.standby) throw new ApiError(ErrorCode.RecordNotFound, 'no standby in this test');
        for (const event of scripts.shift() ?? []) {
          if (signal.aborted) return;
          onEvent(event);
          await Promise.resolve();
        }
        await hold;
      },
      [0, 0, 0],
    );
    disconnect = connectSpeech(playSpeech);
    play.startPlay.mockResolvedValue(aStart());
    play.playInfo.mockResolvedValue(aPlayInfo({ turns: 1, last_seq: 4 }));
    play.dialogueList.mockResolvedValue({ play_id: '900', dialogues: [], has_more_before: false, has_more_after: false, last_seq: 4 });
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g1', input_dialogue: input(3, 'Hi'), reply_dialogue_ids: ['d4'], seq_st: 3, seq_ed: 4, send_limit: null, guest: false });
  });

  afterEach(() => {
    disconnect();
    resetPlayStore();
    resetSpeechStore();
  });

  const replyWithSpeech = (): StreamEvent[] => [
    { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'The lamp is lit. ' },
    { type: 'audio', clip: clip('d4', 0, 0, 16) },
    { type: 'delta', dialogue_id: 'd4', seq: 4, offset: 17, text: 'Come in! ' },
    { type: 'audio', clip: clip('d4', 1, 17, 25) },
  ];

  async function until(check: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !check(); i += 1) await flush();
    if (!check()) throw new Error('condition never met');
  }

  it('with the switch off asks for no speech and makes no audio element', async () => {
    const made = jest.fn(() => audio);
    setSpeechAudio(made);
    scripts = [[...replyWithSpeech(), { type: 'done' }]];
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('Hi');
    await until(() => !usePlayStore.getState().streaming);
    expect(requests.filter((r) => !r.standby).map((r) => r.tts)).toEqual([undefined]);
    expect(made).not.toHaveBeenCalled();
  });

  it('with the switch on asks for tts, plays the clips in order as they come, before the reply ends', async () => {
    useSpeechStore.getState().setTts(true);
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    scripts = [replyWithSpeech()];
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('Hi');
    await until(() => audio.clips.length === 1);
    // The reply is still being written: no `dialogue` nor `done` came yet.
    expect(usePlayStore.getState().streaming).toBe(true);
    expect(requests.filter((r) => !r.standby).every((r) => r.tts === true)).toBe(true);
    expect(requests.filter((r) => r.standby).every((r) => r.tts === true)).toBe(true);
    expect(audio.clips).toEqual(['/api/voice/audio/d4-0']);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/api/voice/audio/d4-0', '/api/voice/audio/d4-1']);
    expect(useSpeechStore.getState().speaking).toBe(true);
    release();
  });

  it('stops speaking when the player sends again, rewinds, restarts or leaves', async () => {
    useSpeechStore.getState().setTts(true);
    scripts = [[...replyWithSpeech(), { type: 'done' }]];
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('Hi');
    await until(() => !usePlayStore.getState().streaming && audio.clips.length === 1);
    const pauses = audio.pauses;

    // A new turn: the rest of the last reply is not said.
    scripts = [[{ type: 'done' }]];
    await usePlayStore.getState().send('Again');
    expect(audio.pauses).toBeGreaterThan(pauses);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/api/voice/audio/d4-0']);
    await until(() => !usePlayStore.getState().streaming);

    // A rewind.
    play.startPlay.mockResolvedValue(aStart({ last_seq: 4 }, [aDialogue(1), aDialogue(2), input(3, 'Hi'), aDialogue(4)]));
    await usePlayStore.getState().open('100');
    scripts = [[...replyWithSpeech(), { type: 'done' }]];
    play.sendMessage.mockResolvedValue({ play_id: '900', group_id: 'g2', input_dialogue: input(5, 'Go on'), reply_dialogue_ids: ['d6'], seq_st: 5, seq_ed: 6, send_limit: null, guest: false });
    await usePlayStore.getState().send('Go on');
    await until(() => !usePlayStore.getState().streaming);
    expect(useSpeechStore.getState().speaking).toBe(true);
    play.backtrack.mockResolvedValue({ play_info: aPlayInfo({ last_seq: 4, turns: 1 }), removed_after_seq: 4 });
    await usePlayStore.getState().rewind('d5');
    expect(useSpeechStore.getState().speaking).toBe(false);

    // A restart.
    speechQueueSays('/x/1');
    play.restartPlay.mockResolvedValue(aStart());
    await usePlayStore.getState().restart();
    expect(useSpeechStore.getState().speaking).toBe(false);

    // Leaving the screen.
    speechQueueSays('/x/2');
    usePlayStore.getState().leave();
    expect(useSpeechStore.getState().speaking).toBe(false);
  });

  function speechQueueSays(url: string): void {
    playSpeech.audio({ ...clip('d9', 0, 0, 5), url });
    expect(useSpeechStore.getState().speaking).toBe(true);
  }

  it("the stream's audio_limit turns the switch off and disables it for the day; recovered turns it back", async () => {
    useSpeechStore.getState().setTts(true);
    scripts = [[{ type: 'delta', dialogue_id: 'd4', seq: 4, offset: 0, text: 'Hush. ' }, { type: 'audio_limit', status_code: ErrorCode.TtsLimit, status_message: 'limit' }, { type: 'done' }]];
    await usePlayStore.getState().open('100');
    await usePlayStore.getState().send('Hi');
    await until(() => !usePlayStore.getState().streaming);
    expect(useSpeechStore.getState().notice).toBe('reached');
    expect(isLimited(useSpeechStore.getState())).toBe(true);
    expect(playSpeech.wanted()).toBe(false);
    // Remembered on this device: a reload keeps it limited (and the switch's own setting).
    useSpeechStore.setState({ tts: false, limitedDay: null });
    useSpeechStore.getState().load('guest');
    expect(useSpeechStore.getState().tts).toBe(true);
    expect(isLimited(useSpeechStore.getState())).toBe(true);
    useSpeechStore.getState().recovered();
    expect(playSpeech.wanted()).toBe(true);
    expect(useSpeechStore.getState().notice).toBe('recovered');
  });

  it('replays a line from its row through the cached clips, in order', async () => {
    speech.dialogueAudio.mockResolvedValue({
      dialogue_id: 'd4',
      clips: [0, 1].map((i) => {
        const { dialogue_id: _d, seq: _s, ...rest } = clip('d4', i, i * 10, i * 10 + 9);
        return rest;
      }),
    });
    await useSpeechStore.getState().replay('d4');
    expect(speech.dialogueAudio).toHaveBeenCalledWith('d4');
    expect(audio.clips).toEqual(['/api/voice/audio/d4-0']);
    audio.emit('ended');
    expect(audio.clips).toEqual(['/api/voice/audio/d4-0', '/api/voice/audio/d4-1']);
  });

  it('keeps the switch and the volume per person on this device', () => {
    useSpeechStore.getState().load('u1');
    useSpeechStore.getState().setTts(true);
    useSpeechStore.getState().setVolume(70);
    useSpeechStore.getState().load('u2');
    expect(useSpeechStore.getState()).toMatchObject({ tts: false, volume: 40 });
    useSpeechStore.getState().load('u1');
    expect(useSpeechStore.getState()).toMatchObject({ tts: true, volume: 70 });
  });
});
