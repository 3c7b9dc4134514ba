import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupPrimary as setupAdapterPrimary } from '@socket.io/cluster-adapter';
import { setupMaster as setupStickyPrimary } from '@socket.io/sticky';
import type { Config } from './config';
import { connectDb, type Db } from './db';
import { exitOnShutdown, SHUTDOWN_DEADLINE_MS } from './lifecycle';
import type { Logger } from './lib/logger';
import { seed } from './seed';
import { LISTEN_BACKLOG } from './server';

/** What a worker tells the primary once it serves. */
const READY = 'api:ready';

/**
 * The primary of `API_WORKERS=N`: it starts the embedded database when no MONGODB_URI is set (every worker connects
 * to it over loopback TCP), seeds, forks N workers and, once they are ready, listens on the api's port. socket.io's
 * sticky balancer hands each connection to a worker (round robin; a polling socket.io client always to the worker
 * holding its session); with SOCKET_POLLING=false the workers listen themselves and node:cluster hands them whole
 * connections. The cluster adapter relays pushes between workers. A worker that dies is replaced; SIGTERM or SIGINT
 * stops the listener, then every worker (each shuts down gracefully), then the database.
 */
export function runPrimary(config: Config, logger: Logger): void {
  // Structured clone over the IPC channel: request and response bytes relayed by the balancer stay Buffers.
  cluster.setupPrimary({ serialization: 'advanced' });
  setupAdapterPrimary();
  // Without long-polling, node:cluster itself hands each connection to a worker (round robin), whole.
  const server = config.socketPolling ? http.createServer() : null;
  if (server) setupStickyPrimary(server, { loadBalancingMethod: 'round-robin' });

  let db: Db | undefined;
  let stopping = false;
  const exits = new Map<Worker, Promise<void>>();

  function fork(uri: string): Worker {
    const worker = cluster.fork({ MONGODB_URI: uri });
    exits.set(worker, new Promise((resolve) => worker.once('exit', () => resolve())));
    return worker;
  }

  const started = (async () => {
    db = await connectDb(config, logger);
    await seed(config, logger);
    const uri = db.uri;
    const workers = Array.from({ length: config.workers }, () => fork(uri));
    const ports = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<number>((resolve, reject) => {
            worker.on('message', (message: { type?: string; port?: number }) => {
              if (message?.type === READY) resolve(message.port ?? config.port);
            });
            worker.once('exit', (code) => reject(new Error(`worker ${worker.process.pid} exited (${code}) while starting`)));
          }),
      ),
    );
    // Only once every worker serves, so that nothing is refused for want of a worker.
    if (server) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    }
    cluster.on('exit', (worker, code, signal) => {
      exits.delete(worker);
      if (stopping) return;
      logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
      fork(uri);
    });
    const port = server ? (server.address() as AddressInfo).port : (ports[0] ?? config.port);
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const pids = workers.map((w) => w.process.pid);
    logger.info({ port, host, url: `http://${host}:${port}`, workers: pids }, 'workers listening');
  })();

  exitOnShutdown(logger, started, async () => {
    stopping = true;
    server?.close();
    for (const worker of exits.keys()) if (!worker.isDead()) worker.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_DEADLINE_MS - 1000);
    });
    await Promise.race([Promise.all(exits.values()), deadline]);
    clearTimeout(timer);
    for (const worker of exits.keys()) if (!worker.isDead()) worker.process.kill('SIGKILL');
    await db?.close();
  });
}
