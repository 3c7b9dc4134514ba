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
}

export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document | Promise<Document>;

export const MAX_BSON_SIZE = 16 * 1024 * 1024;
