import type { AudioState } from './store';

export const selectIsPlaying = (url: string) => (s: AudioState) => s.playing === url;
