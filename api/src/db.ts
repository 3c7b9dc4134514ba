import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedMongo, startEmbeddedMongoThread, type Logger as EmbeddedLogger } from 'embedded-mongo';
import type { Config } from './config';
import type { Logger } from './lib/logger';

/*
 * Query hardening for every model: filters are sanitised (a `$`-key in user-supplied filter values becomes a
 * literal match, not an operator) and unknown filter paths are dropped. Set once, before any model is compiled.
 */
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);
// Mongoose otherwise records a stack trace on every query, only to enrich a "query was already executed" error;
// with source maps on (tsx) that costs a few hundred microseconds per query on the chat path.
mongoose.set('skipOriginalStackTraces', true);

export const DB_NAME = 'storyverse';
/**
 * The replica set name of the embedded database when SOCKET_ADAPTER=mongo. Otherwise it runs standalone: a replica
 * set keeps every write's change event in memory, a cost only the mongo adapter's change stream needs.
 */
export const EMBEDDED_REPLICA_SET = 'rs0';

export interface Db {
  connection: mongoose.Connection;
  /** 'embedded' when the api runs its own embedded-mongo. */
  kind: 'external' | 'embedded';
  /** Where the database answers, database name included: other api processes of this machine connect here. */
  uri: string;
  /** True when the database answers a ping within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Closes mongoose and, when embedded, stops the server. */
  close(): Promise<void>;
}

/**
 * Connects the process-wide mongoose (models are registered on it) to MONGODB_URI, or to an embedded-mongo
 * started on an ephemeral loopback port with its files in `<dataDir>/mongo`. The embedded server runs on its own
 * worker thread unless `EMBEDDED_MONGO_THREAD=false`: its BSON, query and journal work then stays off the event loop
 * that serves requests and streams replies.
 */
export async function connectDb(config: Config, logger: Logger): Promise<Db> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let uri: string;
  if (config.mongodbUri) {
    uri = config.mongodbUri;
  } else {
    const dbPath = path.join(config.dataDir, 'mongo');
    const start = config.embeddedMongoThread ? startEmbeddedMongoThread : startEmbeddedMongo;
    // The mongo socket adapter reads a change stream, which only a replica set serves.
    const replSet = config.socketAdapter === 'mongo' ? EMBEDDED_REPLICA_SET : undefined;
    const embedded = await start({ dbPath, port: 0, host: '127.0.0.1', replSet, logger: embeddedLogger(logger) });
    stopEmbedded = () => embedded.stop();
    uri = `${embedded.uri}${DB_NAME}`;
    logger.info({ dbPath, port: embedded.port, thread: config.embeddedMongoThread, replSet }, 'embedded-mongo started');
  }
  try {
    // A real deployment names its database in the URI; the embedded server's URI names ours.
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 5000 });
  } catch (err) {
    await stopEmbedded?.();
    throw err;
  }
  logger.info({ kind: stopEmbedded ? 'embedded' : 'external' }, 'database connected');

  const connection = mongoose.connection;
  return {
    connection,
    kind: stopEmbedded ? 'embedded' : 'external',
    uri,
    async ping(timeoutMs = 1000) {
      const db = connection.db;
      if (connection.readyState !== mongoose.ConnectionStates.connected || !db) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([db.command({ ping: 1 }).then((r) => r.ok === 1), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await mongoose.disconnect();
      await stopEmbedded?.();
    },
  };
}

/**
 * The embedded server's own lines in the api's log. Its info lines (listening, compaction, stopped) are debug
 * here, since the api logs the start itself; its warnings and errors, a crashed worker thread among them, stay.
 */
function embeddedLogger(logger: Logger): EmbeddedLogger {
  const log = logger.child({ component: 'embedded-mongo' });
  return {
    info: (message) => log.debug(message),
    warn: (message) => log.warn(message),
    error: (message) => log.error(message),
  };
}
