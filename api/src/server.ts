import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { createApp, type AppDeps, type AppOptions, type CreatedApp } from './app';
import { setupWorker } from '@socket.io/sticky';
import { createRealtime, type Realtime, type ResolveUser, type SocketAdapter } from './realtime';

/**
 * Connections the kernel may hold for the api before it accepts them (capped by the system's somaxconn): a burst
 * of players connecting at once waits in the queue instead of having its connection attempts dropped and retried.
 */
export const LISTEN_BACKLOG = 4096;

export interface ServerDeps extends AppDeps {
  resolveUser?: ResolveUser;
  socketAdapter?: SocketAdapter;
  /**
   * A `node:cluster` worker behind the primary's sticky balancer: it does not listen, the primary hands it each
   * connection (see cluster.ts). A cluster worker without it listens as usual (node:cluster shares the port).
   */
  stickyWorker?: boolean;
}

export interface RunningServer extends CreatedApp {
  server: http.Server;
  realtime: Realtime;
  port: number;
  url: string;
  /** Stops accepting, disconnects sockets, lets in-flight requests finish, then force-closes what remains. */
  stop(deadlineMs?: number): Promise<void>;
}

/** HTTP + socket.io on one port. The database is the caller's: it is connected before and closed after. */
export async function startServer(
  config: Config,
  deps: ServerDeps,
  options: Omit<AppOptions, 'server'> = {},
): Promise<RunningServer> {
  const server = http.createServer();
  const created = createApp(config, deps, { ...options, server });
  const realtime = createRealtime(server, {
    events: deps.events,
    logger: deps.logger,
    origin: config.appOrigin,
    resolveUser: deps.resolveUser,
    adapter: deps.socketAdapter,
    polling: config.socketPolling,
  });

  created.calls.attach(realtime.io);
  // The plan queue sets itself up before the first request can queue a plan.
  await created.jobsReady;
  // A socket told `ready` must get every push written from then on, wherever it was emitted.
  await realtime.ready;
  let port = config.port;
  if (deps.stickyWorker) {
    setupWorker(realtime.io);
  } else {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port;
  }
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let stopping: Promise<void> | undefined;
  async function stop(deadlineMs = 5000): Promise<void> {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await realtime.close();
      // Keep-alive sockets with no request in flight would hold close() open until they time out.
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'deadline'>((resolve) => {
        timer = setTimeout(() => resolve('deadline'), deadlineMs);
      });
      const outcome = await Promise.race([closed.then(() => 'closed' as const), deadline]);
      clearTimeout(timer);
      if (outcome === 'deadline') {
        deps.logger.warn({ deadlineMs }, 'requests still open at the shutdown deadline; closing them');
        server.closeAllConnections();
        await closed;
      }
      await created.stopJobs();
    })();
    return stopping;
  }

  return { ...created, server, realtime, port, url: `http://${host}:${port}`, stop };
}
