import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { INBOX_PATH, WORKS_PATH } from '../header/destinations';
import { inboxStore, refreshInboxUnread } from './inbox';
import { connectUnreadSocket, type SocketFactory } from './socket';
import { unreadStore } from './store';

/**
 * Keeps the My Story and inbox dots in step: connects the push socket while logged in, and clears a dot when the
 * user opens the works list or the inbox.
 */
export function useUnreadSync(factory?: SocketFactory): void {
  const status = useSessionStore((s) => s.status);
  const { pathname } = useLocation();

  useEffect(() => {
    if (status !== 'user') return undefined;
    void refreshInboxUnread();
    try {
      return connectUnreadSocket(factory);
    } catch (error) {
      // Without pushes the dot simply stays off; the rest of the app must not fail with it.
      console.error('push connection could not start', error);
      return undefined;
    }
  }, [status, factory]);

  useEffect(() => {
    if (pathname === WORKS_PATH || pathname.startsWith(`${WORKS_PATH}/`)) unreadStore.getState().clear();
    // The inbox page marks what it shows read.
    if (pathname === INBOX_PATH) inboxStore.getState().set(0);
  }, [pathname]);

  useEffect(() => {
    if (status === 'guest') {
      unreadStore.getState().clear();
      inboxStore.getState().set(0);
    }
  }, [status]);
}
