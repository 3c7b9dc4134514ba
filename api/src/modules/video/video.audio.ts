/**
 * The video's sound, built in memory: each spoken line's clip decoded to mono samples at one rate, laid out at its
 * time, over the chapter's music loop at a low level. Clips other than 16-bit PCM WAV (an MP3 from a speech
 * endpoint) are decoded by ffmpeg first.
 */
import { spawn } from 'node:child_process';

/** eSpeak NG's own rate: its clips need no resampling, and a track is half the memory of 44.1 kHz. */
export const SAMPLE_RATE = 22_050;

/** Mono samples in -1..1 at SAMPLE_RATE; null when `wav` is not 16-bit PCM WAV. */
export function decodeWav(wav: Buffer): Float32Array | null {
  if (wav.length < 44 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return null;
  let at = 12;
  let channels = 0;
  let rate = 0;
  let bits = 0;
  let format = 0;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    let size = wav.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      format = wav.readUInt16LE(body);
      channels = wav.readUInt16LE(body + 2);
      rate = wav.readUInt32LE(body + 4);
      bits = wav.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (format !== 1 || bits !== 16 || channels < 1 || rate < 1000) return null;
      // A streamed WAV may say 0 or more than it holds: read what is there.
      if (size === 0 || body + size > wav.length) size = wav.length - body;
      const frames = Math.floor(size / (2 * channels));
      const mono = new Float32Array(frames);
      for (let i = 0; i < frames; i += 1) {
        let sum = 0;
        for (let c = 0; c < channels; c += 1) sum += wav.readInt16LE(body + (i * channels + c) * 2);
        mono[i] = sum / channels / 32768;
      }
      return resample(mono, rate);
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** Linear resampling to SAMPLE_RATE (speech and generated music: no audible loss at these rates). */
function resample(input: Float32Array, rate: number): Float32Array {
  if (rate === SAMPLE_RATE) return input;
  const out = new Float32Array(Math.floor((input.length * SAMPLE_RATE) / rate));
  const step = rate / SAMPLE_RATE;
  for (let i = 0; i < out.length; i += 1) {
    const x = i * step;
    const j = Math.floor(x);
    const f = x - j;
    out[i] = (input[j] ?? 0) * (1 - f) + (input[j + 1] ?? input[j] ?? 0) * f;
  }
  return out;
}

/** Any audio ffmpeg reads, as mono samples at SAMPLE_RATE. */
export function decodeWithFfmpeg(bin: string, audio: Buffer, signal: AbortSignal): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(SAMPLE_RATE), 'pipe:1'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const stop = () => child.kill('SIGKILL');
    signal.addEventListener('abort', stop, { once: true });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stdin.on('error', () => undefined);
    child.stdin.end(audio);
    child.once('error', reject);
    child.once('close', (code) => {
      signal.removeEventListener('abort', stop);
      if (code !== 0) return reject(new Error(`ffmpeg could not read a speech clip (${code})`));
      const pcm = Buffer.concat(chunks);
      const out = new Float32Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < out.length; i += 1) out[i] = pcm.readInt16LE(i * 2) / 32768;
      resolve(out);
    });
  });
}

/** A track of `seconds` to lay clips on. */
export function track(seconds: number): Float32Array {
  return new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
}

/** Adds `clip` into `into` from `atSeconds`, scaled by `gain`. */
export function lay(into: Float32Array, clip: Float32Array, atSeconds: number, gain = 1): void {
  const start = Math.round(atSeconds * SAMPLE_RATE);
  const n = Math.min(clip.length, into.length - start);
  for (let i = 0; i < n; i += 1) into[start + i]! += clip[i]! * gain;
}

/** Loops `loop` under `into` from `from` to `to` seconds at `gain`, faded in and out over half a second. */
export function layLoop(into: Float32Array, loop: Float32Array, from: number, to: number, gain: number): void {
  if (loop.length === 0) return;
  const start = Math.round(from * SAMPLE_RATE);
  const end = Math.min(into.length, Math.round(to * SAMPLE_RATE));
  const fade = Math.min(SAMPLE_RATE / 2, (end - start) / 2);
  for (let i = start; i < end; i += 1) {
    const env = Math.min(1, (i - start) / fade, (end - i) / fade);
    into[i]! += loop[(i - start) % loop.length]! * gain * env;
  }
}

/** The track as a 16-bit mono PCM WAV file, clipped to -1..1. */
export function encodeWav(samples: Float32Array): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i += 1) out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  return out;
}
