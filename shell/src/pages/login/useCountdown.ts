import { useCallback, useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from 'shared-kit';

/**
 * Seconds left until a deadline, ticking every second (spec §9 countdown tick). Counting from a deadline rather than
 * decrementing keeps it right when the tab was in the background and timers were slowed.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) {
        clearInterval(timer);
        setDeadline(null);
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + Math.max(0, seconds) * 1000);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, start };
}
