/** The editor module's face: what other modules may use of the stories it owns. */
export { liveStoryView, liveStoryViews, creatorLiveStoryViews, type LiveStoryView } from './story.live';
