// The voice module's face: what other modules may use. Everything else in this folder is its own.
export { withSpeech } from './speech.stream';
export { assertVoicesPublishable } from './ugc.publish';
export { audioUrl, bgmList, dubbingList, isKnownVid, offlineClip, vidUrls } from './offlineClips';
