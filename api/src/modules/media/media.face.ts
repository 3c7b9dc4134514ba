import path from 'node:path';
import { workerClient } from '../../lib/workerClient';

export interface FaceCheck {
  /** Faces found at or above the score threshold. */
  faces: number;
  /** The best face's score (0 when none). */
  best: number;
  /** Time the detection took, decoding included, in milliseconds. */
  ms: number;
  /** Time spent waiting for the model to load (the first check of a process only). */
  waitedMs: number;
}

/** A face the tiny detector scores below this is not taken as a face. */
export const FACE_MIN_SCORE = 0.5;

/**
 * The detector runs on a thread of its own (the model loads once, on the first check), so a check's few hundred
 * milliseconds of arithmetic never hold up the requests and streamed replies the api's event loop serves.
 */
const detector = workerClient<{ data: Uint8Array; minScore: number }, FaceCheck>(path.join(__dirname, 'face.worker.cjs'), 'face detector');

/** Looks for faces in a picture (any format sharp reads). */
export async function detectFaces(picture: Buffer, minScore = FACE_MIN_SCORE): Promise<FaceCheck> {
  const { faces, best, ms, waitedMs } = await detector.request({ data: new Uint8Array(picture), minScore });
  return { faces, best, ms, waitedMs };
}
