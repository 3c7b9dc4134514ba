import { createAdapter as createClusterAdapter } from '@socket.io/cluster-adapter';
import { createAdapter as createMongoAdapter } from '@socket.io/mongo-adapter';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db';

export type SocketAdapter = Parameters<Server['adapter']>[0];

/** The capped collection the mongo adapter passes packets through; old packets fall off its end. */
export const ADAPTER_COLLECTION = 'socket.io-adapter-events';
const ADAPTER_COLLECTION_BYTES = 1_000_000;
const NAMESPACE_EXISTS = 48;

/**
 * How a push emitted in this process reaches a user's sockets held by other api processes: through MongoDB (any
 * machine; change streams need a replica set), through the cluster's primary when this is a `node:cluster` worker,
 * or not at all (one process, socket.io's in-memory adapter).
 */
export async function socketAdapter(config: Config, db: Db, clusterWorker: boolean): Promise<SocketAdapter | undefined> {
  if (config.socketAdapter === 'mongo') {
    const database = db.connection.db;
    if (!database) throw new Error('the mongo socket adapter needs a connected database');
    try {
      await database.createCollection(ADAPTER_COLLECTION, { capped: true, size: ADAPTER_COLLECTION_BYTES });
    } catch (err) {
      if ((err as { code?: unknown }).code !== NAMESPACE_EXISTS) throw err;
    }
    return createMongoAdapter(database.collection(ADAPTER_COLLECTION));
  }
  return clusterWorker ? createClusterAdapter() : undefined;
}
