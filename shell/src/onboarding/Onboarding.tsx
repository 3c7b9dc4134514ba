import { useState } from 'react';
import { isApiError, useSessionStore } from 'shared-kit';
import { messageForCode, uiMessage } from 'ui-kit';
import { useShellT } from '../i18n';
import { useAccount } from '../session/account';
import { AgeStep } from './AgeStep';
import { NicknameStep } from './NicknameStep';
import { confirmLogIn, saveNickname } from './onboardingApi';
import { STEPS, clearPendingStep, pendingStep, rememberStep, type Step } from './pendingStep';
import { TermsStep } from './TermsStep';

/** Where to start: the step left before a reload, unless the server says age and terms are owed again. */
function firstStep(uid: string | undefined, needConfirm: boolean): { step: Step; isAdult: boolean } {
  const pending = pendingStep(uid);
  if (!pending || (needConfirm && pending.step === 'nickname')) return { step: 'age', isAdult: true };
  return { step: pending.step, isAdult: pending.isAdult ?? true };
}

function messageOf(error: unknown): string {
  return isApiError(error) ? messageForCode(error.code, error.statusMessage) : uiMessage('requestFailed');
}

/**
 * The first-sign-in steps (spec §1, §2 player-app screens): age, terms and privacy, then nickname. The first two are
 * recorded together by `log_in_confirm` when the terms are agreed to.
 */
export function Onboarding({
  onDone,
  onShellError,
}: {
  onDone: () => void;
  /** Returns true when the shell reacted to the error itself (region block, ban, session gone). */
  onShellError: (error: unknown) => boolean;
}) {
  const { t } = useShellT();
  const nickname = useSessionStore((s) => s.user?.user_nick ?? '');
  const uid = useSessionStore((s) => s.user?.uid);
  const needConfirm = useAccount((s) => s.needConfirm);
  const [start] = useState(() => firstStep(uid, needConfirm));
  const [step, setStepState] = useState<Step>(start.step);
  const [isAdult, setIsAdult] = useState(start.isAdult);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function setStep(next: Step, adult = isAdult) {
    if (uid) rememberStep({ uid, step: next, isAdult: adult });
    setStepState(next);
  }

  function done() {
    clearPendingStep();
    onDone();
  }

  async function run(action: () => Promise<void>, then: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      then();
    } catch (e) {
      if (!onShellError(e)) setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="onboarding">
      <p className="onboarding__progress">
        {t('onboarding.progress', { step: STEPS.indexOf(step) + 1, total: STEPS.length })}
      </p>
      {step === 'age' ? (
        <AgeStep
          onAnswer={(adult) => {
            setIsAdult(adult);
            setStep('terms', adult);
          }}
        />
      ) : null}
      {step === 'terms' ? (
        <TermsStep
          busy={busy}
          error={error}
          onAgree={() =>
            void run(
              () => confirmLogIn(isAdult),
              () => setStep('nickname'),
            )
          }
        />
      ) : null}
      {step === 'nickname' ? (
        <NicknameStep
          initial={nickname}
          busy={busy}
          error={error}
          onSave={(name) => void run(() => saveNickname(name), done)}
          onSkip={done}
        />
      ) : null}
    </div>
  );
}
