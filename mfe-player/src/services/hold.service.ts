import { unwrap, type Envelope, type HoldReason, type ResponseOf } from 'shared-kit';
import { apiClient } from '../api/client';

type Held = ResponseOf<'POST /interact/story/feedback'>;

/** "Not interested" in a story of the feed, with a hold reason: it leaves the player's feed for good. */
export function holdStory(storyId: string, reason: HoldReason): Promise<Held> {
  return unwrap(apiClient.post<Envelope<Held>>('/interact/story/feedback', { story_id: storyId, hold_reason: reason }, { silent: true }));
}
