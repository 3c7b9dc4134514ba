import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { detectFaces } from './media.face';
import { cleanImage } from './media.image';
import type { UploadedMedia } from 'shared-kit';
import type { MediaUse } from './media.rules';
import { findMedia, openMedia, saveMedia, type StoredMedia } from './media.store';

export function mediaUrl(id: string): string {
  return `/api/media/${id}`;
}

/** Spec section 5: a face must be detected in a character picture (section 8: "No face detected"). */
async function requireFace(image: Buffer, log?: Logger): Promise<void> {
  const check = await detectFaces(image);
  log?.info({ faces: check.faces, best: check.best, ms: check.ms, model_wait_ms: check.waitedMs }, 'face check');
  if (check.faces === 0) {
    throw new AppError(ErrorCode.FaceNotRecognized, "No face detected: a character picture must show the character's face", {
      data: { reason: 'face' },
    });
  }
}

/**
 * Checks, cleans and stores one uploaded or generated picture for `owner` (a user's uid); a character picture must
 * also show a face. `log` gets the face check's figures. `checkFace: false` skips the face check: only for the demo
 * content's offline portraits (so a first start is not held up); api/test/seed.test.ts proves they show a face.
 */
export async function uploadImage(data: Buffer, use: MediaUse, owner: string, log?: Logger, checkFace = true): Promise<UploadedMedia> {
  const image = await cleanImage(data, use);
  if (use === 'character' && checkFace) await requireFace(image.data, log);
  const stored = await saveMedia(image, use, owner);
  return { id: stored.id, url: mediaUrl(stored.id), width: image.width, height: image.height, mime: image.mime };
}

export interface MediaDownload {
  file: StoredMedia;
  open: () => NodeJS.ReadableStream;
}

/** The picture with this id; 1050001 with HTTP 404 when there is none. */
export async function getImage(id: string): Promise<MediaDownload> {
  const file = await findMedia(id);
  if (!file) throw new AppError(ErrorCode.RecordNotFound, 'Media not found', { status: 404 });
  return { file, open: () => openMedia(id) };
}
