// The community module's face: what other modules may use. Everything else in this folder is its own.
// Follows, story likes and the social counters (people by uid are the users module's); its routes keep the
// spec's `/api/interact/` paths.
export { severFollows } from './follow.service';
export { Follow } from './follow.model';
export { StoryLike } from './like.model';
export { StoryStats, bumpStory, storyStatsOf } from './stats.model';
