import type { UgcVoice } from 'shared-kit';
import { create } from 'zustand';
import { errorText } from '../../lib/errors';
import * as voiceService from '../../services/voice.service';

/** The signed-in creator's own voices, for the voice picker and the library page. */
export interface MyVoicesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  voices: UgcVoice[];
  /** Loads them once; later calls reuse them. */
  ensure: () => Promise<void>;
  /** Loads them again (after a change on the library page). */
  refresh: () => Promise<void>;
  /** Puts a created or changed voice in place (a deleted one goes). */
  put: (voice: UgcVoice) => void;
}

export const useMyVoicesStore = create<MyVoicesState>()((set, get) => ({
  status: 'idle',
  error: null,
  voices: [],
  ensure: async () => {
    if (get().status === 'loading' || get().status === 'ready') return;
    await get().refresh();
  },
  refresh: async () => {
    set({ status: 'loading', error: null });
    try {
      const list = await voiceService.listVoices({ scope: 'mine' });
      set({ status: 'ready', voices: list.voices });
    } catch (error) {
      set({ status: 'error', error: errorText(error) });
    }
  },
  put: (voice) => {
    const others = get().voices.filter((v) => v.voice_id !== voice.voice_id);
    set({ voices: voice.status === 'Deleted' ? others : [voice, ...others].sort((a, b) => b.create_time - a.create_time) });
  },
}));

export function resetMyVoicesStore(): void {
  useMyVoicesStore.setState({ status: 'idle', error: null, voices: [] });
}
