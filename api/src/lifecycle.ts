import type { Logger } from './lib/logger';

/** Everything must be closed within this, or the process exits non-zero rather than hang a deploy. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs `stop` once on SIGINT or SIGTERM (or when the returned function is called), after `started` has settled so
 * that nothing is left half-open, then exits: 0 when it finished within the deadline, 1 otherwise. A failed start
 * is logged, `stop` runs, and the process exits 1.
 */
export function exitOnShutdown(logger: Logger, started: Promise<unknown>, stop: () => Promise<void>): (reason: string) => void {
  let shuttingDown = false;
  async function shutdown(reason: string, code: number): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      await started.catch(() => undefined);
      await stop();
      logger.info('shutdown complete');
      process.exit(code);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  started.catch((err: unknown) => {
    logger.fatal({ err }, 'startup failed');
    void shutdown('startup failed', 1);
  });
  return (reason) => void shutdown(reason, 0);
}
