import { ErrorCode, isApiError } from 'shared-kit';
import { fetchStream, type StreamEvent, type StreamRequest, type StreamTransport } from '../../services/stream.service';

/** Waits before each reconnection of a dropped stream; after the last one the play is reloaded instead. */
export const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 4000];
/** A standby stream that keeps failing is opened again after RECONNECT_DELAYS_MS, then at most this often. */
export const STANDBY_RETRY_MS = 5000;

/** How streams are opened and how long a dropped one waits: the browser's transport, or a test's. */
export const streamSettings: { transport: StreamTransport; reconnectDelays: readonly number[]; standbyRetryMs: number } = {
  transport: fetchStream,
  reconnectDelays: RECONNECT_DELAYS_MS,
  standbyRetryMs: STANDBY_RETRY_MS,
};

/** Tests drive the stream through their own transport and without waiting between reconnections. */
export function setStreamTransport(next: StreamTransport, delays: readonly number[] = RECONNECT_DELAYS_MS, standbyRetry = STANDBY_RETRY_MS): void {
  streamSettings.transport = next;
  streamSettings.reconnectDelays = delays;
  streamSettings.standbyRetryMs = standbyRetry;
}

/** One `stream_reply` connection. Its events go to `sink`: the standby's, until a turn takes the connection. */
export interface Connection {
  abort: AbortController;
  /** Settles when the response ends: resolved when the server ended it, rejected when it failed or dropped. */
  ended: Promise<void>;
  /** `ended` has settled. */
  over: boolean;
  /** Something other than `idle` came on it: a turn's events, or the server's word that it failed. */
  used: boolean;
  idle: boolean;
  sink: (event: StreamEvent, connection: Connection) => void;
}

export function connect(request: StreamRequest, sink: Connection['sink']): Connection {
  const abort = new AbortController();
  const connection: Connection = { abort, ended: Promise.resolve(), over: false, used: false, idle: false, sink };
  const onEvent = (event: StreamEvent): void => {
    if (abort.signal.aborted) return;
    if (event.type === 'idle') connection.idle = true;
    else connection.used = true;
    connection.sink(event, connection);
  };
  let running: Promise<void>;
  try {
    running = streamSettings.transport(request, onEvent, abort.signal);
  } catch (error) {
    running = Promise.reject(error);
  }
  connection.ended = running.finally(() => {
    connection.over = true;
  });
  // Whoever holds the connection reads the outcome; an unread failure is not an unhandled one.
  connection.ended.catch(() => undefined);
  return connection;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Settles with `promise`, or resolves at once when `signal` aborts. */
export function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return resolve();
    const onAbort = (): void => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** An answer from the api (not a dropped connection) that will not change by asking again. */
export function isLasting(error: unknown): boolean {
  return isApiError(error) && error.code !== ErrorCode.BackendNetworkError && error.code !== ErrorCode.Timeout;
}
