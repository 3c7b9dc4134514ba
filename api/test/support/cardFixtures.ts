import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { offlinePortraitSvg } from '../../src/ai/portrait.offline';

/*
 * Character card fixtures made here, independently of the product's own card writer: PNG chunks are framed by hand
 * with node's zlib CRC-32 and zips are laid out byte by byte (local headers, central directory), so the reader is
 * tested against files it did not write.
 */

export const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeBuf = Buffer.from(type, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([typeBuf, data])) >>> 0);
  return Buffer.concat([len, typeBuf, data, crc]);
}

/** A drawn portrait PNG showing a face (passes the character picture checks: 1:2 to 1:1, at least 256 px, a face). */
export async function portraitPng(width = 400, height = 600, seed = 90): Promise<Buffer> {
  return sharp(Buffer.from(offlinePortraitSvg({ prompt: 'Aria', width, height }, seed))).png().toBuffer();
}

/** `png` with tEXt chunks (keyword, text) inserted right before IEND. */
export function pngWithText(png: Buffer, texts: Array<[string, string]>): Buffer {
  const iend = png.length - 12;
  const added = texts.map(([k, v]) => chunk('tEXt', Buffer.concat([Buffer.from(k, 'latin1'), Buffer.from([0]), Buffer.from(v, 'latin1')])));
  return Buffer.concat([png.subarray(0, iend), ...added, png.subarray(iend)]);
}

export const b64json = (v: unknown): string => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Store instead of deflate. */
  store?: boolean;
  /** Lie about the uncompressed size in the headers (a bomb claiming to be small). */
  claimedSize?: number;
}

/** A zip laid out by hand: local file headers, data, central directory, end record. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.store ? e.data : deflateRawSync(e.data);
    const crc = crc32(e.data) >>> 0;
    const size = e.claimedSize ?? e.data.length;
    const method = e.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const V1_CARD = {
  name: 'Old Tom',
  description: 'A lighthouse keeper who talks to {{user}} about the sea.',
  personality: 'gruff, kind',
  scenario: 'A stormy night at the lighthouse.',
  first_mes: '*{{char}} looks up.* Who goes there, <USER>?',
  mes_example: '<START>\n{{user}}: Hello\n<BOT>: Evening.',
};

export function lorebookEntries(n: number): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => ({
    keys: [`rune${i}`, `Glyph ${i}`],
    content: `Rune ${i} glows when {{char}} is near.`,
    extensions: { selectiveLogic: i % 4 },
    enabled: i % 10 !== 9,
    insertion_order: i,
    case_sensitive: i % 2 === 0,
    constant: i === 0,
    name: `entry ${i}`,
    priority: 100 - i,
    id: i,
    comment: `entry ${i}`,
    selective: i % 3 === 0,
    secondary_keys: i % 3 === 0 ? [`moon${i}`] : [],
    position: i % 2 === 0 ? 'before_char' : 'after_char',
  }));
}

export const V2_CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: '李白',
    description: '{{char}} is a wandering poet of the Tang court. 🌙',
    personality: 'Fond of wine and moonlight.',
    scenario: '{{user}} meets {{char}} at an inn.',
    first_mes: '举杯邀明月，{{user}}！',
    mes_example: '{{user}}: Another cup?\n{{char}}: Always.',
    creator_notes: 'Best in Chinese.',
    system_prompt: 'You are a poet.',
    post_history_instructions: '',
    alternate_greetings: ['The moon is bright tonight, {{user}}.', '又见面了。'],
    character_book: { name: 'Tang', scan_depth: 3, token_budget: 300, extensions: {}, entries: lorebookEntries(3) },
    tags: ['poet', 'history'],
    creator: 'someone',
    character_version: '1',
    extensions: { talkativeness: '0.5' },
  },
};

export const V3_CARD = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    ...V2_CARD.data,
    name: 'Aria',
    description: 'Aria is an archivist of runes.',
    personality: '',
    first_mes: 'Welcome to the archive, {{user}}.',
    character_book: { name: 'Runes', scan_depth: 4, token_budget: 1000, extensions: {}, entries: lorebookEntries(100) },
    assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
    group_only_greetings: [],
    nickname: 'Ari',
  },
};
