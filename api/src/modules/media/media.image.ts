import sharp, { type Metadata } from 'sharp';
import { uploadRefused } from './media.errors';
import { MAX_INPUT_PIXELS, MEDIA_FORMATS, MEDIA_RULES, MIME_OF, type MediaFormat, type MediaUse } from './media.rules';
import { sniffImage } from './media.sniff';

export interface CleanImage {
  data: Buffer;
  format: MediaFormat;
  mime: string;
  width: number;
  height: number;
}

const FORMAT_HINT = 'Use a PNG, JPEG or WebP picture';

function isKeptFormat(f: string | undefined): f is MediaFormat {
  return (MEDIA_FORMATS as readonly string[]).includes(f ?? '');
}

function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Checks an uploaded picture by its content and returns a clean copy: the format from magic bytes confirmed by a
 * real decode, bounds of the use's rule, then a re-encode that drops every metadata block (EXIF with GPS, XMP,
 * comments) after applying the EXIF orientation so the picture still looks the right way up.
 */
export async function cleanImage(input: Buffer, use: MediaUse): Promise<CleanImage> {
  const rule = MEDIA_RULES[use];
  if (input.length > rule.maxBytes) throw uploadRefused('size', `The largest file accepted is ${mb(rule.maxBytes)}`);
  const sniffed = sniffImage(input);
  if (sniffed === 'gif') throw uploadRefused('format', `GIF is not accepted. ${FORMAT_HINT}`);
  if (sniffed === 'unknown') throw uploadRefused('format', FORMAT_HINT);

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw uploadRefused('format', `The file could not be read as a picture. ${FORMAT_HINT}`);
  }
  if (!isKeptFormat(meta.format) || meta.format !== sniffed) throw uploadRefused('format', FORMAT_HINT);
  if ((meta.pages ?? 1) > 1) throw uploadRefused('format', `Animated pictures are not accepted. ${FORMAT_HINT}`);

  // Orientations 5-8 are stored rotated by 90 degrees: the shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) throw uploadRefused('format', FORMAT_HINT);
  if (Math.min(width, height) < rule.minSide || Math.max(width, height) > rule.maxSide) {
    throw uploadRefused(
      'resolution',
      `Each side must be between ${rule.minSide} and ${rule.maxSide} pixels; this picture is ${width}×${height}`,
    );
  }
  const ratio = width / height;
  if (ratio < rule.minRatio || ratio > rule.maxRatio) {
    throw uploadRefused('aspect_ratio', `The picture must be ${rule.ratioText}; this one is ${width}×${height}`);
  }

  let pipeline = sharp(input, options).rotate();
  if (meta.format === 'png') pipeline = pipeline.png({ compressionLevel: 6 });
  else if (meta.format === 'jpeg') pipeline = pipeline.jpeg({ quality: 90 });
  else pipeline = pipeline.webp({ quality: 90 });
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif), so the output is stripped.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format: meta.format, mime: MIME_OF[meta.format], width: info.width, height: info.height };
  } catch {
    // A header that parses but pixel data that does not (a truncated or corrupt file).
    throw uploadRefused('format', `The picture is damaged or incomplete. ${FORMAT_HINT}`);
  }
}
