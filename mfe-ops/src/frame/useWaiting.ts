import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchWaiting } from '../services/console.service';
import type { QueueName } from './nav';

/** How often the badges ask again while the console is open. */
export const WAITING_POLL_MS = 30_000;

export type Waiting = Partial<Record<QueueName, number>>;

/**
 * The queues' waiting counts, kept live: read when the console opens, on every page change (a decision moves the
 * operator on), when the window gets focus back, and every half minute. A failed read keeps the last counts.
 */
export function useWaiting(enabled: boolean): Waiting {
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState<Waiting>({});
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const read = () => {
      void (async () => {
        const counts = await fetchWaiting();
        if (live && counts) setWaiting(counts);
      })().catch(() => undefined);
    };
    read();
    const timer = setInterval(read, WAITING_POLL_MS);
    const onFocus = () => read();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, pathname]);
  return waiting;
}
