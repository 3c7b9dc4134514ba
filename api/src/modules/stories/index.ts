// The stories module's face: the one owner of stories and their versions. The editor writes them; every other
// module reads them here (by id, the live version players see, the owner's own story) or, when it changes a
// story's state (review, sanctions, plans), through the models exported here. It imports no feature module.
export { noStory, notOwner, staleVersion, storyDeleted, storyInvalid } from './story.errors';
export { creatorLiveStoryViews, liveStoryView, liveStoryViews, openStoryCreator, type LiveStoryView } from './story.live';
export { Story, type StoryPermission, type StoryRecord, contentFields, contentSchema } from './story.model';
export { registerStoryEditedHook, storyEdited, type StoryEditedHook } from './story.hooks';
export { ownStory } from './story.owner';
export { countStories, isPendingVersion, storiesById, storyById, versionById, type StoryLookup } from './story.read';
export { StoryVersion, type StoryVersionRecord } from './storyVersion.model';
export { StoryViewDay, recordStoryView } from './story.views';
