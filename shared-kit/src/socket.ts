import { io as defaultIo, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { SOCKET_POLICY } from './constants';
import {
  initialSocketPolicyState,
  socketPolicyStep,
  type SocketPolicyAction,
  type SocketPolicyConfig,
  type SocketPolicyEvent,
  type SocketPolicyState,
} from './socket-policy';

/** Event the client emits to check a live connection when the window regains focus. */
export const SOCKET_PING_EVENT = 'client_ping';

export interface PushMessage {
  push_type: string;
  [field: string]: unknown;
}

export type PushHandler = (push: PushMessage, event: string) => void;

type IoFactory = (uri: string, opts: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface SocketClientOptions {
  /** Server origin; default: the page's own origin. */
  url?: string;
  path?: string;
  /** socket.io-client's `io`, replaceable for tests. */
  io?: IoFactory;
  policy?: Partial<SocketPolicyConfig>;
  /** Start connecting right away (default true). */
  autoConnect?: boolean;
  /** Called on every Nth unexpected close, to find out why the connection keeps dropping. */
  onDetection?: (closes: number) => void;
  /** Called when the retry budget is spent; the next window focus starts over. */
  onGiveUp?: (retries: number) => void;
  /** Extra socket.io options (auth, query, transports). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

export interface SocketClient {
  /** Subscribe to pushes whose push_type matches ('*' for all); returns the unsubscribe function. */
  on: (pushType: string, handler: PushHandler) => () => void;
  connect: () => void;
  close: () => void;
  readonly connected: boolean;
  readonly state: SocketPolicyState;
  readonly socket: Socket;
}

function isPush(value: unknown): value is PushMessage {
  return typeof value === 'object' && value !== null && typeof (value as { push_type?: unknown }).push_type === 'string';
}

/**
 * A socket.io connection driven by the spec's connection policy (see socket-policy.ts). socket.io's own
 * reconnection is switched off so that the retry budget and pacing live in one place. Pushes are recognised by
 * their `push_type` field whatever event name the server uses.
 */
export function createSocketClient(options: SocketClientOptions = {}): SocketClient {
  const config: SocketPolicyConfig = { ...SOCKET_POLICY, ...options.policy };
  const makeIo: IoFactory = options.io ?? defaultIo;
  const url = options.url ?? (typeof window !== 'undefined' ? window.location.origin : '');
  const socket = makeIo(url, {
    path: options.path ?? '/socket.io',
    autoConnect: false,
    reconnection: false,
    withCredentials: true,
    ...options.socketOptions,
  });

  let state: SocketPolicyState = initialSocketPolicyState;
  let openCheck: ReturnType<typeof setTimeout> | undefined;
  const handlers = new Map<string, Set<PushHandler>>();

  const cancelOpenCheck = (): void => {
    if (openCheck !== undefined) clearTimeout(openCheck);
    openCheck = undefined;
  };

  const perform = (action: SocketPolicyAction): void => {
    switch (action.type) {
      case 'connect':
        // A half-open attempt may be stuck in "opening"; tear it down so the retry really dials again.
        if (!socket.connected) socket.disconnect();
        socket.connect();
        break;
      case 'scheduleOpenCheck':
        cancelOpenCheck();
        openCheck = setTimeout(() => {
          openCheck = undefined;
          dispatch({ type: 'openCheck', connected: socket.connected });
        }, action.delayMs);
        break;
      case 'cancelOpenCheck':
        cancelOpenCheck();
        break;
      case 'ping':
        socket.emit(SOCKET_PING_EVENT);
        break;
      case 'detect':
        options.onDetection?.(action.closes);
        break;
      case 'giveUp':
        options.onGiveUp?.(action.retries);
        break;
      case 'disconnect':
        socket.disconnect();
        break;
    }
  };

  function dispatch(event: SocketPolicyEvent): void {
    const step = socketPolicyStep(state, event, config);
    state = step.state;
    for (const action of step.actions) perform(action);
  }

  socket.on('connect', () => dispatch({ type: 'opened' }));
  socket.on('disconnect', (reason) => {
    // Our own disconnects (close(), or tearing down a stuck attempt) are not failures.
    if (reason !== 'io client disconnect') dispatch({ type: 'closed' });
  });
  socket.onAny((event: string, payload: unknown) => {
    if (!isPush(payload)) return;
    for (const key of [payload.push_type, '*']) {
      for (const handler of handlers.get(key) ?? []) {
        try {
          handler(payload, event);
        } catch {
          // One failing subscriber must not stop the others from seeing the push.
        }
      }
    }
  });

  const onFocus = (): void => dispatch({ type: 'focus' });
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) window.addEventListener('focus', onFocus);

  const client: SocketClient = {
    on(pushType, handler) {
      const set = handlers.get(pushType) ?? new Set<PushHandler>();
      set.add(handler);
      handlers.set(pushType, set);
      return () => {
        set.delete(handler);
      };
    },
    connect: () => dispatch({ type: 'start' }),
    close() {
      dispatch({ type: 'stop' });
      if (hasWindow) window.removeEventListener('focus', onFocus);
    },
    get connected() {
      return socket.connected;
    },
    get state() {
      return state;
    },
    socket,
  };

  if (options.autoConnect !== false) client.connect();
  return client;
}

/**
 * Probes reachability by loading a script (JSONP) whose body calls `window[callbackName](message)`. Resolves the
 * message, 'jsonp timeout' after the spec's 10 s, or 'unknown reason' when the script fails to load.
 */
export function detectByScript(
  src: string,
  callbackName: string,
  timeoutMs: number = SOCKET_POLICY.scriptDetectionTimeoutMs,
): Promise<string> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined') {
      resolve('unknown reason');
      return;
    }
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    let done = false;
    const finish = (message: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      delete w[callbackName];
      script.remove();
      resolve(message);
    };
    const timer = setTimeout(() => finish('jsonp timeout'), timeoutMs);
    w[callbackName] = (message: unknown) => finish(typeof message === 'string' ? message : String(message));
    script.onerror = () => finish('unknown reason');
    const sep = src.includes('?') ? '&' : '?';
    script.src = `${src}${sep}callback=${encodeURIComponent(callbackName)}`;
    document.head.appendChild(script);
  });
}
