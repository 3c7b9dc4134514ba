import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import mongoose from 'mongoose';

const { GridFSBucket, ObjectId } = mongoose.mongo;

/** GridFS bucket of rendered videos: collections `videos.files` and `videos.chunks`, shared by every api process. */
export const VIDEO_BUCKET = 'videos';

function bucket(): InstanceType<typeof GridFSBucket> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('video store used before the database connected');
  return new GridFSBucket(db, { bucketName: VIDEO_BUCKET, chunkSizeBytes: 1024 * 1024 });
}

/** Stores a rendered file; a failed or stopped upload leaves nothing behind. */
export async function saveVideo(file: string, name: string, signal: AbortSignal): Promise<{ id: string; bytes: number }> {
  const id = new ObjectId();
  const upload = bucket().openUploadStreamWithId(id, name, { metadata: { mime: 'video/mp4' } });
  try {
    await pipeline(createReadStream(file), upload, { signal });
  } catch (err) {
    await upload.abort().catch(() => undefined);
    await removeVideo(id.toHexString());
    throw err;
  }
  return { id: id.toHexString(), bytes: upload.length };
}

export async function removeVideo(id: string): Promise<void> {
  if (!id) return;
  await bucket()
    .delete(new ObjectId(id))
    .catch(() => undefined);
}

/** The stored length of a file, or null when there is none. */
export async function videoLength(id: string): Promise<number | null> {
  const files = await bucket().find({ _id: new ObjectId(id) }, { limit: 1 }).toArray();
  return files[0]?.length ?? null;
}

/** Bytes `start`..`end` (inclusive) of a stored file. */
export function openVideo(id: string, start: number, end: number): NodeJS.ReadableStream {
  return bucket().openDownloadStream(new ObjectId(id), { start, end: end + 1 });
}
