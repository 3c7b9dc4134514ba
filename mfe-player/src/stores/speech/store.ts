import { create } from 'zustand';
import { ErrorCode, STORAGE_PREFIX, storage } from 'shared-kit';
import { errorCode, errorText } from '../../lib/errors';
import { SpeechQueue, browserAudio, type AudioFactory } from '../../lib/speechQueue';
import * as speechService from '../../services/speech.service';
import type { SpeechBridge } from '../play/speech';

/*
 * The play panel's sound (spec section 2: TTS and background volume): whether replies are spoken, the music's
 * volume, remembered per person on this device, and the day's speech quota (section 3, TTS reached/recovered).
 */

export const DEFAULT_MUSIC_VOLUME = 40;
/** The music's share of its volume while speech is heard. */
export const DUCKED = 0.25;

export type SpeechNotice = 'reached' | 'recovered' | null;

interface Saved {
  tts: boolean;
  volume: number;
  /** The UTC day the quota ran out: the switch stays off until it is recovered or the day is over. */
  limited_day: string | null;
}

export interface SpeechState {
  /** Whose settings these are ('guest' before sign-in is known). */
  owner: string;
  tts: boolean;
  volume: number;
  limitedDay: string | null;
  notice: SpeechNotice;
  /** A clip is being heard (the music is ducked meanwhile). */
  speaking: boolean;
  /** The line being said, for its row's button. */
  line: string | null;
  /** The browser wants a gesture before it plays: the next tap resumes. */
  blocked: boolean;
  /** A row's replay that failed, with its line. */
  replayError: { dialogueId: string; message: string } | null;
  replaying: string | null;

  load: (owner: string) => void;
  setTts: (on: boolean) => void;
  setVolume: (volume: number) => void;
  /** The quota ran out (the stream's `audio_limit`, or the TTSReached push). */
  reached: () => void;
  /** The TTSRecovered push. */
  recovered: () => void;
  dismissNotice: () => void;
  /** A gesture: lets the browser play, and resumes a queue it refused. */
  unlock: () => void;
  /** Says a finished line again from its row. */
  replay: (dialogueId: string) => Promise<void>;
  stop: () => void;
}

const utcDay = (now = Date.now()): string => new Date(now).toISOString().slice(0, 10);
const keyOf = (owner: string): string => `${STORAGE_PREFIX}play_sound:${owner}`;

function read(owner: string): Saved {
  const raw = storage.getJSON(keyOf(owner));
  const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Saved>;
  const volume = typeof o.volume === 'number' && o.volume >= 0 && o.volume <= 100 ? Math.round(o.volume) : DEFAULT_MUSIC_VOLUME;
  const limited = typeof o.limited_day === 'string' && o.limited_day >= utcDay() ? o.limited_day : null;
  return { tts: o.tts === true, volume, limited_day: limited };
}

let audioFactory: AudioFactory = browserAudio;
let queue: SpeechQueue | null = null;

/** Tests play through a fake audio element. */
export function setSpeechAudio(factory: AudioFactory): void {
  queue?.stop();
  queue = null;
  audioFactory = factory;
}

export const useSpeechStore = create<SpeechState>()((set, get) => {
  function save(): void {
    const s = get();
    storage.setJSON(keyOf(s.owner), { tts: s.tts, volume: s.volume, limited_day: s.limitedDay } satisfies Saved);
  }

  return {
    owner: 'guest',
    tts: false,
    volume: DEFAULT_MUSIC_VOLUME,
    limitedDay: null,
    notice: null,
    speaking: false,
    line: null,
    blocked: false,
    replayError: null,
    replaying: null,

    load(owner) {
      const saved = read(owner);
      set({ owner, tts: saved.tts, volume: saved.volume, limitedDay: saved.limited_day });
    },

    setTts(on) {
      if (on && isLimited(get())) return;
      if (on) speechQueue().unlock();
      else get().stop();
      set({ tts: on });
      save();
    },

    setVolume(volume) {
      set({ volume: Math.max(0, Math.min(100, Math.round(volume))) });
      save();
    },

    reached() {
      if (get().limitedDay === utcDay()) return;
      set({ limitedDay: utcDay(), notice: 'reached' });
      save();
    },

    recovered() {
      set({ limitedDay: null, notice: 'recovered' });
      save();
    },

    dismissNotice: () => set({ notice: null }),

    unlock() {
      if (queue || get().tts) speechQueue().unlock();
    },

    async replay(dialogueId) {
      const q = speechQueue();
      q.stop();
      q.unlock();
      set({ replaying: dialogueId, replayError: null });
      try {
        const { clips } = await speechService.dialogueAudio(dialogueId);
        if (get().replaying !== dialogueId) return;
        for (const c of clips) q.push({ url: c.url, dialogue_id: dialogueId, start: c.start });
      } catch (error) {
        if (errorCode(error) === ErrorCode.TtsLimit) get().reached();
        else set({ replayError: { dialogueId, message: errorText(error) } });
      } finally {
        if (get().replaying === dialogueId) set({ replaying: null });
      }
    },

    stop() {
      queue?.stop();
      set({ replaying: null });
    },
  };
});

/** The quota ran out today: the switch is off and disabled until it is recovered. */
export function isLimited(s: Pick<SpeechState, 'limitedDay'>): boolean {
  return s.limitedDay !== null && s.limitedDay >= utcDay();
}

/** The one queue the play screen speaks through, made on first use (never while speech is off). */
export function speechQueue(): SpeechQueue {
  queue ??= new SpeechQueue({
    create: audioFactory,
    onSpeaking: (speaking) => useSpeechStore.setState({ speaking }),
    onLine: (line) => useSpeechStore.setState({ line }),
    onBlocked: (blocked) => useSpeechStore.setState({ blocked }),
  });
  return queue;
}

/** What the play store asks of speech while the play screen is open. */
export const playSpeech: SpeechBridge = {
  wanted: () => {
    const s = useSpeechStore.getState();
    return s.tts && !isLimited(s);
  },
  audio: (clip) => {
    if (!playSpeech.wanted()) return;
    speechQueue().push({ url: clip.url, dialogue_id: clip.dialogue_id, start: clip.start });
  },
  limit: () => useSpeechStore.getState().reached(),
  stop: () => useSpeechStore.getState().stop(),
};

/** Back to the first state; for tests. */
export function resetSpeechStore(): void {
  queue?.stop();
  queue = null;
  audioFactory = browserAudio;
  useSpeechStore.setState({ owner: 'guest', tts: false, volume: DEFAULT_MUSIC_VOLUME, limitedDay: null, notice: null, speaking: false, line: null, blocked: false, replayError: null, replaying: null });
}
