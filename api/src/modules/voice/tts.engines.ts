import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { VoiceSpec } from './voice.catalog';

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

type WorkerAnswer = { id: number; wav: Uint8Array; ms: number } | { id: number; error: string };

/**
 * The offline engine: eSpeak NG (WebAssembly) on a thread of its own, started on first use and kept for the life
 * of the process, so synthesis never holds up the event loop that streams replies. It does not keep the process
 * alive while idle.
 */
export function offlineSpeech(): SpeechEngine {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (a: Buffer) => void; reject: (e: Error) => void }>();
  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(path.join(__dirname, 'espeak.worker.mjs'));
    started.unref();
    started.on('message', (msg: WorkerAnswer) => {
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (pending.size === 0) started.unref();
      if ('error' in msg) waiting.reject(new Error(`speech failed: ${msg.error}`));
      else waiting.resolve(Buffer.from(msg.wav.buffer, msg.wav.byteOffset, msg.wav.byteLength));
    });
    const fail = (err: Error): void => {
      if (worker === started) worker = null;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(err);
      }
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`speech engine stopped (exit ${code})`)));
    worker = started;
    return started;
  };
  return {
    name: 'espeak-ng',
    // Starting the thread compiles the WebAssembly module (most of a first sentence's time).
    warm: () => void thread(),
    async synthesize(text, voice) {
      const id = ++nextId;
      const audio = await new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const t = thread();
        t.ref();
        t.postMessage({ id, text, ...voice.espeak });
      });
      return { audio, mime: 'audio/wav' };
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
