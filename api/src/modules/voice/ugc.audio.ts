import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the recording checks measured (see audio.worker.mjs). */
export interface AudioMeasures {
  duration_ms: number;
  /** dBFS of the loud frames (95th percentile of 20 ms frames). */
  loudness_db: number;
  peak_db: number;
  /** dBFS of the quiet frames (10th percentile): the noise floor between words. */
  noise_db: number;
  snr_db: number;
  /** Median fundamental frequency of the voiced frames, 0 when none was found. */
  pitch_hz: number;
  /** Syllable nuclei a second of voiced time. */
  syllable_rate: number;
}

export type Analysis =
  | { kind: string; problem: 'format'; detail?: string }
  | { kind: string; measures: AudioMeasures; wav: Buffer };

type Answer = { id: number; kind: string; problem?: 'format'; detail?: string; measures?: AudioMeasures; wav?: Uint8Array } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (a: Analysis) => void; reject: (e: Error) => void }>();

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(__dirname, 'audio.worker.mjs'));
  started.unref();
  started.on('message', (msg: Answer) => {
    const waiting = pending.get(msg.id);
    if (!waiting) return;
    pending.delete(msg.id);
    if (pending.size === 0) started.unref();
    if ('error' in msg) waiting.reject(new Error(`audio check failed: ${msg.error}`));
    else if (msg.problem) waiting.resolve({ kind: msg.kind, problem: msg.problem, detail: msg.detail });
    else waiting.resolve({ kind: msg.kind, measures: msg.measures!, wav: Buffer.from(msg.wav!.buffer, msg.wav!.byteOffset, msg.wav!.byteLength) });
  });
  const fail = (err: Error): void => {
    if (worker === started) worker = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(err);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`audio checks stopped (exit ${code})`)));
  worker = started;
  return started;
}

/**
 * Decodes a file by its content (WAV, WebM/Opus, Ogg Opus, MP3) on a thread of its own and measures it; the
 * decoded audio comes back as a 16 kHz mono WAV. A file that is not audio in one of those formats is a `format`
 * problem.
 */
export function analyseAudio(data: Buffer): Promise<Analysis> {
  const id = ++nextId;
  return new Promise<Analysis>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const t = thread();
    t.ref();
    t.postMessage({ id, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  });
}
