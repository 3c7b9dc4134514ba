import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Logger } from '../lib/logger';
import { PROCESS_NAME } from '../lib/processName';
import type { SocketAdapter } from './adapter';
import type { DomainEventName, EventBus } from './events';
import { PUSH_RULES, type Push, type PushTarget } from './pushes';

export type { Push } from './pushes';
export { socketAdapter, type SocketAdapter } from './adapter';
export { createEventBus, type DomainEvents, type EventBus } from './events';

export const SOCKET_PATH = '/socket.io';

/** Decides who a connecting socket belongs to; null means anonymous (no user room). */
export type ResolveUser = (socket: Socket) => string | null | Promise<string | null>;

export interface RealtimeOptions {
  events: EventBus;
  logger: Logger;
  /** Allowed browser origin for the socket handshake. */
  origin: string;
  /** Until accounts exist every socket is anonymous; the accounts work plugs its session lookup in here. */
  resolveUser?: ResolveUser;
  /** Reaches sockets held by other api processes (see adapter.ts); socket.io's in-memory adapter when absent. */
  adapter?: SocketAdapter;
  /** Accept long-polling as well as websockets (the default). */
  polling?: boolean;
}

export interface Realtime {
  io: Server;
  /** Settles once pushes from other api processes reach this one's sockets (the adapter's change stream is open). */
  ready: Promise<void>;
  /** Sends a push to every socket of one user. */
  emitToUser(uid: string, push: Push): void;
  /** Disconnects this process's sockets (not other processes') and stops listening to domain events. */
  close(): Promise<void>;
}

export const userRoom = (uid: string): string => `user:${uid}`;
/** Every signed-in socket: operators' pushes and mail to everyone. */
export const USERS_ROOM = 'users';
/** Sockets of everyone with a story's page open, signed in or not: they get its like and comment counts. */
export const storyRoom = (storyId: string): string => `story:${storyId}`;

/** At most this many stories per socket (a feed's cards on screen). */
export const MAX_WATCHED_STORIES = 100;

/**
 * The stories a socket asked to watch in its handshake: `?watch_story=<id>` (a story's page) or `<id>,<id>,…` (the
 * cards of a feed); anything not an id is ignored, and past MAX_WATCHED_STORIES the rest.
 */
function watchedStories(socket: Socket): string[] {
  const value = socket.handshake.query.watch_story;
  if (typeof value !== 'string' || value.length > MAX_WATCHED_STORIES * 26) return [];
  const ids = value.split(',').filter((id) => /^\d{1,24}$/.test(id));
  return [...new Set(ids)].slice(0, MAX_WATCHED_STORIES);
}

export function createRealtime(server: HttpServer, options: RealtimeOptions): Realtime {
  const { events, logger, origin, resolveUser = () => null, adapter, polling = true } = options;
  const transports = polling ? (['polling', 'websocket'] as const) : (['websocket'] as const);
  const io = new Server(server, { path: SOCKET_PATH, cors: { origin, credentials: true }, serveClient: false, adapter, transports: [...transports] });

  io.on('connection', (socket) => {
    void (async () => {
      try {
        const stories = watchedStories(socket);
        if (stories.length > 0) await socket.join(stories.map(storyRoom));
        const uid = await resolveUser(socket);
        if (uid) await socket.join([userRoom(uid), USERS_ROOM]);
        socket.emit('ready', { user: uid !== null, process: PROCESS_NAME });
      } catch (err) {
        logger.warn({ err }, 'socket identity lookup failed; disconnecting');
        socket.disconnect(true);
      }
    })();
  });

  function emitToUser(uid: string, push: Push): void {
    io.to(userRoom(uid)).emit('push', push);
  }

  const unsubscribe = (Object.keys(PUSH_RULES) as DomainEventName[]).map((name) =>
    events.on(name, (payload) => {
      const rule = PUSH_RULES[name] as (e: typeof payload) => PushTarget;
      const target = rule(payload);
      if ('uid' in target) emitToUser(target.uid, target.push);
      else if ('uids' in target) {
        if (target.uids.length > 0) io.to(target.uids.map(userRoom)).emit('push', target.push);
      } else if ('everyone' in target) io.to(USERS_ROOM).emit('push', target.push);
      else io.to(storyRoom(target.story_id)).emit('push', target.push);
    }),
  );

  return {
    io,
    ready: adapter?.ready ?? Promise.resolve(),
    emitToUser,
    async close() {
      for (const off of unsubscribe) off();
      // `local`: without it the adapter passes the disconnect on to every other api process's sockets too.
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      // Not io.close(): that also closes the HTTP server, which its owner shuts down in its own order.
      io.engine.close();
    },
  };
}
