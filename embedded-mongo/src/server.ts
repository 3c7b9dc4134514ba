import net from 'node:net';
import type { Document } from 'bson';
import { runCommand } from './commands';
import type { CommandContext } from './commands/context';
import { CursorManager } from './commands/cursors';
import { SessionCache } from './commands/sessions';
import { MongoServerError, toServerError } from './errors';
import { consoleLogger, type Logger } from './logger';
import { Engine } from './storage/engine';
import { sweepExpired } from './storage/ttl';
import { MessageSplitter, OP_MSG, OP_QUERY, readHeader } from './wire/framing';
import { FLAG_CHECKSUM_PRESENT, FLAG_MORE_TO_COME, buildOpMsg, parseOpMsg } from './wire/opMsg';
import { buildOpReply, parseOpQuery } from './wire/opQuery';

export interface EmbeddedMongoOptions {
  /** Data folder; omitted means in memory only. */
  dbPath?: string;
  /** TCP port; 0 picks a free one. */
  port?: number;
  host?: string;
  logger?: Logger;
  /** How often expired TTL documents are removed (ms). */
  ttlIntervalMs?: number;
  /** Cursors idle this long are closed (ms). */
  cursorTimeoutMs?: number;
  /** Journal size that triggers compaction into a snapshot (bytes). */
  compactBytes?: number;
  /**
   * Answer as the primary of a one-member replica set of this name (as `mongod --replSet NAME`), so drivers treat
   * the deployment as a replica set; omitted, the server is a standalone.
   */
  replSet?: string;
  /**
   * With `replSet` and a data folder: the cap of the oplog files that keep change events for resuming streams
   * across a restart (bytes, default 32 MB); older events are dropped (a resume before them: 286 history lost).
   */
  oplogBytes?: number;
}

export interface EmbeddedMongo {
  uri: string;
  port: number;
  host: string;
  stop(): Promise<void>;
}

/** `host:port` a client reached this server at: the replica set member's address as that client must see it. */
function memberAddress(socket: net.Socket): string {
  const local = socket.localAddress ?? '127.0.0.1';
  const port = socket.localPort ?? 0;
  const host = local.startsWith('::ffff:') ? local.slice(7) : local;
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts a MongoDB wire-protocol server on loopback that MongoDB drivers and mongoose connect to as a standalone. */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? consoleLogger();
  const changeStreams = options.replSet !== undefined && options.replSet !== '';
  const engine = new Engine({ dbPath: options.dbPath, logger, compactBytes: options.compactBytes, changeStreams, oplogBytes: options.oplogBytes });
  engine.open();
  const cursors = new CursorManager(options.cursorTimeoutMs ?? 10 * 60 * 1000);
  const sessions = new SessionCache();
  const sockets = new Set<net.Socket>();
  let nextConnectionId = 1;

  const ttlTimer = setInterval(() => {
    try {
      if (sweepExpired(engine) > 0) engine.flush().catch((err: unknown) => logger.error(`TTL flush failed: ${String(err)}`));
    } catch (err) {
      logger.error(`TTL sweep failed: ${String(err)}`);
    }
  }, options.ttlIntervalMs ?? 5000);
  ttlTimer.unref();

  /** Set when stop() begins: a connection accepted from then on is closed at once, and no more commands run. */
  let stopping = false;
  const server = net.createServer((socket) => {
    if (stopping) {
      // Accepted while stopping (a client reconnecting the moment its connection closed): without this it would
      // stay open unanswered after the server is gone, and the client would wait on it until its own timeout.
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.setNoDelay(true);
    const connectionId = nextConnectionId++;
    const splitter = new MessageSplitter();
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = splitter.push(chunk);
      } catch (err) {
        logger.warn(`closing connection ${connectionId}: ${String(err)}`);
        socket.destroy();
        return;
      }
      for (const msg of messages) {
        queue = queue
          .then(() => handleMessage(msg, connectionId, socket))
          .catch((err: unknown) => {
            // A reply that could not be sent: close the connection rather than leave the client waiting on it.
            logger.warn(`closing connection ${connectionId}: ${String(err)}`);
            socket.destroy();
          });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  async function handleMessage(msg: Buffer, connectionId: number, socket: net.Socket): Promise<void> {
    if (stopping) {
      socket.destroy();
      return;
    }
    const header = readHeader(msg);
    const replSet = options.replSet ? { name: options.replSet, me: memberAddress(socket) } : undefined;
    const ctxFor = (db: string): CommandContext => ({ engine, cursors, sessions, logger, connectionId, db, replSet });
    if (header.opCode === OP_QUERY) {
      let reply: Document;
      try {
        const { fullCollectionName, query } = parseOpQuery(msg);
        const db = fullCollectionName.endsWith('.$cmd') ? fullCollectionName.slice(0, -5) : 'admin';
        reply = await runCommand(query, ctxFor(db));
      } catch (err) {
        reply = toServerError(err).toDocument();
      }
      if (!socket.destroyed) socket.write(buildOpReply(header.requestId, reply));
      return;
    }
    if (header.opCode !== OP_MSG) {
      logger.warn(`closing connection ${connectionId}: unsupported opCode ${header.opCode}`);
      socket.destroy();
      return;
    }
    let flags = 0;
    let reply: Document;
    try {
      const parsed = parseOpMsg(msg);
      flags = parsed.flags;
      const db = parsed.command.$db;
      if (typeof db !== 'string' || !db) throw new MongoServerError('FailedToParse', "OP_MSG requests require a $db argument");
      reply = await runCommand(parsed.command, ctxFor(db));
    } catch (err) {
      const serverErr = toServerError(err);
      if (serverErr.codeName === 'InternalError' && !(err instanceof MongoServerError)) {
        logger.warn(`command failed on connection ${connectionId}: ${serverErr.message}`);
      }
      reply = serverErr.toDocument();
    }
    if (flags & FLAG_MORE_TO_COME) return;
    if (!socket.destroyed) socket.write(buildOpMsg(header.requestId, reply, (flags & FLAG_CHECKSUM_PRESENT) !== 0));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (err: unknown) => {
    clearInterval(ttlTimer);
    cursors.close();
    await engine.close();
    throw err;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  logger.info(`listening on ${host}:${port}${options.dbPath ? ` with data in ${options.dbPath}` : ' (in memory)'}`);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      stopping = true;
      clearInterval(ttlTimer);
      // Change streams' waiting getMores answer now instead of holding the stop up.
      engine.changes.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      cursors.close();
      await engine.close();
      logger.info('stopped');
    })();
    return stopped;
  };
  const uriHost = host.includes(':') ? `[${host}]` : host;
  return { uri: `mongodb://${uriHost}:${port}/`, port, host, stop };
}
