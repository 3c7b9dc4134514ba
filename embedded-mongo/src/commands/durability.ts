import type { Document } from 'bson';
import type { CommandContext } from './context';

/** A write concern that waives the journal: `j: false` (acknowledged once applied, as MongoDB does). */
function journalWaived(cmd: Document): boolean {
  const concern = cmd.writeConcern as { j?: unknown } | undefined;
  return concern !== null && typeof concern === 'object' && concern.j === false;
}

/**
 * Makes the changes a write command applied durable, as its write concern asks. By default the reply waits until
 * an fdatasync of the journal covers them. With `j: false` it goes at once: the changes are already written to
 * the journal file, in order, and the next fdatasync covers them, so a later write acknowledged as durable makes
 * them durable too. A journal failure after such a reply is logged (and every later write is refused).
 */
export async function commitWrites(cmd: Document, ctx: CommandContext): Promise<void> {
  const durable = ctx.engine.flush();
  if (!journalWaived(cmd)) return durable;
  durable.catch((err: unknown) => ctx.logger.error(`journal write of a j:false write failed: ${String(err)}`));
}
