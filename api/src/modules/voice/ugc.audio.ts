import path from 'node:path';
import { workerClient } from '../../lib/workerClient';

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

type Answer = { kind: string; problem?: 'format'; detail?: string; measures?: AudioMeasures; wav?: Uint8Array };

const checks = workerClient<{ data: Uint8Array }, Answer>(path.join(__dirname, 'audio.worker.mjs'), 'audio checks');

/**
 * Decodes a file by its content (WAV, WebM/Opus, Ogg Opus, MP3) on a thread of its own and measures it; the
 * decoded audio comes back as a 16 kHz mono WAV. A file that is not audio in one of those formats is a `format`
 * problem.
 */
export async function analyseAudio(data: Buffer): Promise<Analysis> {
  const msg = await checks.request({ data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  if (msg.problem) return { kind: msg.kind, problem: msg.problem, detail: msg.detail };
  return { kind: msg.kind, measures: msg.measures!, wav: Buffer.from(msg.wav!.buffer, msg.wav!.byteOffset, msg.wav!.byteLength) };
}
