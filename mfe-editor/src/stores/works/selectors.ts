import { CreatorStoryStatus } from 'shared-kit';
import type { WorksState } from './store';

export const selectWorks = (s: WorksState) => s.stories;
export const selectWorksStatus = (s: WorksState) => s.status;
export const selectWorksError = (s: WorksState) => s.error;
export const selectFilter = (s: WorksState) => s.filter;

/** While any story is under review, the list keeps asking for its outcome. */
export const selectAnyVerifying = (s: WorksState): boolean =>
  s.stories.some((x) => x.creator_status === CreatorStoryStatus.Verifying);
