import type { Document } from 'bson';
import type { Logger } from '../logger';
import type { Engine } from '../storage/engine';
import type { CursorManager } from './cursors';
import type { SessionCache } from './sessions';

export interface CommandContext {
  engine: Engine;
  cursors: CursorManager;
  sessions: SessionCache;
  logger: Logger;
  connectionId: number;
  /** The database the command targets (`$db`). */
  db: string;
  /** Set when the server answers as the one member of a replica set (`replSet` option). */
  replSet?: ReplicaSetMember;
}

/** The replica set this server is the only member (and primary) of, as the client connected to it sees it. */
export interface ReplicaSetMember {
  name: string;
  /** `host:port` the client reached this server at, the set's one host. */
  me: string;
}

export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document | Promise<Document>;

export const MAX_BSON_SIZE = 16 * 1024 * 1024;
