import { create } from 'zustand';
import type { Bgm, ImageStyle, LanguageDubbings } from '../../api/types';
import { errorText } from '../../lib/errors';
import * as mediaService from '../../services/media.service';

export interface MediaOptionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  dubbings: LanguageDubbings[];
  bgms: Bgm[];
  imageStyles: ImageStyle[];
  /** Loads voices, music and drawing styles once per page; later calls reuse them. */
  ensure: () => Promise<void>;
}

export const useMediaOptionsStore = create<MediaOptionsState>()((set, get) => ({
  status: 'idle',
  error: null,
  dubbings: [],
  bgms: [],
  imageStyles: [],
  ensure: async () => {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading', error: null });
    try {
      const [dubbings, bgms, imageStyles] = await Promise.all([
        mediaService.dubbingList(),
        mediaService.bgmList(),
        mediaService.imageStyles(),
      ]);
      set({ status: 'ready', dubbings, bgms, imageStyles });
    } catch (error) {
      set({ status: 'error', error: errorText(error) });
    }
  },
}));

export function resetMediaOptionsStore(): void {
  useMediaOptionsStore.setState({ status: 'idle', error: null, dubbings: [], bgms: [], imageStyles: [] });
}
