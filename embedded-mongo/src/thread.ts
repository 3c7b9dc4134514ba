import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { consoleLogger } from './logger';
import type { EmbeddedMongo, EmbeddedMongoOptions } from './server';
import { releaseThreadLock } from './storage/lock';
import type { ParentMessage, ThreadWorkerData, WorkerMessage } from './threadProtocol';

const ENTRY = path.join(__dirname, 'threadEntry.cjs');

/** How long a stopped worker may take to end by itself before it is terminated. */
const EXIT_GRACE_MS = 5000;

/**
 * Starts the server on its own worker thread, so BSON, query matching, index upkeep and journal writes run beside
 * the caller's event loop instead of on it. Same options and result as startEmbeddedMongo; the worker's log
 * records are given to `options.logger` on this thread.
 *
 * Rejects with the worker's own error message when the server cannot start (port in use, data folder locked, ...).
 * `stop()` stops the server inside the worker (journal flushed, snapshot written, lock released) and resolves once
 * the thread has exited. A worker that dies while running is reported through `logger.error`; the lock it held is
 * removed so the folder can be opened again.
 */
export function startEmbeddedMongoThread(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  return startThread(ENTRY, options);
}

/** startEmbeddedMongoThread with another entry file: tests use it to run a worker that misbehaves. */
export function startThread(entry: string, options: EmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const { logger = consoleLogger(), ...serverOptions } = options;
  const data: ThreadWorkerData = { options: serverOptions };
  const worker = createWorker(entry, data);
  // Read now: a worker that has exited reports -1.
  const workerThreadId = worker.threadId;
  const dbPath = serverOptions.dbPath;

  let state: 'starting' | 'running' | 'stopping' | 'exited' = 'starting';
  /** The first error the worker reported, for whoever is waiting on it. */
  let failure: string | undefined;
  let crashReported = false;
  let settleStart: { resolve: (s: EmbeddedMongo) => void; reject: (e: Error) => void } | undefined;
  let stopped: Promise<void> | undefined;
  let settleStop: { resolve: () => void; reject: (e: Error) => void } | undefined;
  let stopFailure: string | undefined;
  let graceTimer: NodeJS.Timeout | undefined;

  worker.on('message', (message: WorkerMessage) => {
    switch (message.type) {
      case 'log':
        logger[message.level](message.message);
        break;
      case 'ready': {
        state = 'running';
        const { uri, port, host } = message;
        settleStart?.resolve({ uri, port, host, stop });
        settleStart = undefined;
        break;
      }
      case 'failed':
        failure ??= message.message;
        settleStart?.reject(withCode(new Error(message.message), message.code));
        settleStart = undefined;
        break;
      case 'stopped':
        break;
      case 'stop-failed':
        stopFailure = message.message;
        break;
    }
  });

  worker.on('error', (err: Error) => {
    // An uncaught exception in the worker; 'exit' follows.
    failure ??= err.message;
    if (state === 'starting') {
      settleStart?.reject(err);
      settleStart = undefined;
    } else if (state === 'running') {
      crashReported = true;
      logger.error(`worker thread crashed: ${err.stack ?? err.message}`);
    } else if (state === 'stopping') {
      stopFailure ??= err.message;
    }
  });

  worker.on('exit', (code) => {
    const was = state;
    state = 'exited';
    clearTimeout(graceTimer);
    // After a clean stop the worker has released it already; after a crash it is removed here.
    if (dbPath && releaseThreadLock(dbPath, workerThreadId)) logger.warn(`removed the lock on ${dbPath} left by the worker thread`);
    if (was === 'starting') {
      settleStart?.reject(new Error(failure ?? `embedded-mongo worker thread exited with code ${code} before it was ready`));
      settleStart = undefined;
    } else if (was === 'running' && !crashReported) {
      logger.error(`worker thread exited with code ${code} while the server was running; the database is no longer reachable`);
    } else if (was === 'stopping') {
      if (stopFailure) settleStop?.reject(new Error(stopFailure));
      else settleStop?.resolve();
      settleStop = undefined;
    }
  });

  const stop = (): Promise<void> => {
    stopped ??= new Promise<void>((resolve, reject) => {
      if (state === 'exited') {
        // Already gone (it crashed and was reported): nothing left to stop.
        resolve();
        return;
      }
      settleStop = { resolve, reject };
      state = 'stopping';
      worker.postMessage({ type: 'stop' } satisfies ParentMessage);
      // The worker ends by itself after its server stops; a thread that does not is not left behind.
      graceTimer = setTimeout(() => {
        logger.warn(`worker thread still running ${EXIT_GRACE_MS} ms after stop; terminating it`);
        void worker.terminate();
      }, EXIT_GRACE_MS);
      graceTimer.unref();
    });
    return stopped;
  };

  return new Promise<EmbeddedMongo>((resolve, reject) => {
    settleStart = { resolve, reject };
  });
}

function withCode(err: Error, code: string | undefined): Error {
  if (code) (err as NodeJS.ErrnoException).code = code;
  return err;
}

/**
 * The worker inherits this thread's node options except loaders of tsx, which the entry registers itself (an
 * inherited tsx loader would start a second loader thread for nothing). Some options cannot be given to a worker
 * explicitly (V8 and process-wide ones): then it inherits them all, as by default.
 */
function createWorker(entry: string, workerData: ThreadWorkerData): Worker {
  try {
    return new Worker(entry, { workerData, execArgv: withoutTsxLoaders(process.execArgv) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(entry, { workerData });
  }
}

const LOADER_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);
const TSX_PATH = /(^|[\\/])tsx([\\/]|$)/;

export function withoutTsxLoaders(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (LOADER_FLAGS.has(flag)) {
      const value = eq === -1 ? execArgv[i + 1] : arg.slice(eq + 1);
      if (eq === -1) i++;
      if (value !== undefined && TSX_PATH.test(value)) continue;
      out.push(arg);
      if (eq === -1 && value !== undefined) out.push(value);
      continue;
    }
    out.push(arg);
  }
  return out;
}
