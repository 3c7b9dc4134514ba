import { Worker, type Transferable } from 'node:worker_threads';

/** What a worker thread answers to one request: its fields, or the error it met. */
export type WorkerAnswer<A> = ({ id: number } & A) | { id: number; error: string };

export interface WorkerClient<Q, A> {
  /**
   * Posts `{ id, ...request }` to the thread (started now if it is not running) and resolves with its answer to
   * that id; rejects with `<what> failed: <error>` when the thread answers an error, or when it stops first.
   */
  request(request: Q, transfer?: readonly Transferable[]): Promise<A>;
  /** Starts the thread ahead of the first request (loading a model or compiling WebAssembly takes a while). */
  warm(): void;
}

/**
 * A worker thread for heavy, CPU-bound work (a face detector, a speech engine, audio decoding), so it never holds
 * up the requests and streamed replies the api's event loop serves. Started on first use and kept for the life of
 * the process (what it loads, it loads once); each request carries an id the thread's answer echoes. The thread
 * keeps the process alive only while a request waits. A thread that fails or exits rejects every request waiting on
 * it, and the next request starts a new one.
 */
export function workerClient<Q extends object, A extends object>(file: string, what: string): WorkerClient<Q, A> {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (a: A) => void; reject: (e: Error) => void }>();

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(file);
    started.unref();
    started.on('message', (msg: WorkerAnswer<A>) => {
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (pending.size === 0) started.unref();
      if ('error' in msg) waiting.reject(new Error(`${what} failed: ${msg.error}`));
      else waiting.resolve(msg);
    });
    const fail = (err: Error): void => {
      if (worker === started) worker = null;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(err);
      }
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`${what} stopped (exit ${code})`)));
    worker = started;
    return started;
  }

  return {
    request(request, transfer) {
      const id = ++nextId;
      return new Promise<A>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const t = thread();
        t.ref();
        try {
          t.postMessage({ id, ...request }, transfer);
        } catch (err) {
          // Something that cannot be posted (a value the structured clone refuses): no answer will come.
          pending.delete(id);
          if (pending.size === 0) t.unref();
          reject(err as Error);
        }
      });
    },
    warm: () => void thread(),
  };
}
