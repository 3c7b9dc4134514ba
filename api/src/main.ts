import cluster from 'node:cluster';
import { ConfigError, describeConfig, loadConfig, type Config } from './config';
import { runPrimary } from './cluster';
import { connectDb, type Db } from './db';
import { exitOnShutdown, SHUTDOWN_DEADLINE_MS } from './lifecycle';
import { createLogger, type Logger } from './lib/logger';
import { createEventBus } from './realtime/events';
import { socketAdapter } from './realtime/adapter';
import { startServer, type RunningServer } from './server';
import { seed } from './seed';
import { uidFromCookieHeader } from './modules/passport/session.service';

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

/** One api process: this one alone, or a worker of the cluster's primary (which seeded and owns the port). */
function runServer(config: Config, logger: Logger, clusterWorker: boolean): void {
  let db: Db | undefined;
  let running: RunningServer | undefined;

  const started = (async () => {
    db = await connectDb(config, logger);
    if (!clusterWorker) await seed(config, logger);
    running = await startServer(config, {
      logger,
      db,
      events: createEventBus(logger),
      // Sockets join their user's room from the same session cookie as HTTP.
      resolveUser: (socket) => uidFromCookieHeader(socket.handshake.headers.cookie, Date.now()),
      socketAdapter: await socketAdapter(config, db, clusterWorker, logger),
      stickyWorker: clusterWorker && config.socketPolling,
    });
    if (clusterWorker) {
      logger.info({ pid: process.pid }, 'worker ready');
      process.send?.({ type: 'api:ready', port: running.port });
    } else {
      logger.info({ port: running.port, host: config.host, url: running.url }, 'listening');
    }
  })();

  const shutdown = exitOnShutdown(logger, started, async () => {
    await running?.stop(SHUTDOWN_DEADLINE_MS / 2);
    await db?.close();
  });
  // A worker whose primary is gone has no one to hand it connections.
  if (clusterWorker) process.once('disconnect', () => shutdown('primary gone'));
}

function main(): void {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel }).child(cluster.isWorker ? { worker: process.pid } : {});
  if (config.workers > 1 && cluster.isPrimary) {
    logger.info({ config: describeConfig(config) }, 'starting');
    runPrimary(config, logger);
  } else {
    if (cluster.isPrimary) logger.info({ config: describeConfig(config) }, 'starting');
    runServer(config, logger, cluster.isWorker);
  }
}

main();
