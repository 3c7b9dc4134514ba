import { createSocketClient, type SocketClient, type SocketClientOptions } from 'shared-kit';

/**
 * A push connection of a page's own (the shell's carries the person's unread dot and banners), for what the page
 * follows while it is open; the page closes it when it no longer needs it.
 */
export function openPushes(options: SocketClientOptions): SocketClient {
  return createSocketClient(options);
}
