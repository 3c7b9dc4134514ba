// The sanction module's face: what other modules may use. Everything else in this folder is its own.
export { Sanction } from './sanction.model';
export { giveSanction } from './sanction.service';
export { StoryAppealModel } from './storyAppeal.model';
