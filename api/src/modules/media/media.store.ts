import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';

// The driver mongoose itself uses, so ids and the connection's db come from one BSON library.
const { GridFSBucket, ObjectId } = mongoose.mongo;
import type { CleanImage } from './media.image';
import type { MediaUse } from './media.rules';

/** GridFS bucket name: collections `media.files` and `media.chunks`. */
export const MEDIA_BUCKET = 'media';

export interface StoredMediaMeta {
  mime: string;
  width: number;
  height: number;
  use: MediaUse;
  owner: string;
  /** sha256 of the stored bytes: the ETag. */
  sha256: string;
}

export interface StoredMedia {
  id: string;
  length: number;
  meta: StoredMediaMeta;
}

function bucket(): InstanceType<typeof GridFSBucket> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('media store used before the database connected');
  return new GridFSBucket(db, { bucketName: MEDIA_BUCKET });
}

/**
 * Stores a cleaned picture under a random 12-byte id (24 hex), so ids reveal neither upload time nor order and
 * cannot be guessed from one another. GridFS keeps it in plain collections, the same on embedded-mongo and MongoDB.
 */
export async function saveMedia(image: CleanImage, use: MediaUse, owner: string): Promise<StoredMedia> {
  const id = new ObjectId(randomBytes(12));
  const meta: StoredMediaMeta = {
    mime: image.mime,
    width: image.width,
    height: image.height,
    use,
    owner,
    sha256: createHash('sha256').update(image.data).digest('hex'),
  };
  await new Promise<void>((resolve, reject) => {
    const upload = bucket().openUploadStreamWithId(id, `${id.toHexString()}.${image.format}`, { metadata: meta });
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(image.data);
  });
  return { id: id.toHexString(), length: image.data.length, meta };
}

/** The stored file's description, or null when no file has this id. */
export async function findMedia(id: string): Promise<StoredMedia | null> {
  const files = await bucket().find({ _id: new ObjectId(id) }, { limit: 1 }).toArray();
  const f = files[0];
  if (!f || !f.metadata) return null;
  return { id, length: f.length, meta: f.metadata as StoredMediaMeta };
}

/** The stored bytes as a stream; the caller has checked that the id exists. */
export function openMedia(id: string): NodeJS.ReadableStream {
  return bucket().openDownloadStream(new ObjectId(id));
}
