import { noStory, notOwner, storyDeleted } from './story.errors';
import { Story, type StoryRecord } from './story.model';

/** The story, for its owner; 2002 / 2001 / 3001 otherwise. */
export async function ownStory(uid: string, storyId: string): Promise<StoryRecord> {
  const story = await Story.findOne({ story_id: storyId }).lean<StoryRecord>();
  if (!story) throw noStory();
  if (story.uid !== uid) throw notOwner();
  if (story.deleted_at) throw storyDeleted();
  return story;
}
