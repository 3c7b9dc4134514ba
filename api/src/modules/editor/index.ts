// The editor module's face: what other modules may use of the story writing it does (the stories themselves are
// the stories module's). Everything else in this folder is its own.
export { contentOf } from './story.presenter';
export { type EditorDeps, saveStory } from './story.service';
