import { CARD_LIMITS, CardError, mbText } from './card.errors';
import { cardOf, parseJsonText, type Card } from './card.format';
import { isPng, readPngChunks, textChunks } from './card.png';
import { isZip, readZip } from './card.zip';

export type CardFileFormat = 'png' | 'json' | 'charx';

export interface CardFile {
  format: CardFileFormat;
  card: Card;
  /** The character's main picture as found in the file: the PNG itself, or the CHARX main icon. */
  picture: Buffer | null;
}

const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

function base64Json(text: string, chunk: string): unknown {
  if (!BASE64.test(text)) throw new CardError('json', `The PNG's ${chunk} chunk is not base64 text`);
  return parseJsonText(Buffer.from(text, 'base64').toString('utf8'), `The card in the PNG's ${chunk} chunk`);
}

function fromPng(buf: Buffer): CardFile {
  const texts = textChunks(readPngChunks(buf));
  // Both may be there (a V3 card keeps a V2 copy for older readers): V3 wins.
  const v3 = texts.get('ccv3');
  const v2 = texts.get('chara');
  if (v3 === undefined && v2 === undefined) {
    throw new CardError('no_card', 'This PNG holds no character card (no "ccv3" or "chara" text chunk)');
  }
  const card = v3 !== undefined ? cardOf(base64Json(v3, 'ccv3')) : cardOf(base64Json(v2 ?? '', 'chara'));
  return { format: 'png', card, picture: buf };
}

const IMAGE_PATH = /\.(png|jpe?g|webp|avif|gif)$/i;
const EMBEDDED = 'embeded://';

function fromCharx(buf: Buffer): CardFile {
  const files = readZip(buf, (name) => name === 'card.json' || IMAGE_PATH.test(name));
  const json = files.get('card.json');
  if (!json) throw new CardError('no_card', 'This CHARX has no card.json at its root');
  const card = cardOf(parseJsonText(json.toString('utf8'), 'The CHARX card.json'));
  const icons = (card.data.assets ?? []).filter((a) => a.type === 'icon');
  const main = icons.find((a) => a.name === 'main') ?? icons[0];
  let picture: Buffer | null = null;
  if (main?.uri.startsWith(EMBEDDED)) {
    const path = main.uri.slice(EMBEDDED.length);
    picture = files.get(path) ?? null;
    if (!picture) throw new CardError('shape', `The CHARX main icon "${path.slice(0, 200)}" is not in the archive`);
  }
  return { format: 'charx', card, picture };
}

/**
 * A character card from an uploaded file, recognised by its content (magic bytes), never by its name or declared
 * type: PNG with a `ccv3` or `chara` text chunk, CHARX (zip with card.json) or JSON.
 */
export function readCardFile(buf: Buffer): CardFile {
  if (buf.length === 0) throw new CardError('format', 'The file is empty');
  if (buf.length > CARD_LIMITS.fileBytes) throw new CardError('size', `The largest card file accepted is ${mbText(CARD_LIMITS.fileBytes)}`);
  if (isPng(buf)) return fromPng(buf);
  if (isZip(buf)) return fromCharx(buf);
  const head = buf.subarray(0, 16).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return { format: 'json', card: cardOf(parseJsonText(buf.toString('utf8'), 'The card JSON')), picture: null };
  throw new CardError('format', 'This is not a character card: send a PNG card, a CHARX or a JSON card');
}
