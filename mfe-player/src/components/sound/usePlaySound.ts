import { useEffect, useRef } from 'react';
import { PushType, ResourceLimit, createSocketClient, useSessionStore, type SocketClient, type SocketClientOptions } from 'shared-kit';
import { browserAudio, startPlaying, type AudioFactory, type AudioLike } from '../../lib/speechQueue';
import { connectSpeech, refreshStandby } from '../../stores/play/store';
import { DUCKED, isLimited, playSpeech, useSpeechStore } from '../../stores/speech/store';

export type SoundSocketFactory = (options: SocketClientOptions) => SocketClient;

/**
 * While the play screen is open: the person's sound settings are loaded, the play store asks for spoken replies
 * when the switch is on (the waiting stream is opened again when it changes), and a signed-in person's TTS
 * reached/recovered pushes come in on a connection of the screen's own while speech is on or limited.
 */
export function usePlaySpeech(socketFactory: SoundSocketFactory = createSocketClient): void {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const owner = user?.uid ?? 'guest';
  const tts = useSpeechStore((s) => s.tts);
  const limited = useSpeechStore(isLimited);

  useEffect(() => {
    useSpeechStore.getState().load(owner);
  }, [owner]);

  useEffect(() => connectSpeech(playSpeech), []);

  useEffect(() => {
    refreshStandby();
  }, [tts, limited]);

  // Any tap or key while speech is on lets the browser play the clips to come (and resumes one it refused).
  useEffect(() => {
    if (!tts) return undefined;
    const unlock = (): void => useSpeechStore.getState().unlock();
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return () => {
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
  }, [tts]);

  const listen = status === 'user' && (tts || limited);
  useEffect(() => {
    if (!listen) return undefined;
    let client: SocketClient;
    try {
      client = socketFactory({
        autoConnect: true,
        // Without the socket library the stream's own `audio_limit` still says when the quota ran out.
        onLoadError: (error) => console.error('play sound: the socket library could not be loaded', error),
      });
    } catch (error) {
      console.error('play sound: pushes could not start', error);
      return undefined;
    }
    const off = client.on(PushType.ResourceLimit, (push) => {
      if (push.resource_limit === ResourceLimit.TTSReached) useSpeechStore.getState().reached();
      else if (push.resource_limit === ResourceLimit.TTSRecovered) useSpeechStore.getState().recovered();
    });
    return () => {
      off();
      client.close();
    };
  }, [listen, socketFactory]);
}

/**
 * The chapter's background music, looped at the chosen volume (ducked while speech is heard). Browsers let sound
 * start only after a gesture: when they refuse, the next tap or key on the page starts it. Nothing is made without
 * music or at volume 0.
 */
export function useBackgroundMusic(url: string | null, create: AudioFactory = browserAudio): void {
  const volume = useSpeechStore((s) => s.volume);
  const speaking = useSpeechStore((s) => s.speaking);
  const element = useRef<AudioLike | null>(null);
  const audible = volume > 0;

  useEffect(() => {
    if (!url || !audible) return undefined;
    const el = create();
    el.loop = true;
    el.src = url;
    const s = useSpeechStore.getState();
    el.volume = (s.volume / 100) * (s.speaking ? DUCKED : 1);
    element.current = el;
    let stopped = false;
    const start = (): void => {
      if (stopped || !el.paused) return;
      startPlaying(el).then(
        () => forget(),
        () => undefined,
      );
    };
    const forget = (): void => {
      document.removeEventListener('pointerdown', start);
      document.removeEventListener('keydown', start);
    };
    document.addEventListener('pointerdown', start);
    document.addEventListener('keydown', start);
    start();
    return () => {
      stopped = true;
      forget();
      el.pause();
      element.current = null;
    };
  }, [url, audible, create]);

  useEffect(() => {
    if (element.current) element.current.volume = (volume / 100) * (speaking ? DUCKED : 1);
  }, [volume, speaking]);
}
