import { execFileSync } from 'node:child_process';
import OpusScript from 'opusscript';
import { offlineSpeech } from '../../src/modules/voice/tts.engines';
import { voiceSpec } from '../../src/modules/voice/voice.specs';

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

/** The CRC-32 of Ogg pages (polynomial 0x04c11db7, not reflected, starting at 0). */
const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let r = i << 24;
    for (let b = 0; b < 8; b += 1) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

/** One Ogg page holding whole packets (header type: 2 first page, 4 last page). */
function oggPage(packets: Buffer[], granule: bigint, serial: number, sequence: number, headerType: number): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let left = p.length; ; left -= 255) {
      lacing.push(Math.min(255, left));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new Error('too many packets for one Ogg page');
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = headerType;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  lacing.forEach((l, i) => (header[27 + i] = l));
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * The speech encoded as an Ogg Opus file (RFC 7845): libopus compiled to WebAssembly (opusscript) encodes 20 ms frames
 * at 16 kHz, and the pages (OpusHead, OpusTags, then about a second of packets each) are written here.
 */
export function oggOpusOf(wav: Buffer): Buffer {
  const RATE = 16_000;
  const FRAME = RATE / 50;
  const PRE_SKIP = 312;
  const { rate, samples } = readWav(wav);
  // Down to 16 kHz by averaging the samples each output sample covers.
  const ratio = rate / RATE;
  const pcm = new Int16Array(Math.ceil(Math.floor(samples.length / ratio) / FRAME) * FRAME);
  for (let i = 0; i < Math.floor(samples.length / ratio); i += 1) {
    const from = Math.floor(i * ratio);
    const to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = from; j < to; j += 1) sum += samples[j] ?? 0;
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((sum / (to - from)) * 32767)));
  }
  const encoder = new OpusScript(RATE, 1, OpusScript.Application.VOIP);
  const packets: Buffer[] = [];
  try {
    for (let at = 0; at < pcm.length; at += FRAME) {
      const frame = Buffer.from(pcm.buffer, pcm.byteOffset + at * 2, FRAME * 2);
      packets.push(Buffer.from(encoder.encode(frame, FRAME)));
    }
  } finally {
    encoder.delete();
  }
  const serial = 0x5eed;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(RATE, 12);
  const vendor = Buffer.from('storyverse tests', 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage([head], 0n, serial, 0, 2), oggPage([tags], 0n, serial, 1, 0)];
  const perPage = 50;
  for (let i = 0; i < packets.length; i += perPage) {
    const chunk = packets.slice(i, i + perPage);
    const last = i + perPage >= packets.length;
    // Granule positions count the 48 kHz samples decoded by the page's end (the pre-skip among them).
    const granule = BigInt((i + chunk.length) * 960);
    pages.push(oggPage(chunk, granule, serial, pages.length, last ? 4 : 0));
  }
  return Buffer.concat(pages);
}
