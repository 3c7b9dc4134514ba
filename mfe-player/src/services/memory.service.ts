import { unwrap, type Envelope, type PinRequest, type PlayDebugView, type PlayMemory } from 'shared-kit';
import { apiClient } from '../api/client';
import type { Dialogue } from '../api/types';

// The play's memory: the running summary and the player's pins (docs/api.md, Memory).

const T = '/tyler/memory';

export function readMemory(playId: string): Promise<PlayMemory> {
  return unwrap(apiClient.get<Envelope<PlayMemory>>(T, { params: { play_id: playId }, silent: true }));
}

/** Pins a line of the play (`dialogue_id`) or a note. */
export function pinMemory(body: PinRequest): Promise<PlayMemory> {
  return unwrap(apiClient.post<Envelope<PlayMemory>>(`${T}/pin`, body, { silent: true }));
}

export function unpinMemory(playId: string, pinId: string): Promise<PlayMemory> {
  return unwrap(apiClient.post<Envelope<PlayMemory>>(`${T}/unpin`, { play_id: playId, pin_id: pinId }, { silent: true }));
}

export function saveSummary(playId: string, summary: string): Promise<PlayMemory> {
  return unwrap(apiClient.post<Envelope<PlayMemory>>(`${T}/summary`, { play_id: playId, summary }, { silent: true }));
}

export interface Suggested {
  play_id: string;
  options: string[];
  dialogue: Dialogue;
}

/** Two or three things to say after the newest reply, stored by the api as a FixedOptions row (`dialogue`). */
export function suggestReplies(playId: string): Promise<Suggested> {
  return unwrap(apiClient.post<Envelope<Suggested>>('/tyler/message/suggest', { play_id: playId }, { silent: true }));
}

/** The creator's debug view of a test play of a draft (1201 for anyone else). */
export function readPlayDebug(playId: string): Promise<PlayDebugView> {
  return unwrap(apiClient.get<Envelope<PlayDebugView>>('/tyler/play/debug', { params: { play_id: playId }, silent: true }));
}
