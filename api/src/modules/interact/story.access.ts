import { ErrorCode, StoryStatus, storyReach, type StoryReach } from 'shared-kit';
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
  /** Where operators let the story appear (sharing needs `reach.share`). */
  reach: StoryReach;
}

/**
 * A story that is live (a version passed review and it is not deleted): 2002 when there is none, 2001 when deleted,
 * 2003 when nothing of it was ever published, 2001 or 1201 when an operator took it down or keeps it from others. Social actions (likes, comments, shares) need one.
 */
export async function publicStory(storyId: string): Promise<PublicStory> {
  const story = await Story.findOne(
    { story_id: storyId },
    { story_id: 1, uid: 1, status: 1, deleted_at: 1, live_version_id: 1, story_name: 1, introduction: 1, logo: 1, op_status: 1, visibility: 1 },
  ).lean<{
    story_id: string;
    uid: string;
    status: number;
    deleted_at: Date | null;
    live_version_id: string | null;
    story_name: string;
    introduction: string;
    logo: string;
    op_status?: string | null;
    visibility?: string | null;
  }>();
  if (!story) throw new AppError(ErrorCode.NoStory, 'No such story');
  if (story.deleted_at || story.status === StoryStatus.Deleted) throw new AppError(ErrorCode.StoryDeleted);
  if (!story.live_version_id) throw new AppError(ErrorCode.PlayableVersionMissing);
  const reach = storyReach(story.op_status, story.visibility);
  if (reach.removed) throw new AppError(ErrorCode.StoryDeleted, 'This story was removed');
  if (!reach.open) throw new AppError(ErrorCode.NoPermission, 'This story is not available');
  return {
    reach,
    story_id: story.story_id,
    uid: story.uid,
    story_name: story.story_name ?? '',
    introduction: story.introduction ?? '',
    logo: story.logo ?? '',
  };
}
