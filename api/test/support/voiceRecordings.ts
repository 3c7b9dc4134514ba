import { execFileSync } from 'node:child_process';
import { offlineSpeech } from '../../src/modules/voice/tts.engines';
import { voiceSpec } from '../../src/modules/voice/voice.catalog';

/** Recordings made for the custom-voice tests: eSpeak NG speech, silence, noise, short, long, quiet, noisy. */

export interface Pcm {
  rate: number;
  samples: Float32Array;
}

/** A PCM 16-bit mono WAV's samples (eSpeak leaves the data size at its maximum: the rest of the file is data). */
export function readWav(wav: Buffer): Pcm {
  let at = 12;
  let rate = 0;
  for (;;) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      const body = wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
      const samples = new Float32Array(Math.floor(body.length / 2));
      for (let i = 0; i < samples.length; i += 1) samples[i] = body.readInt16LE(i * 2) / 32768;
      return { rate, samples };
    }
    at += 8 + size + (size % 2);
  }
}

export function writeWav({ rate, samples }: Pcm): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i += 1) out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))), 44 + i * 2);
  return out;
}

const engine = offlineSpeech();

/** `text` read by the offline engine in a built-in voice, as WAV. */
export async function spoken(text: string, voice = 'en_male_deep'): Promise<Buffer> {
  return (await engine.synthesize(text, voiceSpec(voice))).audio;
}

/** `seconds` of one signal at 16 kHz. */
export function signal(seconds: number, sample: (i: number) => number, rate = 16_000): Buffer {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i += 1) samples[i] = sample(i);
  return writeWav({ rate, samples });
}

/** A deterministic pseudo-random noise source in -1..1. */
export function noiseSource(seed = 7): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x / 2147483648) * 2 - 1;
  };
}

/** The speech repeated until it lasts at least `seconds`. */
export function looped(wav: Buffer, seconds: number): Buffer {
  const { rate, samples } = readWav(wav);
  const out = new Float32Array(Math.ceil(seconds * rate));
  for (let i = 0; i < out.length; i += 1) out[i] = samples[i % samples.length]!;
  return writeWav({ rate, samples: out });
}

/** The speech scaled by `gain` with white noise of amplitude `noise` added. */
export function altered(wav: Buffer, gain: number, noise = 0): Buffer {
  const { rate, samples } = readWav(wav);
  const next = noiseSource();
  return writeWav({ rate, samples: samples.map((s) => s * gain + next() * noise) });
}

/** The speech encoded as MP3 (64 kbit/s) by the LAME encoder's JavaScript port, run as an ES module of its own. */
export function mp3Of(wav: Buffer): Buffer {
  const { rate, samples } = readWav(wav);
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))), i * 2);
  const script = `
    import { Mp3Encoder } from '@breezystack/lamejs';
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    const pcm = Buffer.concat(chunks);
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    const enc = new Mp3Encoder(1, ${rate}, 64);
    for (let i = 0; i < samples.length; i += 1152) process.stdout.write(Buffer.from(enc.encodeBuffer(samples.subarray(i, i + 1152))));
    process.stdout.write(Buffer.from(enc.flush()));
  `;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: pcm, cwd: __dirname, maxBuffer: 64 * 1024 * 1024 });
}
