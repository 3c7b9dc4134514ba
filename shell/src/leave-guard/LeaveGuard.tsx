import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate, type BlockerFunction, type Location } from 'react-router';
import { ConfirmDialog } from 'ui-kit';
import { useShellT } from '../i18n';
import { leaveDecision, type LeaveDecision } from './decision';
import { leaveGuardStore } from './store';

function decide(from: string, to: string): LeaveDecision {
  const dirty = leaveGuardStore.getState().dirty();
  if (dirty.length === 0) return 'allow';
  const modeSwitchPaths = dirty.flatMap((r) => r.modeSwitchPaths ?? []);
  return leaveDecision(from, to, modeSwitchPaths);
}

/** The question for each kind of leave: keys of the shell namespace. */
const COPY: Record<Exclude<LeaveDecision, 'allow'>, { title: string; body: string }> = {
  'mode-switch': { title: 'leave.modeSwitchTitle', body: 'leave.modeSwitchText' },
  quit: { title: 'leave.quitTitle', body: 'leave.quitText' },
};

/**
 * Asks before in-app navigation leaves an editor with unsaved changes, and makes the browser warn on reload or tab
 * close. Editors opt in through `leaveGuardStore` (or `window.__SHELL__.leaveGuard` from a remote).
 * Must render inside a data router: `useBlocker` needs one.
 */
export function LeaveGuard() {
  const { t } = useShellT();
  // The blocker function sees both locations; remember its verdict so the dialog shows the matching question.
  const lastDecision = useRef<LeaveDecision>('allow');
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    lastDecision.current = decide(currentLocation.pathname, nextLocation.pathname);
    return lastDecision.current !== 'allow';
  }, []);
  const blocker = useBlocker(shouldBlock);
  const navigate = useNavigate();
  // The leave the user asked for while the question is open. If another navigation ends the block without an
  // answer (a new story's first save moves its URL to its id), that leave is asked for again rather than lost:
  // it goes through when nothing is unsaved any more, or asks once more.
  const pending = useRef<Location | null>(null);
  useEffect(() => {
    if (blocker.state === 'blocked') {
      pending.current = blocker.location;
      return;
    }
    const leave = pending.current;
    pending.current = null;
    if (blocker.state === 'unblocked' && leave) {
      void navigate({ pathname: leave.pathname, search: leave.search, hash: leave.hash }, { state: leave.state });
    }
  }, [blocker.state, blocker.location, navigate]);

  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (leaveGuardStore.getState().dirty().length === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  if (blocker.state !== 'blocked') return null;

  const kind = lastDecision.current;
  const copy = COPY[kind === 'allow' ? 'quit' : kind];

  function confirm() {
    for (const registration of leaveGuardStore.getState().dirty()) {
      try {
        registration.onConfirm();
      } catch (error) {
        console.error(`leave guard "${registration.id}": onConfirm failed`, error);
      }
    }
    pending.current = null;
    blocker.proceed?.();
  }

  function cancel() {
    pending.current = null;
    blocker.reset?.();
  }

  return (
    <ConfirmDialog title={t(copy.title)} initialFocus="confirm" onConfirm={confirm} onCancel={cancel}>
      {t(copy.body)}
    </ConfirmDialog>
  );
}
