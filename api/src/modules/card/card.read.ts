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
  /**
   * A whole story as this product exports it (a CHARX whose card.json is the story and each character a card under
   * `characters/`): its characters' cards in the story's order, each with its picture. Absent for any other file.
   */
  story?: { characters: Array<{ card: Card; picture: Buffer | null }> };
}

/** At most this many characters are read from a whole-story CHARX (far above a story's own limit). */
export const STORY_CHARX_MAX_CHARACTERS = 100;

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
const CHARACTER_PATH = /^characters\/[A-Za-z0-9_-]{1,64}\.json$/;
const CHARACTER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const EMBEDDED = 'embeded://';

/** The main icon a card names, read from the archive; a named icon missing from it refuses the file. */
function mainIcon(card: Card, files: Map<string, Buffer>, where: string): Buffer | null {
  const icons = (card.data.assets ?? []).filter((a) => a.type === 'icon');
  const main = icons.find((a) => a.name === 'main') ?? icons[0];
  if (!main?.uri.startsWith(EMBEDDED)) return null;
  const path = main.uri.slice(EMBEDDED.length);
  const picture = files.get(path);
  if (!picture) throw new CardError('shape', `The CHARX ${where} "${path.slice(0, 200)}" is not in the archive`);
  return picture;
}

/** The character ids card.json lists when it is a whole story this product exported; null for any other card. */
function storyCharacterIds(card: Card): string[] | null {
  const ours = card.data.extensions.storyverse;
  if (typeof ours !== 'object' || ours === null) return null;
  const o = ours as Record<string, unknown>;
  if (o.story !== true || !Array.isArray(o.characters)) return null;
  if (o.characters.length > STORY_CHARX_MAX_CHARACTERS) {
    throw new CardError('shape', `The CHARX story lists more than ${STORY_CHARX_MAX_CHARACTERS} characters`);
  }
  return o.characters.map((id, i) => {
    if (typeof id !== 'string' || !CHARACTER_ID.test(id)) throw new CardError('shape', `The CHARX story's character ${i + 1} has no valid id`);
    return id;
  });
}

function fromCharx(buf: Buffer): CardFile {
  const files = readZip(buf, (name) => name === 'card.json' || CHARACTER_PATH.test(name) || IMAGE_PATH.test(name));
  const json = files.get('card.json');
  if (!json) throw new CardError('no_card', 'This CHARX has no card.json at its root');
  const card = cardOf(parseJsonText(json.toString('utf8'), 'The CHARX card.json'));
  const picture = mainIcon(card, files, 'main icon');
  const ids = storyCharacterIds(card);
  if (!ids) return { format: 'charx', card, picture };
  const characters = [...new Set(ids)].map((id) => {
    const path = `characters/${id}.json`;
    const text = files.get(path);
    if (!text) throw new CardError('shape', `The CHARX story lists the character "${id}" but "${path}" is not in the archive`);
    const character = cardOf(parseJsonText(text.toString('utf8'), `The CHARX ${path}`));
    return { card: character, picture: mainIcon(character, files, `picture of ${path}`) };
  });
  return { format: 'charx', card, picture, story: { characters } };
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
