import { Unzip, UnzipInflate, zipSync, type Zippable } from 'fflate';
import { CARD_LIMITS, CardError, mbText } from './card.errors';

export interface ZipLimits {
  unpackedBytes: number;
  entries: number;
}

export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
}

/** A path inside the archive that stays inside it: relative, no `..` step, no drive or backslash tricks. */
export function safeZipPath(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '..');
}

/**
 * The files of a zip whose names `want` accepts, read by streaming the archive: every entry's path is checked (one
 * escaping the folder refuses the whole file), and the bytes actually inflated are counted across all entries, so
 * a zip bomb is stopped at the limit whatever sizes its headers claim.
 */
export function readZip(buf: Buffer, want: (name: string) => boolean, limits: ZipLimits = {
  unpackedBytes: CARD_LIMITS.charxUnpackedBytes,
  entries: CARD_LIMITS.charxEntries,
}): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let problem: CardError | null = null;
  let entries = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    if (problem) return;
    entries += 1;
    if (entries > limits.entries) {
      problem = new CardError('zip_entries', `The CHARX holds more than ${limits.entries} files`);
      return;
    }
    if (!safeZipPath(file.name)) {
      problem = new CardError('zip_path', `The CHARX holds a path that escapes its folder: "${file.name.slice(0, 200)}"`);
      return;
    }
    if (file.name.endsWith('/')) return;
    const keep = want(file.name);
    const parts: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (problem) return;
      if (err) {
        problem = new CardError('damaged', `The CHARX is damaged: "${file.name.slice(0, 200)}" cannot be unpacked`);
        return;
      }
      total += chunk.length;
      if (total > limits.unpackedBytes) {
        problem = new CardError('zip_bomb', `The CHARX unpacks to more than ${mbText(limits.unpackedBytes)} (zip bomb?)`);
        file.terminate();
        return;
      }
      if (keep) parts.push(chunk);
      if (final && keep) out.set(file.name, Buffer.concat(parts));
    };
    try {
      file.start();
    } catch {
      problem ??= new CardError('format', `The CHARX uses a compression this product cannot read ("${file.name.slice(0, 200)}")`);
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(buf, true);
  } catch {
    problem ??= new CardError('damaged', 'The CHARX is not a readable zip file (damaged or truncated)');
  }
  if (problem) throw problem;
  return out;
}

/** A zip of the given files (deflated, except pictures that are compressed already). */
export function writeZip(files: Record<string, Uint8Array>): Buffer {
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) {
    zippable[name] = [data, { level: /\.(png|jpe?g|webp)$/i.test(name) ? 0 : 6 }];
  }
  return Buffer.from(zipSync(zippable));
}
