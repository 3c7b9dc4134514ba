import { SOCKET_POLICY } from './constants';
import {
  initialSocketPolicyState,
  socketPolicyStep,
  type SocketPolicyAction,
  type SocketPolicyEvent,
  type SocketPolicyState,
} from './socket-policy';

function run(events: SocketPolicyEvent[], from: SocketPolicyState = initialSocketPolicyState) {
  let state = from;
  const actions: SocketPolicyAction[] = [];
  for (const e of events) {
    const step = socketPolicyStep(state, e);
    state = step.state;
    actions.push(...step.actions);
  }
  return { state, actions };
}

const types = (actions: SocketPolicyAction[]) => actions.map((a) => a.type);
const failedCheck: SocketPolicyEvent = { type: 'openCheck', connected: false };

describe('socket policy', () => {
  it('connects and schedules a 3 s open check on start', () => {
    const { state, actions } = run([{ type: 'start' }]);
    expect(state.phase).toBe('connecting');
    expect(actions).toEqual([{ type: 'connect' }, { type: 'scheduleOpenCheck', delayMs: SOCKET_POLICY.openCheckMs }]);
  });

  it('retries at most 10 times, then gives up', () => {
    const tenFailures = Array.from({ length: 10 }, () => failedCheck);
    const afterTen = run([{ type: 'start' }, ...tenFailures]);
    expect(afterTen.state).toMatchObject({ phase: 'connecting', retries: 10 });
    expect(types(afterTen.actions).filter((t) => t === 'connect')).toHaveLength(11);

    const last = socketPolicyStep(afterTen.state, failedCheck);
    expect(last.state.phase).toBe('gaveUp');
    expect(last.actions).toEqual([{ type: 'giveUp', retries: 10 }]);
    // Nothing more happens until the user comes back.
    expect(socketPolicyStep(last.state, failedCheck).actions).toEqual([]);
  });

  it('resets the retry budget on open', () => {
    const { state } = run([{ type: 'start' }, failedCheck, failedCheck, { type: 'opened' }]);
    expect(state).toMatchObject({ phase: 'open', retries: 0 });
  });

  it('treats a passing open check as open and ignores stale checks', () => {
    expect(run([{ type: 'start' }, { type: 'openCheck', connected: true }]).state.phase).toBe('open');
    const open = run([{ type: 'start' }, { type: 'opened' }]).state;
    expect(socketPolicyStep(open, failedCheck)).toEqual({ state: open, actions: [] });
  });

  it('reconnects after a close and calls detection on every 3rd close', () => {
    const cycle: SocketPolicyEvent[] = [{ type: 'closed' }, { type: 'opened' }];
    const { state, actions } = run([{ type: 'start' }, { type: 'opened' }, ...cycle, ...cycle, ...cycle, ...cycle, ...cycle, ...cycle]);
    expect(state.closes).toBe(6);
    expect(actions.filter((a) => a.type === 'detect')).toEqual([
      { type: 'detect', closes: 3 },
      { type: 'detect', closes: 6 },
    ]);
    expect(types(actions).filter((t) => t === 'connect')).toHaveLength(7);
  });

  it('pings on focus when open and reconnects on focus after giving up', () => {
    const open = run([{ type: 'start' }, { type: 'opened' }]).state;
    expect(socketPolicyStep(open, { type: 'focus' }).actions).toEqual([{ type: 'ping' }]);
    const gaveUp: SocketPolicyState = { phase: 'gaveUp', retries: 10, closes: 0 };
    const back = socketPolicyStep(gaveUp, { type: 'focus' });
    expect(back.state).toMatchObject({ phase: 'connecting', retries: 0 });
    expect(types(back.actions)).toEqual(['connect', 'scheduleOpenCheck']);
    // While an attempt is pending, focus waits for its open check.
    expect(socketPolicyStep(back.state, { type: 'focus' }).actions).toEqual([]);
  });

  it('stays stopped after stop until started again', () => {
    const stopped = run([{ type: 'start' }, { type: 'opened' }, { type: 'stop' }]);
    expect(stopped.state.phase).toBe('stopped');
    expect(types(stopped.actions).slice(-2)).toEqual(['cancelOpenCheck', 'disconnect']);
    expect(run([{ type: 'closed' }, { type: 'focus' }, failedCheck], stopped.state).actions).toEqual([]);
    expect(types(socketPolicyStep(stopped.state, { type: 'start' }).actions)).toEqual(['connect', 'scheduleOpenCheck']);
  });
});
