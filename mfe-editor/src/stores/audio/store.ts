import { create } from 'zustand';

/** What can play a clip; the browser's Audio by default, replaced in tests (jsdom cannot play). */
export interface Player {
  play: (url: string, onEnd: () => void) => () => void;
}

function browserPlayer(): Player {
  return {
    play: (url, onEnd) => {
      const audio = new Audio(url);
      audio.addEventListener('ended', onEnd);
      audio.addEventListener('error', onEnd);
      audio.play().catch(onEnd);
      return () => {
        audio.pause();
        audio.removeEventListener('ended', onEnd);
      };
    },
  };
}

export interface AudioState {
  /** The clip playing now (one at a time: starting another stops it). */
  playing: string | null;
  toggle: (url: string) => void;
  stop: () => void;
}

let player: Player | null = null;
let stopCurrent: (() => void) | null = null;

export function setPlayer(p: Player | null): void {
  player = p;
}

export const useAudioStore = create<AudioState>()((set, get) => ({
  playing: null,
  toggle: (url) => {
    const wasPlaying = get().playing;
    get().stop();
    if (wasPlaying === url) return;
    const p = player ?? (player = browserPlayer());
    set({ playing: url });
    stopCurrent = p.play(url, () => {
      if (get().playing === url) set({ playing: null });
    });
  },
  stop: () => {
    stopCurrent?.();
    stopCurrent = null;
    set({ playing: null });
  },
}));

export function resetAudioStore(): void {
  useAudioStore.getState().stop();
  player = null;
}
