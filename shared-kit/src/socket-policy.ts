import { SOCKET_POLICY } from './constants';

/**
 * The websocket connection policy of spec section 9 as a pure state machine: at most 10 reconnection retries, an
 * open check 3 s after each attempt (not connected by then = one failed attempt, retry), reconnect or ping on window
 * focus, and a detection call on every 3rd unexpected close. The client feeds it events and performs the actions it
 * returns, so the policy is testable without a server or timers.
 */

export type SocketPhase = 'idle' | 'connecting' | 'open' | 'gaveUp' | 'stopped';

export interface SocketPolicyState {
  phase: SocketPhase;
  /** Retries made since the last successful open. */
  retries: number;
  /** Unexpected closes over the client's life. */
  closes: number;
}

export type SocketPolicyEvent =
  | { type: 'start' }
  | { type: 'opened' }
  | { type: 'openCheck'; connected: boolean }
  | { type: 'closed' }
  | { type: 'focus' }
  | { type: 'stop' };

export type SocketPolicyAction =
  | { type: 'connect' }
  | { type: 'scheduleOpenCheck'; delayMs: number }
  | { type: 'cancelOpenCheck' }
  | { type: 'ping' }
  | { type: 'detect'; closes: number }
  | { type: 'giveUp'; retries: number }
  | { type: 'disconnect' };

export interface SocketPolicyConfig {
  maxRetries: number;
  openCheckMs: number;
  detectionEveryNthClose: number;
}

export const initialSocketPolicyState: SocketPolicyState = { phase: 'idle', retries: 0, closes: 0 };

export interface SocketPolicyStep {
  state: SocketPolicyState;
  actions: SocketPolicyAction[];
}

function attempt(state: SocketPolicyState, config: SocketPolicyConfig): SocketPolicyStep {
  return {
    state: { ...state, phase: 'connecting' },
    actions: [{ type: 'connect' }, { type: 'scheduleOpenCheck', delayMs: config.openCheckMs }],
  };
}

/** One more retry, or give up when the budget is spent. */
function retry(state: SocketPolicyState, config: SocketPolicyConfig, before: SocketPolicyAction[] = []): SocketPolicyStep {
  if (state.retries >= config.maxRetries) {
    return {
      state: { ...state, phase: 'gaveUp' },
      actions: [...before, { type: 'giveUp', retries: state.retries }],
    };
  }
  const next = attempt({ ...state, retries: state.retries + 1 }, config);
  return { state: next.state, actions: [...before, ...next.actions] };
}

export function socketPolicyStep(
  state: SocketPolicyState,
  event: SocketPolicyEvent,
  config: SocketPolicyConfig = SOCKET_POLICY,
): SocketPolicyStep {
  const none: SocketPolicyStep = { state, actions: [] };
  if (state.phase === 'stopped' && event.type !== 'start') return none;

  switch (event.type) {
    case 'start':
      if (state.phase === 'connecting' || state.phase === 'open') return none;
      return attempt({ ...state, retries: 0 }, config);

    case 'opened':
      return { state: { ...state, phase: 'open', retries: 0 }, actions: [{ type: 'cancelOpenCheck' }] };

    case 'openCheck':
      // A check left over from an earlier attempt says nothing about the current one.
      if (state.phase !== 'connecting') return none;
      if (event.connected) return { state: { ...state, phase: 'open', retries: 0 }, actions: [] };
      return retry(state, config);

    case 'closed': {
      if (state.phase !== 'open') return none;
      const closes = state.closes + 1;
      const detect: SocketPolicyAction[] =
        closes % config.detectionEveryNthClose === 0 ? [{ type: 'detect', closes }] : [];
      return retry({ ...state, closes }, config, detect);
    }

    case 'focus':
      if (state.phase === 'open') return { state, actions: [{ type: 'ping' }] };
      // Focus is the user coming back: a spent budget starts afresh.
      if (state.phase === 'gaveUp') return attempt({ ...state, retries: 0 }, config);
      return none;

    case 'stop':
      return { state: { ...state, phase: 'stopped' }, actions: [{ type: 'cancelOpenCheck' }, { type: 'disconnect' }] };
  }
}
