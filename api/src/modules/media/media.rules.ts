import type { MediaUse } from 'shared-kit';

/** What an upload is for (shared-kit's `MEDIA_USES`); each use has its own bounds (the table in docs/api.md, "Media"). */
export type { MediaUse };

/** The formats kept, by the name sharp reports; GIF and everything else are refused. */
export const MEDIA_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MIME_OF: Record<MediaFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export interface MediaRule {
  /** Largest accepted file, in bytes, before re-encoding. */
  maxBytes: number;
  /** Both sides must be at least this many pixels. */
  minSide: number;
  /** Neither side may exceed this. */
  maxSide: number;
  /** Allowed width / height, inclusive. */
  minRatio: number;
  maxRatio: number;
  /** How the ratio reads in a refusal message. */
  ratioText: string;
}

export const MB = 1024 * 1024;
/** The largest of the rules' maxBytes: what the multipart parser lets through at most. */
export const MAX_UPLOAD_BYTES = 5 * MB;

/**
 * Avatar: square within 10% (spec: avatar shown round). Character: portrait to square (character art is tall).
 * Cover: story logo or loading picture, 1:2 to 2:1. Background: chapter backgrounds, phone portrait (9:16) to
 * wide landscape (21:9).
 */
export const MEDIA_RULES: Record<MediaUse, MediaRule> = {
  avatar: { maxBytes: 5 * MB, minSide: 128, maxSide: 4096, minRatio: 0.9, maxRatio: 1.1, ratioText: 'square (1:1, within 10%)' },
  character: { maxBytes: 5 * MB, minSide: 256, maxSide: 4096, minRatio: 0.5, maxRatio: 1.0, ratioText: 'between 1:2 and 1:1 (portrait or square)' },
  cover: { maxBytes: 5 * MB, minSide: 256, maxSide: 4096, minRatio: 0.5, maxRatio: 2.0, ratioText: 'between 1:2 and 2:1' },
  background: { maxBytes: 5 * MB, minSide: 360, maxSide: 4096, minRatio: 0.5, maxRatio: 2.4, ratioText: 'between 1:2 and 12:5' },
  /** A feedback's screenshot: a tall phone screen to a wide desktop one. */
  screenshot: { maxBytes: 5 * MB, minSide: 200, maxSide: 4096, minRatio: 0.3, maxRatio: 3.0, ratioText: 'between 3:10 and 3:1' },
};

/**
 * Decoding is refused above this many pixels whatever the header claims, so a small file declaring a huge canvas
 * (a decompression bomb) costs nothing.
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;
