import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from 'shared-kit';
import { owesNickname } from '../../onboarding/pendingStep';
import { useAccount } from '../../session/account';
import { takeRememberedPath } from '../../session/returnPath';

/**
 * What a sign-in page shows once someone is signed in: the first-sign-in steps while the server still wants the age
 * and terms confirmation (and until they are finished, nickname included), otherwise a replace-navigation to the
 * remembered path. Nothing happens until `ready` (a page may first have its own work to do).
 */
export function useSignedInFlow(ready = true): { onboarding: boolean; finish: () => void } {
  const status = useSessionStore((s) => s.status);
  const uid = useSessionStore((s) => s.user?.uid);
  // The server asks for age and terms; the nickname step that follows is remembered across a reload.
  const needConfirm = useAccount((s) => s.needConfirm) || owesNickname(uid);
  const [started, setStarted] = useState(false);
  const navigate = useNavigate();
  const left = useRef(false);
  const onboarding = started || (ready && status === 'user' && needConfirm);

  useEffect(() => {
    // Sticky: confirming the terms clears the server's need_confirm, but the nickname step still follows.
    if (ready && status === 'user' && needConfirm) setStarted(true);
  }, [ready, status, needConfirm]);

  function finish() {
    // StrictMode runs effects twice; the remembered path is read and cleared once.
    if (left.current) return;
    left.current = true;
    void navigate(takeRememberedPath(), { replace: true });
  }

  useEffect(() => {
    if (ready && status === 'user' && !onboarding) finish();
  });

  return { onboarding, finish };
}
