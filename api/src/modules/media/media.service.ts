import { ErrorCode } from 'shared-kit';
import { AppError } from '../../lib/errors';
import { cleanImage } from './media.image';
import type { UploadResult } from './media.schema';
import type { MediaUse } from './media.rules';
import { findMedia, openMedia, saveMedia, type StoredMedia } from './media.store';

export function mediaUrl(id: string): string {
  return `/api/media/${id}`;
}

/** Checks, cleans and stores one uploaded picture for `owner` (a user's uid). */
export async function uploadImage(data: Buffer, use: MediaUse, owner: string): Promise<UploadResult> {
  const image = await cleanImage(data, use);
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
