import { ErrorCode, type StoryIssue } from 'shared-kit';
import { AppError } from '../../lib/errors';

export const noStory = (): AppError => new AppError(ErrorCode.NoStory, 'This story does not exist');
export const storyDeleted = (): AppError =>
  new AppError(ErrorCode.StoryDeleted, 'This creation has been deleted');
/** Someone else's story: the client sends the user to no-access. */
export const notOwner = (): AppError =>
  new AppError(ErrorCode.UserStoryInfoPermission, 'No permission to access this content');

/** The save was based on a version that is no longer the latest; nothing was written. */
export const staleVersion = (current: string): AppError =>
  new AppError(ErrorCode.ConcurrentOperation, 'This story was changed elsewhere; reload it before saving', {
    data: { version_id: current },
  });

/** The section 5 rules failed: every issue in `data.errors`, nothing written. */
export const storyInvalid = (issues: StoryIssue[]): AppError => {
  const first = issues[0];
  return new AppError(
    ErrorCode.ClientParamError,
    first ? `${first.path}${first.node_id !== undefined ? ` (node ${first.node_id})` : ''}: ${first.message}` : 'Invalid story',
    {
      data: { errors: issues },
    },
  );
};
