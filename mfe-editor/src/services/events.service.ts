import { unwrap, type Envelope, type TrackEventName, type TrackRequest } from 'shared-kit';
import { apiClient } from '../api/client';
import type { EnterEditorEvent } from '../api/types';

/** The "enter story editor" event of spec section 2. Silent: analytics never bothers the creator. */
export function trackEnterEditor(event: EnterEditorEvent): Promise<unknown> {
  return unwrap(
    apiClient.post<Envelope<unknown>>(
      '/events/track',
      { name: 'enter_story_editor', params: event } satisfies TrackRequest,
      { silent: true },
    ),
  );
}

export type VoiceEventName = Extract<TrackEventName, `voice_${string}`>;

/** The voice events of spec section 7 (the library shown, a voice picked for a mix, a share changed, a mix made). Silent. */
export function trackVoiceEvent(name: VoiceEventName, params: Record<string, string | number | boolean> = {}): void {
  void unwrap(apiClient.post<Envelope<unknown>>('/events/track', { name, params } satisfies TrackRequest, { silent: true })).catch(() => undefined);
}
