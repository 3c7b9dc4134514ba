import type { SpeechClip } from '../../services/stream.service';

/*
 * Where a reply's speech goes. The play store asks for spoken replies (`tts=1`) only while the play panel's switch
 * is on and the day's quota is not used up, hands the `audio` events over in order, and says when what is queued
 * must stop: the player sends, rewinds, restarts, moves to the latest version or leaves. The play panel's speech
 * (stores/speech) connects itself while the play screen is open; with nothing connected nothing is asked for.
 */
export interface SpeechBridge {
  /** Whether streams opened now should carry speech. */
  wanted: () => boolean;
  /** A spoken sentence arrived, in order after its text. */
  audio: (clip: SpeechClip) => void;
  /** The day's speech quota ran out during this turn. */
  limit: () => void;
  /** What is playing or queued stops: a new turn, a rewind, a restart or leaving makes it stale. */
  stop: () => void;
}

const silent: SpeechBridge = { wanted: () => false, audio: () => undefined, limit: () => undefined, stop: () => undefined };

export const speechBridge: { current: SpeechBridge } = { current: silent };

/** Connects the play screen's speech; the returned call disconnects it (stopping what plays). */
export function connectSpeech(bridge: SpeechBridge): () => void {
  speechBridge.current = bridge;
  return () => {
    if (speechBridge.current !== bridge) return;
    bridge.stop();
    speechBridge.current = silent;
  };
}
