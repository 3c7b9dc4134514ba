// The play module's face: what other modules may use. Everything else in this folder is its own.
export { storyCards } from './stories/listing';
export { type PlayableStory } from './stories/story.source';
export { Dialogue, type DialogueFields } from './dialogue.model';
export { Play, type PlayFields } from './play.model';
export { ownPlay, storyOfPlay } from './session/plays';
export { addChatsToday, spendChatsToday } from './turn/adChats';
// For calls (the call module): a spoken line goes through the same send, stop and live replies as a typed one.
export { sendTurn } from './turn/send';
export { stopReply } from './turn/stop';
export { withSpeech, type EventsOut } from './stream/speech';
export type { PlayContext } from './context';
export { TURN_PATHS } from './turnPaths';
