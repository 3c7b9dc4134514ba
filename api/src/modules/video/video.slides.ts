/**
 * The video's pictures, one per caption page: the chapter's background (darkened), the speaker's portrait, their
 * name and the line, composed with sharp into 720x1280 JPEG frames that ffmpeg shows for the page's time.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { VIDEO_FORMAT } from 'shared-kit/schemas';
import { offlineImages } from '../../ai/images.offline';
import { findMedia, openMedia } from '../media';

const W = VIDEO_FORMAT.width;
const H = VIDEO_FORMAT.height;
const PORTRAIT = 400;
const FONT = 38;
const LINE = 54;
const LINES_PER_PAGE = 7;
const BOX_WIDTH = 640;
const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', sans-serif";

const art = offlineImages();

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

async function streamBytes(stream: NodeJS.ReadableStream, cap: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The bytes of a story's picture: an upload (from the media store) or a built-in artwork (drawn as the editor's art
 * route draws it). An outside address or a missing upload gives null: the frame goes without it (the api does not
 * fetch arbitrary addresses while rendering).
 */
export async function pictureBytes(ref: string, portrait: boolean): Promise<Buffer | null> {
  const media = /^\/api\/media\/([0-9a-fA-F]{24})$/.exec(ref);
  if (media) {
    const found = await findMedia(media[1]!);
    return found ? streamBytes(openMedia(media[1]!), 20 * 1024 * 1024) : null;
  }
  const builtIn = /^\/api\/editor\/art\/([a-z0-9_]{1,64})\.png$/.exec(ref);
  if (builtIn) {
    const key = builtIn[1]!;
    const made = await art.generate({ prompt: key.replace(/_/g, ' '), width: 512, height: 512, ...(portrait || key.startsWith('portrait_') ? { use: 'character' as const } : {}) });
    return made.data;
  }
  return null;
}

/** A chapter's backdrop: its background covering the frame, darkened so captions read; a dark gradient without one. */
export async function backdrop(background: Buffer | null): Promise<Buffer> {
  if (background) {
    try {
      return await sharp(background).resize(W, H, { fit: 'cover' }).modulate({ brightness: 0.5 }).removeAlpha().raw().toBuffer();
    } catch {
      // A picture sharp cannot read: the gradient instead.
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2340"/><stop offset="1" stop-color="#0d0b14"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

/** A portrait as a disc, or null when the picture cannot be read. */
export async function portraitDisc(picture: Buffer | null): Promise<Buffer | null> {
  if (!picture) return null;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT}" height="${PORTRAIT}"><circle cx="${PORTRAIT / 2}" cy="${PORTRAIT / 2}" r="${PORTRAIT / 2}"/></svg>`);
  try {
    return await sharp(picture).resize(PORTRAIT, PORTRAIT, { fit: 'cover' }).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  } catch {
    return null;
  }
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const widthOf = (text: string): number => [...text].reduce((w, ch) => w + (WIDE.test(ch) ? 1 : 0.56), 0) * FONT;

/** The caption's lines, wrapped to the box: at spaces, or anywhere in CJK text; a word too long for a line is cut. */
export function wrap(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let line = '';
    const tokens = paragraph.match(/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]|\S+|\s+/g) ?? [];
    for (const token of tokens) {
      if (/^\s+$/.test(token)) {
        if (line !== '') line += ' ';
        continue;
      }
      if (widthOf(line + token) <= BOX_WIDTH) {
        line += token;
        continue;
      }
      if (line.trim() !== '') out.push(line.trim());
      line = '';
      let rest = token;
      while (widthOf(rest) > BOX_WIDTH) {
        let cut = rest.length;
        while (cut > 1 && widthOf(rest.slice(0, cut)) > BOX_WIDTH) cut -= 1;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line.trim() !== '') out.push(line.trim());
  }
  return out.length > 0 ? out : [''];
}

/** The caption split into pages of a few lines, each with its share of the line's characters. */
export function pages(text: string): Array<{ lines: string[]; share: number }> {
  const lines = wrap(text);
  const chunks: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE) chunks.push(lines.slice(i, i + LINES_PER_PAGE));
  const total = lines.reduce((n, l) => n + l.length, 0) || 1;
  return chunks.map((c) => ({ lines: c, share: c.reduce((n, l) => n + l.length, 0) / total }));
}

export type SpeakerKind = 'npc' | 'player' | 'narrator';

export interface FrameInput {
  base: Buffer;
  portrait: Buffer | null;
  speaker: string;
  kind: SpeakerKind;
  lines: string[];
}

/** One frame: the backdrop, the portrait, the speaker's name and the caption's lines on a panel. */
export async function frame(f: FrameInput): Promise<Buffer> {
  const boxTop = 780;
  const boxHeight = 60 + f.lines.length * LINE;
  const accent = f.kind === 'player' ? '#7dd3fc' : f.kind === 'narrator' ? '#d4d4d8' : '#f9a8d4';
  const text = f.lines
    .map((l, i) => `<text x="${(W - BOX_WIDTH) / 2}" y="${boxTop + 70 + i * LINE}" font-size="${FONT}"${f.kind === 'narrator' ? ' font-style="italic"' : ''}>${esc(l)}</text>`)
    .join('');
  const name = f.speaker ? `<text x="${W / 2}" y="${boxTop - 30}" font-size="40" font-weight="bold" text-anchor="middle" fill="${accent}">${esc(f.speaker)}</text>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><g font-family="${FONT_FAMILY}" fill="#fafafa">${name}<rect x="24" y="${boxTop}" width="${W - 48}" height="${boxHeight}" rx="24" fill="#000" fill-opacity="0.62" stroke="${accent}" stroke-opacity="0.7" stroke-width="3"/>${text}</g></svg>`;
  const layers: OverlayOptions[] = [];
  if (f.portrait) layers.push({ input: f.portrait, top: 200, left: (W - PORTRAIT) / 2 });
  layers.push({ input: Buffer.from(svg), top: 0, left: 0 });
  return sharp(f.base, { raw: { width: W, height: H, channels: 3 } }).composite(layers).jpeg({ quality: 85 }).toBuffer();
}

/** A title card: the story's name and the chapter's, over the backdrop. */
export async function titleFrame(base: Buffer, title: string, subtitle: string): Promise<Buffer> {
  const titleLines = wrap(title).slice(0, 3);
  const lines = titleLines.map((l, i) => `<text x="${W / 2}" y="${560 + i * 64}" font-size="52" font-weight="bold" text-anchor="middle">${esc(l)}</text>`).join('');
  const sub = subtitle ? `<text x="${W / 2}" y="${560 + titleLines.length * 64 + 40}" font-size="36" text-anchor="middle" fill="#d4d4d8">${esc(subtitle.slice(0, 40))}</text>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><g font-family="${FONT_FAMILY}" fill="#fafafa">${lines}${sub}</g></svg>`;
  return sharp(base, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).jpeg({ quality: 85 }).toBuffer();
}
