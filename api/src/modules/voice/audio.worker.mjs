// The recording checks' thread (see ugc.audio.ts): decodes an uploaded or recorded file by its content (WAV, WebM
// with Opus as browsers' MediaRecorder writes it, Ogg Opus, MP3), folds it to 16 kHz mono and measures it: length,
// loudness, a signal-to-noise estimate, the voice's pitch and its syllable rate. Answers with the measures and the
// audio as a 16 kHz mono WAV. Plain JavaScript so it runs as it is under every runner (tsx, jest, node).
import { parentPort } from 'node:worker_threads';

const RATE = 16_000;

function ascii(buf, start, end) {
  return buf.length >= end ? Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('latin1') : '';
}

/** What the first bytes say the file is. */
export function sniffAudio(buf) {
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'wav';
  if (buf.length >= 4 && buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) return 'webm';
  if (ascii(buf, 0, 4) === 'OggS') return 'ogg';
  if (ascii(buf, 0, 3) === 'ID3') return 'mp3';
  if (buf.length >= 2 && buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0) return 'mp3';
  return 'unknown';
}

/** PCM WAV (8, 16, 24, 32-bit integer or 32-bit float) to channels of floats. */
function decodeWav(buf) {
  let at = 12;
  let fmt = null;
  while (at + 8 <= buf.length) {
    const id = ascii(buf, at, at + 4);
    let size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      fmt = { format: buf.readUInt16LE(at + 8), channels: buf.readUInt16LE(at + 10), rate: buf.readUInt32LE(at + 12), bits: buf.readUInt16LE(at + 22) };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV without a format chunk');
      // Writers that stream leave the size at its maximum: the rest of the file is the data.
      size = Math.min(size, buf.length - at - 8);
      const { format, channels, rate, bits } = fmt;
      const bytes = bits / 8;
      if (!channels || !rate || ![8, 16, 24, 32].includes(bits) || (format !== 1 && format !== 3 && format !== 0xfffe)) {
        throw new Error('unsupported WAV encoding');
      }
      const frames = Math.floor(size / (bytes * channels));
      const out = Array.from({ length: channels }, () => new Float32Array(frames));
      let p = at + 8;
      for (let i = 0; i < frames; i += 1) {
        for (let c = 0; c < channels; c += 1) {
          let v;
          if (format === 3 && bits === 32) v = buf.readFloatLE(p);
          else if (bits === 8) v = (buf[p] - 128) / 128;
          else if (bits === 16) v = buf.readInt16LE(p) / 32768;
          else if (bits === 24) v = buf.readIntLE(p, 3) / 8388608;
          else v = buf.readInt32LE(p) / 2147483648;
          out[c][i] = v;
          p += bytes;
        }
      }
      return { channelData: out, sampleRate: rate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV without audio data');
}

/** An EBML variable-length integer at `at`: its value (null for "unknown") and length. */
function vint(buf, at, keepMarker) {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  let len = 1;
  while (!(first & (0x80 >> (len - 1)))) len += 1;
  if (at + len > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> len);
  let allOnes = value === (0xff >> len);
  for (let i = 1; i < len; i += 1) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? null : value, len };
}

const MASTER = new Set([0x18538067, 0x1654ae6b, 0xae, 0x1f43b675, 0xa0]);

/** The Opus frames of a WebM file's first audio track, and its OpusHead. */
function demuxWebm(buf) {
  let at = 0;
  let codec = '';
  let head = null;
  let track = 0;
  let currentTrack = 0;
  const frames = [];
  while (at < buf.length) {
    const id = vint(buf, at, true);
    if (!id) break;
    const size = vint(buf, at + id.len, false);
    if (!size) break;
    const body = at + id.len + size.len;
    if (MASTER.has(id.value)) {
      at = body;
      continue;
    }
    if (size.value === null) break;
    const end = Math.min(buf.length, body + size.value);
    if (id.value === 0xd7) currentTrack = buf.readUIntBE(body, Math.min(6, size.value));
    else if (id.value === 0x86) {
      codec = ascii(buf, body, end);
      if (codec === 'A_OPUS' && !track) track = currentTrack || 1;
    } else if (id.value === 0x63a2 && codec === 'A_OPUS' && !head) head = buf.subarray(body, end);
    else if (id.value === 0xa3 || id.value === 0xa1) {
      const tn = vint(buf, body, false);
      if (tn && (!track || tn.value === track)) {
        const flags = buf[body + tn.len + 2];
        // MediaRecorder writes one frame a block; laced blocks are not expected.
        if ((flags & 0x06) === 0) frames.push(buf.subarray(body + tn.len + 3, end));
      }
    }
    at = end;
  }
  if (!frames.length) throw new Error(codec && codec !== 'A_OPUS' ? `unsupported WebM codec ${codec}` : 'WebM without Opus audio');
  const channels = head && head.length >= 19 ? head[9] : 1;
  const preSkip = head && head.length >= 19 ? head.readUInt16LE(10) : 0;
  return { frames, channels: channels > 2 ? 2 : channels, preSkip };
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

/**
 * The whole, intact pages an Ogg file begins with. A file cut off (an upload that stopped, a recorder killed) ends in
 * part of a page, which the decoder would read past its end and turn into seconds of noise that is not in the file;
 * a page whose checksum fails is damaged. The audio stops at either, and a file without a whole audio page after
 * its two header pages is no Ogg Opus audio at all.
 */
function wholeOggPages(buf) {
  let at = 0;
  let pages = 0;
  while (at + 27 <= buf.length && ascii(buf, at, at + 4) === 'OggS') {
    const segments = buf[at + 26];
    if (at + 27 + segments > buf.length) break;
    let size = 27 + segments;
    for (let i = 0; i < segments; i += 1) size += buf[at + 27 + i];
    if (at + size > buf.length) break;
    const page = Buffer.from(buf.subarray(at, at + size));
    const stated = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    let crc = 0;
    for (const byte of page) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
    if (crc !== stated) break;
    at += size;
    pages += 1;
  }
  if (pages < 3) throw new Error(at < buf.length ? 'Ogg file cut off or damaged before its audio' : 'Ogg file without audio');
  return buf.subarray(0, at);
}

async function decode(buf, kind) {
  if (kind === 'wav') return decodeWav(buf);
  if (kind === 'webm') {
    const { frames, channels, preSkip } = demuxWebm(buf);
    const { OpusDecoder } = await import('opus-decoder');
    const decoder = new OpusDecoder({ channels, preSkip });
    await decoder.ready;
    try {
      return decoder.decodeFrames(frames);
    } finally {
      decoder.free();
    }
  }
  if (kind === 'ogg') {
    const { OggOpusDecoder } = await import('ogg-opus-decoder');
    const decoder = new OggOpusDecoder();
    await decoder.ready;
    try {
      return await decoder.decodeFile(new Uint8Array(wholeOggPages(buf)));
    } finally {
      decoder.free();
    }
  }
  if (kind === 'mp3') {
    const { MPEGDecoder } = await import('mpg123-decoder');
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      return decoder.decode(new Uint8Array(buf));
    } finally {
      decoder.free();
    }
  }
  throw new Error('unknown format');
}

/** Channels at any rate to one channel at 16 kHz (each output sample the mean of the input samples it covers). */
function toMono16k({ channelData, sampleRate }) {
  const n = channelData[0]?.length ?? 0;
  const mono = new Float32Array(n);
  for (const ch of channelData) for (let i = 0; i < n; i += 1) mono[i] += ch[i] / channelData.length;
  if (sampleRate === RATE) return mono;
  const ratio = sampleRate / RATE;
  const out = new Float32Array(Math.floor(n / ratio));
  for (let i = 0; i < out.length; i += 1) {
    const from = Math.floor(i * ratio);
    const to = Math.max(from + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = from; j < to && j < n; j += 1) sum += mono[j];
    out[i] = sum / (to - from);
  }
  return out;
}

const FRAME = 320; // 20 ms

function percentile(sorted, p) {
  if (!sorted.length) return -100;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The fundamental frequency of one frame window by autocorrelation (70-400 Hz), or 0 when it is not voiced. */
function framePitch(s, start, len) {
  const minLag = Math.floor(RATE / 400);
  const maxLag = Math.floor(RATE / 70);
  if (start + len + maxLag > s.length) return 0;
  let energy = 0;
  for (let i = 0; i < len; i += 1) energy += s[start + i] * s[start + i];
  if (energy <= 0) return 0;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    let c = 0;
    let e2 = 0;
    for (let i = 0; i < len; i += 1) {
      c += s[start + i] * s[start + i + lag];
      e2 += s[start + i + lag] * s[start + i + lag];
    }
    const r = c / Math.sqrt(energy * e2 || 1);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.5 ? RATE / bestLag : 0;
}

/** Length, loudness (dBFS of the loud frames), noise floor, signal-to-noise, median pitch and syllables a second. */
function measure(s) {
  const frames = Math.floor(s.length / FRAME);
  const levels = new Float32Array(frames);
  let peak = 0;
  for (let f = 0; f < frames; f += 1) {
    let sum = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i += 1) {
      sum += s[i] * s[i];
      const a = Math.abs(s[i]);
      if (a > peak) peak = a;
    }
    levels[f] = Math.max(-100, 10 * Math.log10(sum / FRAME || 1e-10));
  }
  const sorted = Array.from(levels).sort((a, b) => a - b);
  const loud = percentile(sorted, 0.95);
  const floor = percentile(sorted, 0.1);
  // Voiced frames: within 20 dB of the loud level; pitch from every fourth of them (enough for a median).
  const pitches = [];
  let voiced = 0;
  for (let f = 0; f < frames; f += 1) {
    if (levels[f] < loud - 20 || levels[f] < -50) continue;
    voiced += 1;
    if (voiced % 4 === 0) {
      const p = framePitch(s, f * FRAME, 480);
      if (p) pitches.push(p);
    }
  }
  pitches.sort((a, b) => a - b);
  // Syllable nuclei: peaks of the level (smoothed over 5 frames) standing 6 dB over the dips around them.
  const smooth = levels.map((_, f) => {
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, f - 2); k <= Math.min(frames - 1, f + 2); k += 1) {
      sum += levels[k];
      n += 1;
    }
    return sum / n;
  });
  let syllables = 0;
  let dip = smooth[0] ?? -100;
  let rising = false;
  for (let f = 1; f < frames; f += 1) {
    if (smooth[f] < dip) dip = smooth[f];
    if (smooth[f] > loud - 25 && smooth[f] - dip > 6 && !rising) {
      rising = true;
      syllables += 1;
    }
    if (rising && smooth[f] < smooth[f - 1] - 3) {
      rising = false;
      dip = smooth[f];
    }
  }
  const voicedSeconds = (voiced * FRAME) / RATE;
  return {
    duration_ms: Math.round((s.length / RATE) * 1000),
    loudness_db: Math.round(loud * 10) / 10,
    peak_db: Math.round(20 * Math.log10(peak || 1e-5) * 10) / 10,
    noise_db: Math.round(floor * 10) / 10,
    snr_db: Math.round((loud - floor) * 10) / 10,
    pitch_hz: pitches.length ? Math.round(pitches[Math.floor(pitches.length / 2)]) : 0,
    syllable_rate: voicedSeconds > 0 ? Math.round((syllables / voicedSeconds) * 100) / 100 : 0,
  };
}

function wav16k(s) {
  const out = Buffer.alloc(44 + s.length * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + s.length * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(s.length * 2, 40);
  for (let i = 0; i < s.length; i += 1) out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s[i] * 32767))), 44 + i * 2);
  return out;
}

async function analyse(data) {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const kind = sniffAudio(buf);
  if (kind === 'unknown') return { kind, problem: 'format' };
  let decoded;
  try {
    decoded = await decode(buf, kind);
  } catch (err) {
    return { kind, problem: 'format', detail: err instanceof Error ? err.message : String(err) };
  }
  if (!decoded?.channelData?.length || !decoded.channelData[0].length) return { kind, problem: 'format', detail: 'no audio in the file' };
  const mono = toMono16k(decoded);
  const wav = wav16k(mono);
  return { kind, measures: measure(mono), wav };
}

if (parentPort) {
  let queue = Promise.resolve();
  parentPort.on('message', (request) => {
    queue = queue.then(async () => {
      try {
        const answer = await analyse(request.data);
        parentPort.postMessage({ id: request.id, ...answer }, answer.wav ? [answer.wav.buffer] : []);
      } catch (err) {
        parentPort.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
      }
    });
  });
}
