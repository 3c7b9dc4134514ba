// The interact module's face: what other modules may use. Everything else in this folder is its own.
export { severFollows } from './follow.service';
export { cursorQuery } from './interact.schema';
export { mostPart, newestById, pageRange, sequentialId, sortKey } from '../../lib/keys';
export { StoryLike } from './like.model';
export { blockedAround, nobody, peopleOf, refuseIfBlocked } from './people';
export { StoryStats, bumpStory, storyStatsOf, useStatsBus } from './stats.model';
