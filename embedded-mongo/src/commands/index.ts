import type { Document } from 'bson';
import { fail } from '../errors';
import { adminCommands } from './admin';
import type { CommandContext, CommandHandler } from './context';
import { explainCommands } from './explain';
import { findAndModifyCommands } from './findAndModify';
import { handshakeCommands } from './handshake';
import { indexCommands } from './indexes';
import { readCommands } from './read';
import { sessionCommands } from './sessions';
import { writeCommands } from './write';
import { commitWrites } from './durability';

const registry = new Map<string, CommandHandler>(
  Object.entries({ ...handshakeCommands, ...adminCommands, ...indexCommands, ...writeCommands, ...readCommands, ...findAndModifyCommands, ...sessionCommands, ...explainCommands }),
);

/** Runs one command document; the command name is its first field. Errors are thrown as MongoServerError. */
export async function runCommand(cmd: Document, ctx: CommandContext): Promise<Document> {
  const name = Object.keys(cmd)[0];
  if (!name) fail('FailedToParse', 'empty command');
  const handler = registry.get(name) ?? registry.get(name.toLowerCase() === 'ismaster' ? 'isMaster' : name);
  if (!handler) fail('CommandNotFound', `no such command: '${name}'`);
  ctx.sessions.touch(cmd.lsid);
  ctx.engine.commandCounts.set(name, (ctx.engine.commandCounts.get(name) ?? 0) + 1);
  try {
    return await handler(cmd, ctx);
  } finally {
    // A failed command may have applied part of its writes (ordered batches stop midway): make those durable too.
    await commitWrites(cmd, ctx);
  }
}
