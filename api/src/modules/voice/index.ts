// The voice module's face: what other modules may use. Everything else in this folder is its own.
export { DEFAULT_VOICE } from './voice.specs';
export { speakableText, speakSentence, speechAudio, speechEnabled, warmSpeech } from './voice.service';
export { assertVoicesPublishable } from './ugc.publish';
export { audioUrl, bgmList, dubbingList, isKnownVid, offlineClip, vidUrls } from './offlineClips';
export type { Transcriber } from './ugc.asr';
