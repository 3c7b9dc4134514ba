import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on an ephemeral loopback port; resolves with the port. */
export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Closes `server` and every connection it holds (keep-alive sockets included). */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
