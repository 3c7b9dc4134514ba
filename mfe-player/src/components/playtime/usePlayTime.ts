import { useEffect, useState } from 'react';
import { ErrorCode, PushType, createSocketClient, unwrap, useSessionStore, type Envelope, type PlayTime, type SocketClient } from 'shared-kit';
import { apiClient } from '../../api/client';

const BASE = '/tyler/user';

export function fetchPlayTime(): Promise<PlayTime> {
  return unwrap(apiClient.get<Envelope<PlayTime>>(`${BASE}/anti_addiction/status`, { silent: true }));
}

function sendTick(playId: string | undefined): Promise<PlayTime> {
  return unwrap(apiClient.post<Envelope<PlayTime>>(`${BASE}/online_tick`, playId ? { play_id: playId } : {}, { silent: true }));
}

export interface PlayTimeView {
  state: PlayTime | null;
  /** Play (or the feed) is closed until `reopensAt`. */
  refused: boolean;
  reopensAt: string | null;
  /** The pre-warning: the end is near (`closesAt`); `curfew` when it is the allowed hours that end, not the allowance. */
  warning: { closesAt: string; curfew: boolean } | null;
}

/** The refusal a play or feed call answered with (1020702, 1020501), as the time it reopens; null for other errors. */
export function reopensAtOf(error: unknown): string | null {
  const e = error as { code?: number; data?: { reopens_at?: unknown } } | null;
  if (!e || (e.code !== ErrorCode.AntiAddictionBan && e.code !== ErrorCode.FeedNotInAllowedTime)) return null;
  return typeof e.data?.reopens_at === 'string' ? e.data.reopens_at : null;
}

/**
 * A signed-in account's play time (anti-addiction): read when the screen opens; with `tick`, an `online_tick` every
 * `tick_ms` while the page is visible (the server counts at most one per tick, whichever device sends it); the
 * AntiAddiction pushes (pre-warning, ban, unban) and the clock at `reopens_at` move it on without a reload.
 */
export function usePlayTime({ tick, playId }: { tick: boolean; playId?: string }): PlayTimeView {
  const signedIn = useSessionStore((s) => s.status === 'user');
  const [state, setState] = useState<PlayTime | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!signedIn) {
      setState(null);
      return undefined;
    }
    let stop = false;
    fetchPlayTime().then(
      (s) => !stop && setState(s),
      () => undefined,
    );
    return () => {
      stop = true;
    };
  }, [signedIn]);

  const limited = state?.limited === true;
  const allowed = state?.allowed !== false;
  const tickMs = state?.tick_ms ?? 60_000;

  // The ticks, while this screen is open, visible and play is allowed.
  useEffect(() => {
    if (!tick || !limited || !allowed) return undefined;
    let stop = false;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      sendTick(playId).then(
        (s) => !stop && setState(s),
        (error: unknown) => {
          const reopens = reopensAtOf(error);
          if (!stop && reopens) setState((p) => (p ? { ...p, allowed: false, reopens_at: reopens, closes_at: null } : p));
        },
      );
    }, tickMs);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [tick, limited, allowed, tickMs, playId]);

  // The pushes: the same account's other devices and api processes tell this screen too.
  useEffect(() => {
    if (!signedIn || !limited) return undefined;
    let client: SocketClient;
    try {
      client = createSocketClient({ autoConnect: true, onLoadError: () => undefined });
    } catch {
      return undefined;
    }
    const off = client.on(PushType.AntiAddiction, (push) => {
      const code = push.status_code;
      if (code === ErrorCode.AntiAddictionBan && typeof push.reopens_at === 'string') {
        const reopens = push.reopens_at;
        // The ban push: the day's allowance used up (by a tick), or the allowed hours ended (`reason: 'hours'`).
        const hours = push.reason === 'hours';
        setState((p) => (p ? { ...p, used_ms: hours ? p.used_ms : Math.max(p.used_ms, p.allowance_ms), allowed: false, reopens_at: reopens, closes_at: null } : p));
      } else if (code === ErrorCode.AntiAddictionPreWarning && typeof push.closes_at === 'string') {
        const closes = push.closes_at;
        setState((p) => (p ? { ...p, closes_at: closes } : p));
        setNow(Date.now());
      } else if (code === ErrorCode.AntiAddictionUnban) {
        void fetchPlayTime().then(setState, () => undefined);
      }
    });
    return () => {
      off();
      client.close();
    };
  }, [signedIn, limited]);

  // The clock: the warning's minutes count down, and at `reopens_at` the status is read again.
  const reopensAt = state && !state.allowed ? state.reopens_at : null;
  useEffect(() => {
    if (!limited) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [limited]);
  useEffect(() => {
    if (!reopensAt) return undefined;
    const wait = Math.max(1_000, Date.parse(reopensAt) - Date.now() + 1_000);
    const timer = window.setTimeout(() => void fetchPlayTime().then(setState, () => undefined), Math.min(wait, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [reopensAt]);

  if (!state || !state.limited) return { state, refused: false, reopensAt: null, warning: null };
  if (!state.allowed) return { state, refused: true, reopensAt: state.reopens_at, warning: null };
  const closesAt = state.closes_at;
  const left = closesAt ? Date.parse(closesAt) - now : Infinity;
  const warning =
    closesAt && left <= state.warn_ms ? { closesAt, curfew: state.allowance_ms - state.used_ms > left + state.tick_ms } : null;
  return { state, refused: false, reopensAt: null, warning };
}
