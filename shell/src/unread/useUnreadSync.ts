import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { WORKS_PATH } from '../header/destinations';
import { connectUnreadSocket, type SocketFactory } from './socket';
import { unreadStore } from './store';

/**
 * Keeps the My Story dot in step: connects the push socket while logged in, and clears the dot when the user opens
 * the works list.
 */
export function useUnreadSync(factory?: SocketFactory): void {
  const status = useSessionStore((s) => s.status);
  const { pathname } = useLocation();

  useEffect(() => {
    if (status !== 'user') return undefined;
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
  }, [pathname]);

  useEffect(() => {
    if (status === 'guest') unreadStore.getState().clear();
  }, [status]);
}
