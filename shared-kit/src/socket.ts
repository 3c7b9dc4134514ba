import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
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
/** Event the api sends once a new connection has joined its user's room: pushes from then on reach it. */
export const SOCKET_READY_EVENT = 'ready';

export interface PushMessage {
  push_type: string;
  [field: string]: unknown;
}

export type PushHandler = (push: PushMessage, event: string) => void;

export type IoFactory = (uri: string, opts: Partial<ManagerOptions & SocketOptions>) => Socket;

/**
 * socket.io-client is fetched only when a client is created (a logged-in user): it stays out of every app's first
 * paint. A failed download is forgotten so the next connection attempt fetches it again.
 */
let ioPending: Promise<IoFactory> | null = null;

export function loadSocketIo(): Promise<IoFactory> {
  ioPending ??= import('socket.io-client').then(
    (module) => module.io,
    (error: unknown) => {
      ioPending = null;
      throw error;
    },
  );
  return ioPending;
}

export interface SocketClientOptions {
  /** Server origin; default: the page's own origin. */
  url?: string;
  path?: string;
  /** socket.io-client's `io`, replaceable for tests; when given, nothing is downloaded. */
  io?: IoFactory;
  /** How socket.io-client's `io` is fetched (default: a separate chunk, on first use). */
  loadIo?: () => Promise<IoFactory>;
  /** Called when socket.io-client could not be fetched; the policy then counts a failed attempt and retries. */
  onLoadError?: (error: unknown) => void;
  policy?: Partial<SocketPolicyConfig>;
  /** Start connecting right away (default true). */
  autoConnect?: boolean;
  /** Called on every Nth unexpected close, to find out why the connection keeps dropping. */
  onDetection?: (closes: number) => void;
  /** Called when the retry budget is spent; the next window focus starts over. */
  onGiveUp?: (retries: number) => void;
  /**
   * Called each time the server says a connection is ready (the first and every reconnection): pushes sent from then
   * on arrive, so whatever may have changed while there was none is read now.
   */
  onReady?: () => void;
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
  /** The socket.io socket; undefined until socket.io-client has been fetched. */
  readonly socket: Socket | undefined;
}

function isPush(value: unknown): value is PushMessage {
  return typeof value === 'object' && value !== null && typeof (value as { push_type?: unknown }).push_type === 'string';
}

/**
 * A socket.io connection driven by the spec's connection policy (see socket-policy.ts). socket.io's own
 * reconnection is switched off so that the retry budget and pacing live in one place. Pushes are recognised by
 * their `push_type` field whatever event name the server uses.
 *
 * socket.io-client itself is fetched when the client is created (unless `io` is given); a connection asked for
 * before it arrives is opened as soon as it does. A failed fetch leaves the attempt unconnected, so the policy's open
 * check counts it as a failed attempt and its retry fetches again.
 */
export function createSocketClient(options: SocketClientOptions = {}): SocketClient {
  const config: SocketPolicyConfig = { ...SOCKET_POLICY, ...options.policy };
  const url = options.url ?? (typeof window !== 'undefined' ? window.location.origin : '');

  let state: SocketPolicyState = initialSocketPolicyState;
  let socket: Socket | undefined;
  let loading = false;
  /** The policy asked to connect while socket.io-client was still on its way. */
  let connectWhenLoaded = false;
  let openCheck: ReturnType<typeof setTimeout> | undefined;
  const handlers = new Map<string, Set<PushHandler>>();

  const cancelOpenCheck = (): void => {
    if (openCheck !== undefined) clearTimeout(openCheck);
    openCheck = undefined;
  };

  function attach(makeIo: IoFactory): Socket {
    const created = makeIo(url, {
      path: options.path ?? '/socket.io',
      autoConnect: false,
      reconnection: false,
      withCredentials: true,
      // A websocket stays on the api process that accepted it, wherever a balancer sends it; long-polling (the
      // fallback when websockets are blocked) needs every request of a session to reach the same process.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      ...options.socketOptions,
    });
    created.on('connect', () => dispatch({ type: 'opened' }));
    created.on(SOCKET_READY_EVENT, () => options.onReady?.());
    created.on('disconnect', (reason) => {
      // Our own disconnects (close(), or tearing down a stuck attempt) are not failures.
      if (reason !== 'io client disconnect') dispatch({ type: 'closed' });
    });
    created.onAny((event: string, payload: unknown) => {
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
    socket = created;
    return created;
  }

  function ensureSocket(): void {
    if (socket || loading) return;
    if (options.io) {
      attach(options.io);
      return;
    }
    loading = true;
    (options.loadIo ?? loadSocketIo)().then(
      (makeIo) => {
        loading = false;
        const created = attach(makeIo);
        if (connectWhenLoaded && state.phase === 'connecting') created.connect();
        connectWhenLoaded = false;
      },
      (error: unknown) => {
        loading = false;
        connectWhenLoaded = false;
        options.onLoadError?.(error);
      },
    );
  }

  const perform = (action: SocketPolicyAction): void => {
    switch (action.type) {
      case 'connect':
        if (!socket) {
          connectWhenLoaded = true;
          ensureSocket();
          break;
        }
        // A half-open attempt may be stuck in "opening"; tear it down so the retry really dials again.
        if (!socket.connected) socket.disconnect();
        socket.connect();
        break;
      case 'scheduleOpenCheck':
        cancelOpenCheck();
        openCheck = setTimeout(() => {
          openCheck = undefined;
          dispatch({ type: 'openCheck', connected: socket?.connected ?? false });
        }, action.delayMs);
        break;
      case 'cancelOpenCheck':
        cancelOpenCheck();
        break;
      case 'ping':
        socket?.emit(SOCKET_PING_EVENT);
        break;
      case 'detect':
        options.onDetection?.(action.closes);
        break;
      case 'giveUp':
        options.onGiveUp?.(action.retries);
        break;
      case 'disconnect':
        connectWhenLoaded = false;
        socket?.disconnect();
        break;
    }
  };

  function dispatch(event: SocketPolicyEvent): void {
    const step = socketPolicyStep(state, event, config);
    state = step.state;
    for (const action of step.actions) perform(action);
  }

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
      return socket?.connected ?? false;
    },
    get state() {
      return state;
    },
    get socket() {
      return socket;
    },
  };

  // The download starts now even without autoConnect: whoever creates a client is about to use it.
  ensureSocket();
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
