import { create } from 'zustand';
import type { PlayMemory } from 'shared-kit';
import { errorText } from '../../lib/errors';
import * as memory from '../../services/memory.service';

/** The open play's memory as the Memory panel and the lines' Pin buttons show it. */
export interface MemoryState {
  playId: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  memory: PlayMemory | null;
  /** Why the last read failed. */
  loadError: string | null;
  /** A pin, unpin or summary write under way (its key: a dialogue id, a pin id, 'note' or 'summary'). */
  busy: string | null;
  /** Reads the play's memory (again): on opening the play, the panel, or after a rewind. */
  load: (playId: string) => Promise<void>;
  /** Each write answers with the memory as it now is, or an error message (the memory then stays as it was). */
  pinLine: (dialogueId: string) => Promise<string | null>;
  addNote: (note: string) => Promise<string | null>;
  unpin: (pinId: string) => Promise<string | null>;
  saveSummary: (summary: string) => Promise<string | null>;
  reset: () => void;
}

const initial = { playId: '', status: 'idle' as const, memory: null, loadError: null, busy: null };

export const useMemoryStore = create<MemoryState>()((set, get) => {
  /** Runs a write for the open play; its answer is taken only while the same play is open. */
  async function write(key: string, run: (playId: string) => Promise<PlayMemory>): Promise<string | null> {
    const playId = get().playId;
    if (!playId || get().busy) return null;
    set({ busy: key });
    try {
      const next = await run(playId);
      if (get().playId === playId) set({ memory: next, status: 'ready', busy: null });
      return null;
    } catch (err) {
      if (get().playId === playId) set({ busy: null });
      return errorText(err);
    }
  }
  return {
    ...initial,
    load: async (playId) => {
      set(get().playId === playId && get().memory ? { status: 'ready', loadError: null } : { ...initial, playId, status: 'loading' });
      try {
        const m = await memory.readMemory(playId);
        if (get().playId === playId) set({ memory: m, status: 'ready', loadError: null });
      } catch (err) {
        if (get().playId === playId && !get().memory) set({ status: 'error', loadError: errorText(err) });
      }
    },
    pinLine: (dialogueId) => write(dialogueId, (playId) => memory.pinMemory({ play_id: playId, dialogue_id: dialogueId })),
    addNote: (note) => write('note', (playId) => memory.pinMemory({ play_id: playId, note })),
    unpin: (pinId) => write(pinId, (playId) => memory.unpinMemory(playId, pinId)),
    saveSummary: (summary) => write('summary', (playId) => memory.saveSummary(playId, summary)),
    reset: () => set({ ...initial }),
  };
});

/** The pin of a line, when it is pinned. */
export function pinOfLine(m: PlayMemory | null, dialogueId: string) {
  return m?.pins.find((p) => p.kind === 'line' && p.dialogue_id === dialogueId) ?? null;
}
