// The editor module's face: what other modules may use of the stories it owns. Everything else in this folder is
// its own.
export { GENERATE_SIZES, type GenerateUse } from './image.generate';
export { noStory, notOwner, staleVersion, storyDeleted } from './story.errors';
export { liveStoryView, liveStoryViews, creatorLiveStoryViews, type LiveStoryView } from './story.live';
export { Story, type StoryRecord, contentSchema } from './story.model';
export { contentOf } from './story.presenter';
export { type EditorDeps, ownStory, saveStory } from './story.service';
export { StoryVersion, type StoryVersionRecord } from './storyVersion.model';
