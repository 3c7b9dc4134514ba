import { ConfigError, describeConfig, loadConfig, type Config } from './config';
import { connectDb, type Db } from './db';
import { createLogger } from './lib/logger';
import { createEventBus } from './realtime/events';
import { startServer, type RunningServer } from './server';
import { seedAccounts } from './seed/accounts';
import { seedStories } from './seed/stories';
import { uidFromCookieHeader } from './modules/passport/session.service';

/** Everything must be closed within this, or the process exits non-zero rather than hang a deploy. */
const SHUTDOWN_DEADLINE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function main(): void {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  logger.info({ config: describeConfig(config) }, 'starting');

  let db: Db | undefined;
  let running: RunningServer | undefined;

  const started = (async () => {
    db = await connectDb(config, logger);
    if (config.nodeEnv !== 'test') {
      await seedAccounts(logger);
      // A newcomer can play at once: the demo creator's stories, published and reviewed (skipped once present).
      await seedStories({ config, logger });
    }
    running = await startServer(config, {
      logger,
      db,
      events: createEventBus(logger),
      // Sockets join their user's room from the same session cookie as HTTP.
      resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
    });
    logger.info({ port: running.port, host: config.host, url: running.url }, 'listening');
  })();

  let shuttingDown = false;
  async function shutdown(signal: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      // A signal during startup waits for it, so the embedded database is never left half-open.
      await started.catch(() => undefined);
      await running?.stop(SHUTDOWN_DEADLINE_MS / 2);
      await db?.close();
      logger.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  started.catch(async (err: unknown) => {
    logger.fatal({ err }, 'startup failed');
    await db?.close().catch(() => undefined);
    process.exit(1);
  });
}

main();
