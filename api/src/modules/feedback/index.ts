// The feedback module's face: what other modules may use. Everything else in this folder is its own.
// Feedback to the team (settings and the console) and players' "not interested" on stories of the feed.
export { heldStoryIds, storySignals } from './hold.service';
