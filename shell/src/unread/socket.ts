import { PushType, createSocketClient, type SocketClient, type SocketClientOptions } from 'shared-kit';
import { inboxStore, refreshInboxUnread } from './inbox';
import { opsPushOf, pushBannerStore } from './pushBanner';
import { unreadStore } from './store';

/** Pushes that mean something new is waiting in My Story (spec §7). */
export const UNREAD_PUSH_TYPES: readonly string[] = [PushType.StoryReview, PushType.BotReview, PushType.Plan];

export type SocketFactory = (options?: SocketClientOptions) => SocketClient;

/**
 * Opens the push connection for a logged-in user and marks My Story unread on review and plan pushes, and the
 * inbox unread on its pushes.
 * Returns the teardown, which unsubscribes and closes the connection.
 */
export function connectUnreadSocket(factory: SocketFactory = createSocketClient): () => void {
  const client = factory({
    autoConnect: true,
    // The socket library is fetched on first use; without it the dot simply stays off, and the client retries.
    onLoadError: (error) => console.error('push connection: the socket library could not be loaded', error),
  });
  const offs = UNREAD_PUSH_TYPES.map((type) => client.on(type, () => unreadStore.getState().mark()));
  // A new line in the people inbox carries the count of unread lines.
  offs.push(
    client.on(PushType.InnerPush, (push) => {
      if (typeof push.unread === 'number') inboxStore.getState().set(push.unread);
      // Mail to everyone carries no count: each reader asks for its own.
      else void refreshInboxUnread();
    }),
  );
  // The team's pushes, whatever their channel, show as a banner under the header.
  offs.push(
    client.on('*', (push) => {
      const ops = opsPushOf(push);
      if (ops) pushBannerStore.getState().show(ops);
    }),
  );
  return () => {
    for (const off of offs) off();
    client.close();
  };
}
