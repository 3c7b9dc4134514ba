import { create } from 'zustand';
import { fetchStream } from '../../services/stream.service';
import { setStreamTransport } from './connection';
import { createSessionSlice } from './session';
import { playInitial, type PlayState } from './state';
import { createPlayStream, createStreamSlice, type PlayStream } from './stream';
import { createTurnSlice } from './turn';

export { connectSpeech, speechBridge, type SpeechBridge } from './speech';
export { RECONNECT_DELAYS_MS, STANDBY_RETRY_MS, setStreamTransport } from './connection';
export { DEFAULT_INPUT_MAX, type BusyAction, type LoadStatus, type PlayState } from './state';

/** The stream machinery of the one play store: the slices share it. */
let stream: PlayStream;

/** The play screen's store: the session, turn and stream slices over one reply relay (stream.ts). */
export const usePlayStore = create<PlayState>()((set, get, api) => {
  stream = createPlayStream(set, get);
  return {
    ...createStreamSlice(set, get, api),
    ...createSessionSlice(stream)(set, get, api),
    ...createTurnSlice(stream)(set, get, api),
  };
});

/** The play panel's speech switch changed: the stream waiting for the next turn is opened again to match. */
export function refreshStandby(): void {
  stream.standby.ensure(stream.session());
}

/** Back to the initial state with the streams closed; for tests and when leaving the play screen. */
export function resetPlayStore(): void {
  stream.stop();
  stream.newSession();
  setStreamTransport(fetchStream);
  usePlayStore.setState({ ...playInitial });
}
