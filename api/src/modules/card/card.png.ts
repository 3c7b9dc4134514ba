import crc32 from 'crc-32';
import { CardError } from './card.errors';

/**
 * PNG chunks (the PNG specification's chunk layout: 4-byte big-endian length, 4-byte type, data, CRC-32 of type and
 * data). Character cards live in `tEXt` chunks: keyword, a NUL, then Latin-1 text (the card as base64).
 */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  data: Buffer;
}

export function isPng(buf: Buffer): boolean {
  return buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE);
}

function crcOf(type: string, data: Buffer): number {
  return crc32.buf(data, crc32.bstr(type)) >>> 0;
}

/** Every chunk of a PNG, each checked against its CRC; a file cut short or damaged is refused, naming the chunk. */
export function readPngChunks(buf: Buffer): PngChunk[] {
  if (!isPng(buf)) throw new CardError('format', 'This is not a PNG picture');
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < buf.length) {
    if (at + 8 > buf.length) throw new CardError('truncated', 'The PNG is cut short (truncated file)');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new CardError('damaged', `The PNG is damaged: a chunk at byte ${at} has no valid type`);
    const end = at + 12 + length;
    if (end > buf.length) throw new CardError('truncated', `The PNG is cut short inside its ${type} chunk (truncated file)`);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (buf.readUInt32BE(at + 8 + length) !== crcOf(type, data)) {
      throw new CardError('damaged', `The PNG is damaged: its ${type} chunk fails its checksum`);
    }
    chunks.push({ type, data });
    at = end;
    if (type === 'IEND') return chunks;
  }
  throw new CardError('truncated', 'The PNG is cut short: it has no end chunk (truncated file)');
}

/** The `tEXt` chunks as keyword -> text; the first of a keyword wins. */
export function textChunks(chunks: readonly PngChunk[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of chunks) {
    if (c.type !== 'tEXt') continue;
    const nul = c.data.indexOf(0);
    if (nul <= 0) continue;
    const key = c.data.toString('latin1', 0, nul);
    if (!out.has(key)) out.set(key, c.data.toString('latin1', nul + 1));
  }
  return out;
}

function encodeChunk(chunk: PngChunk): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(chunk.data.length, 0);
  head.write(chunk.type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crcOf(chunk.type, chunk.data), 0);
  return Buffer.concat([head, chunk.data, crc]);
}

export function textChunk(keyword: string, text: string): PngChunk {
  return { type: 'tEXt', data: Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]) };
}

/**
 * The PNG with its `tEXt` chunks of the given keywords replaced by `texts` (placed just before IEND, in order);
 * every other chunk is kept as it was.
 */
export function withTextChunks(png: Buffer, texts: ReadonlyArray<[string, string]>): Buffer {
  const keys = new Set(texts.map(([k]) => k));
  const kept = readPngChunks(png).filter((c) => {
    if (c.type !== 'tEXt') return true;
    const nul = c.data.indexOf(0);
    return !keys.has(c.data.toString('latin1', 0, nul < 0 ? 0 : nul));
  });
  const iend = kept.findIndex((c) => c.type === 'IEND');
  const added = texts.map(([k, v]) => textChunk(k, v));
  const all = [...kept.slice(0, iend), ...added, ...kept.slice(iend)];
  return Buffer.concat([PNG_SIGNATURE, ...all.map(encodeChunk)]);
}
