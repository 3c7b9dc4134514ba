import { unwrap, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';
import type { EnterEditorEvent } from '../api/types';

/** The "enter story editor" event of spec section 2. Silent: analytics never bothers the creator. */
export function trackEnterEditor(event: EnterEditorEvent): Promise<unknown> {
  return unwrap(
    apiClient.post<Envelope<unknown>>(
      '/events/track',
      { name: 'enter_story_editor', params: event },
      { silent: true },
    ),
  );
}
