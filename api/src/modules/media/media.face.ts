import path from 'node:path';
import { Worker } from 'node:worker_threads';

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

interface Pending {
  resolve: (check: FaceCheck) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * The detector runs on a thread of its own, started on the first check and kept for the life of the process (the
 * model loads once), so a check's few hundred milliseconds of arithmetic never hold up the requests and streamed
 * replies the api's event loop serves. The thread does not keep the process alive.
 */
function detector(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(__dirname, 'face.worker.cjs'));
  started.unref();
  started.on('message', (msg: ({ id: number } & FaceCheck) | { id: number; error: string }) => {
    const waiting = pending.get(msg.id);
    if (!waiting) return;
    pending.delete(msg.id);
    if ('error' in msg) waiting.reject(new Error(`face check failed: ${msg.error}`));
    else waiting.resolve({ faces: msg.faces, best: msg.best, ms: msg.ms, waitedMs: msg.waitedMs });
  });
  const fail = (err: Error): void => {
    if (worker === started) worker = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(err);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`face detector stopped (exit ${code})`)));
  worker = started;
  return started;
}

/** Looks for faces in a picture (any format sharp reads). */
export function detectFaces(picture: Buffer, minScore = FACE_MIN_SCORE): Promise<FaceCheck> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const thread = detector();
    thread.ref();
    const settle = <T>(fn: (v: T) => void) => (v: T) => {
      if (pending.size === 0) thread.unref();
      fn(v);
    };
    pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
    thread.postMessage({ id, data: new Uint8Array(picture), minScore });
  });
}
