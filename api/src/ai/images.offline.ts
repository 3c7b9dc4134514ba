import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { offlinePortraitSvg } from './portrait.offline';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types';

/** Base hues per style, so the same prompt looks different in each style and alike across prompts of one style. */
const STYLE_HUES: Record<string, number> = { anime: 330, watercolor: 200, cinematic: 25, oil_painting: 45 };

/**
 * Abstract artwork from the prompt: the prompt's hash picks the palette and the shapes, so one prompt always gives
 * the same picture and different prompts give visibly different ones. No text is drawn on it: the picture is shown
 * cropped and at thumbnail sizes, where a caption would be cut mid-word.
 */
export function offlineArtworkSvg(
  request: Pick<ImageRequest, 'prompt' | 'style' | 'width' | 'height'>,
): string {
  const { width: w, height: h } = request;
  const digest = createHash('sha256')
    .update(`${request.style ?? ''}\n${request.prompt}`)
    .digest();
  const byte = (i: number): number => digest[i % digest.length] ?? 0;
  const base = STYLE_HUES[request.style ?? ''] ?? (byte(0) * 360) / 256;
  const hue = (i: number): number => Math.round((base + (byte(i) - 128) * 0.35 + 360) % 360);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const cx = Math.round((byte(3 * i + 1) / 255) * w);
    const cy = Math.round((byte(3 * i + 2) / 255) * h);
    const r = Math.round((0.12 + (byte(3 * i + 3) / 255) * 0.3) * Math.min(w, h));
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue(i + 8)},70%,${40 + (byte(i + 20) % 35)}%)" fill-opacity="0.55"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue(4)},60%,25%)"/><stop offset="1" stop-color="hsl(${hue(5)},65%,70%)"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${shapes.join('')}</svg>`
  );
}

/** The hue a style's pictures are built around; a prompt's own hue when the style has none. */
function baseHue(request: Pick<ImageRequest, 'prompt' | 'style'>): number {
  const first = createHash('sha256').update(`${request.style ?? ''}\n${request.prompt}`).digest()[0] ?? 0;
  return STYLE_HUES[request.style ?? ''] ?? (first * 360) / 256;
}

/**
 * The embedded image generator: deterministic PNG artwork rendered from `offlineArtworkSvg`, or for a character
 * picture a portrait with a face (`offlinePortraitSvg`), since a character picture must show one.
 */
export function offlineImages(): ImageProvider {
  return {
    name: 'offline',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const svg = request.use === 'character' ? offlinePortraitSvg(request, baseHue(request)) : offlineArtworkSvg(request);
      const data = await sharp(Buffer.from(svg))
        .png({ compressionLevel: 9 })
        .toBuffer();
      return { data, mime: 'image/png' };
    },
  };
}
