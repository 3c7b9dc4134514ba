// The community module's face: what other modules may use. Everything else in this folder is its own.
// Follows, likes, people and the social counters; its routes keep the spec's `/api/interact/` paths.
export { severFollows } from './follow.service';
export { mostPart, newestById, pageRange, sequentialId, sortKey } from '../../lib/keys';
export { StoryLike } from './like.model';
export { blockedAround, nobody, peopleOf, refuseIfBlocked } from './people';
export { StoryStats, bumpStory, storyStatsOf, useStatsBus } from './stats.model';
