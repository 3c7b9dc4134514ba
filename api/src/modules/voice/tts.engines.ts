import path from 'node:path';
import { workerClient } from '../../lib/workerClient';
import type { VoiceSpec } from './voice.specs';

export interface SpeechClip {
  audio: Buffer;
  mime: 'audio/wav' | 'audio/mpeg';
}

/** Turns one sentence into audio in a voice. */
export interface SpeechEngine {
  /** Part of the cache key: the same text and voice sound different through another engine. */
  readonly name: string;
  synthesize(text: string, voice: VoiceSpec, signal?: AbortSignal): Promise<SpeechClip>;
  /** Gets ready for a first sentence soon (a stream asking for speech opened), so it is not held up by a cold start. */
  warm?(): void;
}

/**
 * The offline engine: eSpeak NG (WebAssembly) on a thread of its own, started on first use and kept for the life
 * of the process, so synthesis never holds up the event loop that streams replies.
 */
export function offlineSpeech(): SpeechEngine {
  const espeak = workerClient<{ text: string } & VoiceSpec['espeak'], { wav: Uint8Array; ms: number }>(path.join(__dirname, 'espeak.worker.mjs'), 'speech engine');
  return {
    name: 'espeak-ng',
    // Starting the thread compiles the WebAssembly module (most of a first sentence's time).
    warm: () => espeak.warm(),
    async synthesize(text, voice) {
      const { wav } = await espeak.request({ text, ...voice.espeak });
      return { audio: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), mime: 'audio/wav' };
    },
  };
}

export interface OpenAiSpeechOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** An OpenAI-compatible `POST /audio/speech` (WAV asked for); a failed answer throws with its status. */
export function openAiSpeech(options: OpenAiSpeechOptions): SpeechEngine {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  return {
    name: `openai:${options.model}`,
    async synthesize(text, voice, signal) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey ?? 'not-needed'}` },
        body: JSON.stringify({ model: options.model, voice: voice.openai, input: text, response_format: 'wav' }),
        signal: signal ?? AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`speech endpoint answered HTTP ${res.status}`);
      const audio = Buffer.from(await res.arrayBuffer());
      if (audio.length === 0) throw new Error('speech endpoint sent no audio');
      const type = res.headers.get('content-type') ?? '';
      return { audio, mime: type.includes('mpeg') || type.includes('mp3') ? 'audio/mpeg' : 'audio/wav' };
    },
  };
}
