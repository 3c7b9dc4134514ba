import { ErrorCode, StoryStatus } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Story } from '../editor/story.model';

/** What the social calls need of a story players can see. */
export interface PublicStory {
  story_id: string;
  /** The creator. */
  uid: string;
  story_name: string;
  introduction: string;
  logo: string;
}

/**
 * A story that is live (a version passed review and it is not deleted): 2002 when there is none, 2001 when deleted,
 * 2003 when nothing of it was ever published. Social actions (likes, comments, shares) need one.
 */
export async function publicStory(storyId: string): Promise<PublicStory> {
  const story = await Story.findOne(
    { story_id: storyId },
    { story_id: 1, uid: 1, status: 1, deleted_at: 1, live_version_id: 1, story_name: 1, introduction: 1, logo: 1 },
  ).lean<{ story_id: string; uid: string; status: number; deleted_at: Date | null; live_version_id: string | null; story_name: string; introduction: string; logo: string }>();
  if (!story) throw new AppError(ErrorCode.NoStory, 'No such story');
  if (story.deleted_at || story.status === StoryStatus.Deleted) throw new AppError(ErrorCode.StoryDeleted);
  if (!story.live_version_id) throw new AppError(ErrorCode.PlayableVersionMissing);
  return {
    story_id: story.story_id,
    uid: story.uid,
    story_name: story.story_name ?? '',
    introduction: story.introduction ?? '',
    logo: story.logo ?? '',
  };
}
