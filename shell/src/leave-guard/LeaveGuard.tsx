import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
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
    blocker.proceed?.();
  }

  return (
    <ConfirmDialog title={t(copy.title)} initialFocus="confirm" onConfirm={confirm} onCancel={() => blocker.reset?.()}>
      {t(copy.body)}
    </ConfirmDialog>
  );
}
