import { createAdapter as createClusterAdapter } from '@socket.io/cluster-adapter';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Logger } from '../lib/logger';
import { createOrderedMongoAdapter } from './mongoAdapter';

export type SocketAdapter = Parameters<Server['adapter']>[0] & { ready?: Promise<void> };

/** The capped collection the mongo adapter passes packets through; old packets fall off its end. */
export const ADAPTER_COLLECTION = 'socket.io-adapter-events';
const ADAPTER_COLLECTION_BYTES = 1_000_000;
const NAMESPACE_EXISTS = 48;

/** Raised when SOCKET_ADAPTER=mongo meets a database that cannot serve change streams. */
export class NotAReplicaSetError extends Error {}

/**
 * How a push emitted in this process reaches a user's sockets held by other api processes: through MongoDB (any
 * machine; change streams need a replica set), through the cluster's primary when this is a `node:cluster` worker,
 * or not at all (one process, socket.io's in-memory adapter). A standalone database is refused at start: its pushes
 * would silently never leave the process that emitted them.
 */
export async function socketAdapter(config: Config, db: Db, clusterWorker: boolean, logger: Logger): Promise<SocketAdapter | undefined> {
  if (config.socketAdapter === 'mongo') {
    const database = db.connection.db;
    if (!database) throw new Error('the mongo socket adapter needs a connected database');
    const hello = await database.admin().command({ hello: 1 });
    if (typeof hello.setName !== 'string') {
      throw new NotAReplicaSetError(
        'SOCKET_ADAPTER=mongo needs MongoDB as a replica set (change streams): start mongod or embedded-mongo with --replSet <name>, or leave MONGODB_URI unset so the api starts its own',
      );
    }
    try {
      await database.createCollection(ADAPTER_COLLECTION, { capped: true, size: ADAPTER_COLLECTION_BYTES });
    } catch (err) {
      if ((err as { code?: unknown }).code !== NAMESPACE_EXISTS) throw err;
    }
    return createOrderedMongoAdapter(database.collection(ADAPTER_COLLECTION), logger.child({ component: 'socket-adapter' }));
  }
  return clusterWorker ? createClusterAdapter() : undefined;
}
