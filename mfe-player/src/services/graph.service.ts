import { unwrap, type EndingsFound, type Envelope } from 'shared-kit';
import { apiClient } from '../api/client';

/** `story/endings`: the endings the player found across their plays of the story, and this play's map. */
export function endingsFound(storyId: string, playId: string): Promise<EndingsFound> {
  return unwrap(apiClient.get<Envelope<EndingsFound>>('/tyler/story/endings', { params: { story_id: storyId, play_id: playId }, silent: true }));
}
