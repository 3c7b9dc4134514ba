/**
 * Offline audio for the voice picker's audition and the chapter music list: short generated WAV clips, so the
 * editor's playback works with no audio hosting. Deterministic, built once per clip and kept in memory.
 */
const SAMPLE_RATE = 16_000;

function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_000), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A sequence of notes (Hz, seconds), each with a soft attack and release so clips do not click. */
export function renderNotes(notes: Array<[number, number]>, volume = 0.4): Buffer {
  const total = notes.reduce((s, [, d]) => s + Math.round(d * SAMPLE_RATE), 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [freq, seconds] of notes) {
    const n = Math.round(seconds * SAMPLE_RATE);
    const fade = Math.min(n / 4, SAMPLE_RATE * 0.03);
    for (let i = 0; i < n; i += 1) {
      const env = Math.min(1, i / fade, (n - i) / fade);
      const t = i / SAMPLE_RATE;
      // A fundamental with a quieter octave: closer to a voice or an instrument than a bare sine.
      out[at + i] =
        env * volume * (0.8 * Math.sin(2 * Math.PI * freq * t) + 0.2 * Math.sin(4 * Math.PI * freq * t));
    }
    at += n;
  }
  return wav(out);
}

const cache = new Map<string, Buffer>();

/** The clip for `key`, rendered on first use. */
export function clip(key: string, render: () => Buffer): Buffer {
  let data = cache.get(key);
  if (!data) {
    data = render();
    cache.set(key, data);
  }
  return data;
}
